/**
 * Map, higher-order and struct functions (spec 9.13.7, 9.13.8, 9.13.9) and grouping_id (9.13.12):
 * Teckel documents using them, each output equal to an independent DuckDB
 * SQL statement written by hand over the same file; a lambda of the wrong shape is V-009, a
 * struct field that is not there an E_TYPE naming the call, and danfo refuses the nested-value
 * functions with V-014 while it computes grouping_id as DuckDB does.
 */
import { openTeckelHarness, selectByIdDocument, varcharRows, type TeckelHarness } from '../__fixtures__/teckel-harness';

// Row 1 ordinary values, row 2 empty arrays and a NULL entry, row 3 NULLs.
const EVENTS = [
  '{"id": 1, "ks": ["a", "b"], "vs": [1, 2], "xs": [1, 2, 3], "ys": [10, 20], "addr": {"city": "Oslo", "zip": 150}, "es": [{"key": "x", "value": 1}, {"key": "y", "value": 2}]}',
  '{"id": 2, "ks": [], "vs": [], "xs": [], "ys": [5], "addr": {"city": null, "zip": 7}, "es": [{"key": "x", "value": 1}, null]}',
  '{"id": 3, "ks": null, "vs": [3], "xs": null, "ys": [], "addr": null, "es": null}',
  '',
].join('\n');

const SALES = 'region,product,amount\nEU,pen,10\nEU,ink,5\nUS,pen,7\n,pen,1\n';

interface Example {
  readonly name: string;
  readonly columns: readonly string[];
  /** Maps keep their type only in parquet (JSON writes them as objects). */
  readonly output: 'json' | 'parquet';
  /** The same columns in hand-written DuckDB SQL over the table `events`. */
  readonly sql: string;
}

const EXAMPLES: Example[] = [
  {
    name: 'map functions',
    columns: [
      'id',
      'map_from_arrays(ks, vs) AS m',
      'map_keys(map_from_arrays(ks, vs)) AS k',
      'map_values(map_from_arrays(ks, vs)) AS v',
      'map_entries(map_from_arrays(ks, vs)) AS e',
      "map_concat(map_from_arrays(ks, vs), map('b', 0)) AS cat",
      'map_from_entries(es) AS fe',
    ],
    output: 'parquet',
    // A NULL entry makes map_from_entries NULL (Spark), and map_concat is NULL for a NULL map.
    sql: `SELECT id, MAP(ks, vs), map_keys(MAP(ks, vs)), map_values(MAP(ks, vs)), map_entries(MAP(ks, vs)),
      CASE WHEN ks IS NULL THEN NULL ELSE map_concat(MAP(ks, vs), MAP {'b': 0::BIGINT}) END,
      CASE WHEN list_count(es) < len(es) THEN NULL ELSE map_from_entries(es) END
      FROM events ORDER BY id`,
  },
  {
    name: 'higher-order functions over maps and arrays',
    columns: [
      'id',
      'transform_keys(map_from_arrays(ks, vs), (k, v) -> upper(k)) AS tk',
      "transform_values(map => map_from_arrays(ks, vs), func => (k, v) -> v * 10) AS tv",
      'map_filter(map_from_arrays(ks, vs), (k, v) -> v > 1) AS mf',
      'zip_with(xs, ys, (x, y) -> x * y) AS products',
      'forall(xs, x -> x > 1) AS all_big',
    ],
    output: 'parquet',
    // No element of xs or ys is NULL, so forall is a plain AND (true for an empty array).
    sql: `SELECT id, map_from_entries(list_transform(map_entries(MAP(ks, vs)), lambda e: {'key': upper(e.key), 'value': e.value})),
      map_from_entries(list_transform(map_entries(MAP(ks, vs)), lambda e: {'key': e.key, 'value': e.value * 10})),
      map_from_entries(list_filter(map_entries(MAP(ks, vs)), lambda e: e.value > 1)),
      CASE WHEN xs IS NULL OR ys IS NULL THEN NULL ELSE list_transform(list_zip(xs, ys), lambda p: struct_extract_at(p, 1) * struct_extract_at(p, 2)) END,
      CASE WHEN xs IS NULL THEN NULL ELSE coalesce(list_bool_and(list_transform(xs, lambda x: x > 1)), true) END
      FROM events ORDER BY id`,
  },
  {
    name: 'struct functions',
    columns: ['id', "with_field(addr, 'zip', id) AS replaced", "with_field(addr, 'country', 'NO') AS added", "drop_fields(addr, 'city') AS dropped"],
    output: 'json',
    sql: `SELECT id, CASE WHEN addr IS NULL THEN NULL ELSE {'city': addr.city, 'zip': id} END,
      CASE WHEN addr IS NULL THEN NULL ELSE struct_insert(addr, country := 'NO') END,
      CASE WHEN addr IS NULL THEN NULL ELSE {'zip': addr.zip} END
      FROM events ORDER BY id`,
  },
];

const document = (columns: readonly string[], out: string, format: string): string =>
  selectByIdDocument({ name: 'events', format: 'json', path: 'events.json' }, columns, { format, path: out });

function rollupDocument(out: string): string {
  return [
    'version: "3.0"',
    'input:',
    '  - name: sales',
    '    format: csv',
    '    path: sales.csv',
    'transformation:',
    '  - name: totals',
    '    rollup:',
    '      from: sales',
    '      by: [region, product]',
    '      agg: ["count(*) AS n", "grouping_id(region, product) AS gid", "grouping_id(product) AS gp"]',
    'output:',
    '  - name: totals',
    '    format: csv',
    `    path: ${out}`,
    '    mode: overwrite',
  ].join('\n');
}

let h: TeckelHarness;

const rows = (sql: string): Promise<string[]> => varcharRows(h.duck, sql);

beforeAll(async () => {
  h = await openTeckelHarness();
  h.root.write('events.json', EVENTS);
  h.root.write('sales.csv', SALES);
  await h.duck.run(`CREATE TABLE events AS SELECT * FROM read_json('${h.abs('events.json')}')`);
  await h.duck.run(`CREATE TABLE sales AS SELECT * FROM read_csv('${h.abs('sales.csv')}')`);
});

afterAll(() => h?.close());

describe('map, higher-order and struct functions on duckdb', () => {
  it.each(EXAMPLES.map((e) => [e.name, e] as const))('%s', async (_name, example) => {
    const out = `out/${example.name.replace(/\W+/g, '-')}.${example.output}`;
    await h.run(document(example.columns, out, example.output), 'duckdb');
    const file = h.abs(out);
    const written = await rows(example.output === 'json' ? `SELECT * FROM read_json('${file}')` : `SELECT * FROM read_parquet('${file}')`);
    expect(written).toEqual(await rows(example.sql));
    expect(written).toHaveLength(3);
  });

  it('refuses a map lambda of one parameter with V-009 before a job is accepted', () => {
    expect(h.refusal(document(['id', 'map_filter(map_from_arrays(ks, vs), k -> true) AS m'], 'out/never.json', 'json'), 'duckdb')).toBe(
      'V-009: asset "computed": columns[1]: the lambda of map_filter takes 2 parameters, got 1 at column 37',
    );
  });

  it('fails a run dropping a field the struct does not have with E_TYPE naming the call', async () => {
    const yaml = document(['id', "drop_fields(addr, 'country') AS d"], 'out/never.json', 'json');
    expect(await h.failure(yaml, 'duckdb')).toContain("drop_fields cannot drop field \"country\": struct<city:string,zip:long> has no such field (fields: city, zip): drop_fields(addr, 'country')");
  });
});

describe('map functions on danfo', () => {
  it('are refused with V-014 before a job is accepted', () => {
    expect(h.refusal(document(EXAMPLES[0]?.columns ?? [], 'out/never.parquet', 'parquet'), 'danfo')).toBe(
      'V-014: asset "computed": function "map_from_arrays" is not supported by backend "danfo"',
    );
  });
});

describe.each(['duckdb', 'danfo'] as const)('grouping_id on %s', (backend) => {
  it('gives the bits of the keys each rollup row leaves out, as DuckDB grouping() does', async () => {
    const out = `out/${backend}-grouping-id.csv`;
    await h.run(rollupDocument(out), backend);
    const written = await rows(`SELECT * FROM read_csv('${h.abs(out)}', all_varchar = true)`);
    const expected = await rows('SELECT region, product, count(*), grouping(region, product), grouping(product) FROM sales GROUP BY ROLLUP (region, product)');
    // The document fixes the order of the rows; the hand-written statement does not.
    expect([...written].sort()).toEqual([...expected].sort());
    expect(written).toHaveLength(8);
  });
});
