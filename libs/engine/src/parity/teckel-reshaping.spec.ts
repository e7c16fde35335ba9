/**
 * The reshaping kinds of the Teckel specification (8.16 pivot, 8.17 unpivot, 8.23 rollup, 8.24
 * cube, 8.41 transpose, 8.42 groupingSets, 8.43 describe, 8.44 crosstab) as Teckel documents:
 * each output, in its defined row order, equals an independent DuckDB
 * statement written by hand over the same files. Every example runs on DuckDB, and on danfo too
 * where danfo runs the kind.
 */
import { openTeckelHarness, type TeckelHarness } from '../__fixtures__/teckel-harness';

const FILES: Record<string, string> = {
  metrics: ['id,day,cpu,mem', '1,2024-01-01,0.5,2', '2,2024-01-02,,4', '3,2024-01-03,0.25,', ''].join('\n'),
  sales: ['region,product,amount,quarter', 'EU,A,100,Q1', 'EU,B,50,Q2', 'US,A,70,Q1', 'US,C,30,Q2', ',A,5,Q1', 'EU,A,,Q2', 'US,A,20,Q2', ''].join('\n'),
};

interface Example {
  readonly name: string;
  /** The transformation entries (Teckel shape, indented two spaces); `last` is written out. */
  readonly steps: string;
  readonly last: string;
  /** The same rows, in the same order, in hand-written DuckDB SQL over one table per file. */
  readonly sql: string;
  /** The backends that run the example (both unless said). */
  readonly backends?: readonly ('duckdb' | 'danfo')[];
}

const EXAMPLES: Example[] = [
  {
    name: 'groupingSets, the spec example (8.42)',
    steps:
      '  - name: salesReport\n    groupingSets:\n      from: sales\n      sets:\n        - [region, product]\n        - [region]\n        - [product]\n        - []\n      agg:\n        - "sum(amount) as total"\n        - "count(1) as cnt"\n',
    last: 'salesReport',
    sql: [
      'SELECT region, product, total, cnt FROM (',
      '  SELECT 1 AS s, region, product, sum(amount) AS total, count(1) AS cnt FROM sales GROUP BY region, product',
      '  UNION ALL SELECT 2, region, NULL, sum(amount), count(1) FROM sales GROUP BY region',
      '  UNION ALL SELECT 3, NULL, product, sum(amount), count(1) FROM sales GROUP BY product',
      '  UNION ALL SELECT 4, NULL, NULL, sum(amount), count(1) FROM sales',
      ') ORDER BY s, region NULLS LAST, product NULLS LAST',
    ].join('\n'),
  },
  {
    name: 'rollup by [region, product] (8.23), grouping() telling subtotals from NULL regions',
    steps: '  - name: subtotals\n    rollup:\n      from: sales\n      by: [region, product]\n      agg:\n        - "sum(amount) as total"\n        - "grouping(region) as all_regions"\n',
    last: 'subtotals',
    sql: [
      'SELECT region, product, total, all_regions FROM (',
      '  SELECT 1 AS s, region, product, sum(amount) AS total, 0 AS all_regions FROM sales GROUP BY region, product',
      '  UNION ALL SELECT 2, region, NULL, sum(amount), 0 FROM sales GROUP BY region',
      '  UNION ALL SELECT 3, NULL, NULL, sum(amount), 1 FROM sales',
      ') ORDER BY s, region NULLS LAST, product NULLS LAST',
    ].join('\n'),
  },
  {
    name: 'cube by [region, quarter] (8.24)',
    steps: '  - name: cubed\n    cube:\n      from: sales\n      by: [region, quarter]\n      agg: ["count(*) as n", "max(amount) as top"]\n',
    last: 'cubed',
    sql: [
      'SELECT region, quarter, n, top FROM (',
      '  SELECT 1 AS s, region, quarter, count(*) AS n, max(amount) AS top FROM sales GROUP BY region, quarter',
      '  UNION ALL SELECT 2, region, NULL, count(*), max(amount) FROM sales GROUP BY region',
      '  UNION ALL SELECT 3, NULL, quarter, count(*), max(amount) FROM sales GROUP BY quarter',
      '  UNION ALL SELECT 4, NULL, NULL, count(*), max(amount) FROM sales',
      ') ORDER BY s, region NULLS LAST, quarter NULLS LAST',
    ].join('\n'),
  },
  {
    name: 'unpivot (8.17): ids kept, one row per value column, NULLs kept',
    steps: '  - name: long\n    unpivot:\n      from: metrics\n      ids: [id, day]\n      values: [cpu, mem]\n      variableColumn: metric\n      valueColumn: value\n',
    last: 'long',
    sql: [
      'SELECT id, day, metric, value FROM (',
      "  SELECT id, day, 'cpu' AS metric, cpu AS value, 1 AS k FROM metrics",
      "  UNION ALL SELECT id, day, 'mem', CAST(mem AS DOUBLE), 2 FROM metrics",
      ') ORDER BY id, k',
    ].join('\n'),
  },
  {
    name: 'pivot, the spec example (8.16): written values, one aggregate, columns named by value',
    steps: '  - name: salesPivot\n    pivot:\n      from: sales\n      groupBy: [region]\n      pivotColumn: product\n      values: ["A", "B", "C"]\n      agg:\n        - "sum(amount)"\n',
    last: 'salesPivot',
    sql: [
      'SELECT region,',
      "  sum(amount) FILTER (WHERE product = 'A') AS \"A\",",
      "  sum(amount) FILTER (WHERE product = 'B') AS \"B\",",
      "  sum(amount) FILTER (WHERE product = 'C') AS \"C\"",
      'FROM sales GROUP BY region ORDER BY region NULLS LAST',
    ].join('\n'),
  },
  {
    name: 'pivot without values (decisions 7): distinct values ascending, <value>_<alias> for several aggregates',
    steps: '  - name: byQuarter\n    pivot:\n      from: sales\n      groupBy: [region]\n      pivotColumn: quarter\n      agg: ["sum(amount) as total", "count(*) as n"]\n',
    last: 'byQuarter',
    sql: [
      'SELECT region,',
      "  sum(amount) FILTER (WHERE quarter = 'Q1') AS Q1_total, count(*) FILTER (WHERE quarter = 'Q1') AS Q1_n,",
      "  sum(amount) FILTER (WHERE quarter = 'Q2') AS Q2_total, count(*) FILTER (WHERE quarter = 'Q2') AS Q2_n",
      'FROM sales GROUP BY region ORDER BY region NULLS LAST',
    ].join('\n'),
  },
  {
    name: 'crosstab (8.44): region values as rows, product values as columns, counts',
    steps: '  - name: freq\n    crosstab:\n      from: sales\n      col1: region\n      col2: product\n',
    last: 'freq',
    sql: [
      'SELECT region AS region_product,',
      "  count(*) FILTER (WHERE product = 'A') AS \"A\", count(*) FILTER (WHERE product = 'B') AS \"B\", count(*) FILTER (WHERE product = 'C') AS \"C\"",
      'FROM sales GROUP BY region ORDER BY region NULLS LAST',
    ].join('\n'),
  },
  {
    name: 'describe (8.43): every numeric column, every statistic, a summary column',
    steps: '  - name: stats\n    describe:\n      from: metrics\n',
    last: 'stats',
    sql: [
      'SELECT summary, a AS id, b AS cpu, c AS mem FROM (',
      "  SELECT 1 AS k, 'count' AS summary, count(id)::DOUBLE AS a, count(cpu)::DOUBLE AS b, count(mem)::DOUBLE AS c FROM metrics",
      "  UNION ALL SELECT 2, 'mean', avg(id), avg(cpu), avg(mem) FROM metrics",
      "  UNION ALL SELECT 3, 'stddev', stddev_samp(id), stddev_samp(cpu), stddev_samp(mem) FROM metrics",
      "  UNION ALL SELECT 4, 'min', min(id), min(cpu), min(mem) FROM metrics",
      "  UNION ALL SELECT 5, 'max', max(id), max(cpu), max(mem) FROM metrics",
      "  UNION ALL SELECT 6, '25%', quantile_cont(id, 0.25), quantile_cont(cpu, 0.25), quantile_cont(mem, 0.25) FROM metrics",
      "  UNION ALL SELECT 7, '50%', quantile_cont(id, 0.5), quantile_cont(cpu, 0.5), quantile_cont(mem, 0.5) FROM metrics",
      "  UNION ALL SELECT 8, '75%', quantile_cont(id, 0.75), quantile_cont(cpu, 0.75), quantile_cont(mem, 0.75) FROM metrics",
      ') ORDER BY k',
    ].join('\n'),
  },
  {
    name: 'transpose (8.41): non-index columns as rows, rows as columns named by the index',
    steps: '  - name: flipped\n    transpose:\n      from: metrics\n      indexColumns: [day]\n',
    last: 'flipped',
    sql: [
      'SELECT "column", "2024-01-01", "2024-01-02", "2024-01-03" FROM (',
      "  SELECT 1 AS k, 'id' AS \"column\", (SELECT id FROM metrics WHERE id = 1)::DOUBLE AS \"2024-01-01\", (SELECT id FROM metrics WHERE id = 2)::DOUBLE AS \"2024-01-02\", (SELECT id FROM metrics WHERE id = 3)::DOUBLE AS \"2024-01-03\"",
      "  UNION ALL SELECT 2, 'cpu', (SELECT cpu FROM metrics WHERE id = 1), (SELECT cpu FROM metrics WHERE id = 2), (SELECT cpu FROM metrics WHERE id = 3)",
      "  UNION ALL SELECT 3, 'mem', (SELECT mem FROM metrics WHERE id = 1), (SELECT mem FROM metrics WHERE id = 2), (SELECT mem FROM metrics WHERE id = 3)",
      ') ORDER BY k',
    ].join('\n'),
  },
];

function teckelDocument(example: Example, out: string): string {
  return [
    'version: "3.0"',
    'input:',
    ...Object.keys(FILES).flatMap((name) => [`  - name: ${name}`, '    format: csv', `    path: ${name}.csv`]),
    'transformation:',
    example.steps.trimEnd(),
    'output:',
    `  - name: ${example.last}`,
    '    format: csv',
    `    path: ${out}`,
    '    mode: overwrite',
  ].join('\n');
}

let h: TeckelHarness;

/** The header and rows of `sql` as texts (`EU|A|100`), NULL as empty, in the statement's order. */
async function table(sql: string): Promise<string[]> {
  const reader = await h.duck.runAndReadAll(sql);
  const rows = (reader.getRowsJson() as unknown[][]).map((r) => r.map((v) => (v === null ? '' : String(v))).join('|'));
  return [reader.columnNames().join('|'), ...rows];
}

beforeAll(async () => {
  h = await openTeckelHarness();
  for (const [name, text] of Object.entries(FILES)) {
    h.root.write(`${name}.csv`, text);
    await h.duck.run(`CREATE TABLE ${name} AS SELECT * FROM read_csv('${h.abs(`${name}.csv`)}')`);
  }
});

afterAll(() => h?.close());

describe.each(['duckdb', 'danfo'] as const)('reshaping examples on %s', (backend) => {
  const examples = EXAMPLES.filter((e) => (e.backends ?? ['duckdb', 'danfo']).includes(backend));
  it.each(examples.map((e) => [e.name, e] as const))('%s', async (_name, example) => {
    const out = `out/${backend}-${EXAMPLES.indexOf(example)}.csv`;
    await h.run(teckelDocument(example, out), backend);
    const written = await table(`SELECT * FROM read_csv('${h.abs(out)}')`);
    const expected = await table(`SELECT * FROM (${example.sql})`);
    expect(written).toEqual(expected);
    expect(written.length).toBeGreaterThan(2);
  });
});
