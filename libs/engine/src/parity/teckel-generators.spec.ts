/**
 * Generators (spec 9.13.7 explode, explode_outer, posexplode; 9.13.10 json_tuple): a Teckel
 * document (reading a parquet file with an array, a map and JSON text) turns each input row into the rows a select entry (or an
 * addColumns expression) yields, in input order then element order, with no ordering step after
 * it; each output equals an independent DuckDB SQL statement written by hand over the same file.
 * A misplaced generator is V-009 and danfo refuses them with V-014, before the job is accepted.
 */
import { openTeckelHarness, varcharRows, type TeckelHarness } from '../__fixtures__/teckel-harness';
import type { BackendName } from '../index';

const ORDERS = [
  '{"id": 3, "skus": ["c3", "a1"], "qty": {"c3": 1, "a1": 4}, "meta": "{\\"channel\\": \\"web\\", \\"coupon\\": {\\"pct\\": 10}}"}',
  '{"id": 1, "skus": [], "qty": null, "meta": "not json"}',
  '{"id": 2, "skus": null, "qty": {"b2": 2}, "meta": "{\\"channel\\": \\"shop\\"}"}',
  '{"id": 4, "skus": ["d4"], "qty": {}, "meta": null}',
  '',
].join('\n');

/** One transformation (unindented Teckel entries) over `orders`, written as JSON from `last`. */
function document(transformation: string, last: string, out: string): string {
  return `version: "3.0"\ninput:\n  - name: orders\n    format: parquet\n    path: orders.parquet\ntransformation:\n${transformation.replace(/^/gm, '  ')}\noutput:\n  - name: ${last}\n    format: json\n    path: ${out}\n    mode: overwrite\n`;
}

const select = (columns: readonly string[]): string => `- name: shaped\n  select:\n    from: orders\n    columns:\n${columns.map((c) => `      - ${JSON.stringify(c)}`).join('\n')}`;

interface Example {
  readonly name: string;
  readonly transformation: string;
  /** The same rows in hand-written DuckDB SQL over the table `orders` (file order kept in `n`). */
  readonly sql: string;
}

const EXAMPLES: Example[] = [
  {
    name: 'explode and explode_outer of an array',
    transformation: `${select(['id', 'explode(skus) AS sku'])}\n- name: outer\n  select:\n    from: orders\n    columns: ["id", "explode_outer(skus)"]\n- name: both\n  union:\n    sources: [shaped, outer]\n    byName: false`,
    // The union keeps the first source's rows, then the second's.
    sql: `SELECT id, sku FROM (
        SELECT 1 AS part, n, i, id, sku FROM (SELECT n, id, unnest(skus) AS sku, generate_subscripts(skus, 1) AS i FROM orders)
        UNION ALL
        SELECT 2, o.n, u.i, o.id, u.col FROM orders o, LATERAL (SELECT unnest(CASE WHEN len(o.skus) > 0 THEN o.skus ELSE [NULL] END) AS col, generate_subscripts(CASE WHEN len(o.skus) > 0 THEN o.skus ELSE [NULL] END, 1) AS i) u
      ) ORDER BY part, n, i`,
  },
  {
    name: 'posexplode of a map',
    transformation: select(['posexplode(qty) AS (p, sku, n)', 'id']),
    sql: `SELECT (i - 1)::INTEGER, map_keys(qty)[i], map_values(qty)[i], id FROM orders, LATERAL (SELECT unnest(range(1, cardinality(qty)::BIGINT + 1)) AS i) ORDER BY n, i`,
  },
  {
    name: 'json_tuple',
    transformation: select(['id', "json_tuple(meta, 'channel', 'coupon', 'none')"]),
    sql: `SELECT id, CASE WHEN json_valid(meta) THEN meta->>'$.channel' END, CASE WHEN json_valid(meta) THEN json_extract(meta, '$.coupon')::VARCHAR END, NULL FROM orders ORDER BY n`,
  },
  {
    name: 'explode in addColumns',
    transformation: `- name: shaped\n  addColumns:\n    from: orders\n    columns:\n      - { name: skus, expression: "explode(skus)" }\n      - { name: big, expression: "upper(skus)" }\n- name: slim\n  select: { from: shaped, columns: [id, skus, big] }`,
    sql: `SELECT id, sku, upper(sku) FROM (SELECT n, id, unnest(skus) AS sku, generate_subscripts(skus, 1) AS i, qty, meta FROM orders) ORDER BY n, i`,
  },
];

let h: TeckelHarness;

const rows = (sql: string): Promise<string[]> => varcharRows(h.duck, sql);

const refusal = (yaml: string, backend: BackendName = 'duckdb'): string | undefined => h.refusal(yaml, backend);

beforeAll(async () => {
  h = await openTeckelHarness();
  h.root.write('orders.json', ORDERS);
  // A map column needs parquet (JSON objects read as structs); n: the row's place in the file, the order the engine keeps.
  const json = h.abs('orders.json');
  await h.duck.run(`CREATE TABLE source AS SELECT * FROM read_json('${json}', columns = {id: 'BIGINT', skus: 'VARCHAR[]', qty: 'MAP(VARCHAR, BIGINT)', meta: 'VARCHAR'})`);
  await h.duck.run(`COPY source TO '${h.abs('orders.parquet')}' (FORMAT parquet)`);
  await h.duck.run(`CREATE TABLE orders AS SELECT *, row_number() OVER () AS n FROM read_parquet('${h.abs('orders.parquet')}')`);
});

afterAll(() => h?.close());

describe('generators on duckdb', () => {
  it.each(EXAMPLES.map((e, i) => [e.name, e, i] as const))('%s', async (_name, example, i) => {
    const out = `out/generators-${i}.json`;
    // The last transformation is the one written.
    const last = [...example.transformation.matchAll(/^- name: (\w+)/gm)].at(-1)?.[1] as string;
    await h.run(document(example.transformation, last, out), 'duckdb');
    const written = await rows(`SELECT * FROM read_json('${h.abs(out)}')`);
    expect(written.length).toBeGreaterThan(2);
    expect(written).toEqual(await rows(example.sql));
  });

  it('refuses a generator inside another expression with V-009, and a wrong argument type when the run starts', async () => {
    expect(refusal(document(select(['id', 'upper(explode(skus)) AS sku']), 'shaped', 'out/never.json'))).toBe(
      'V-009: asset "shaped": columns[1]: generator function "explode" yields rows: it is only allowed as a whole select or addColumns entry, not inside another expression at column 7',
    );
    expect(refusal(document('- name: shaped\n  where:\n    from: orders\n    filter: "explode(skus) IS NOT NULL"', 'shaped', 'out/never.json'))).toContain(
      'V-009: asset "shaped": filter: generator function "explode" yields rows',
    );
    const wrong = document(select(['explode(id)']), 'shaped', 'out/never.json');
    expect(await h.failure(wrong, 'duckdb')).toContain('explode needs an array or a map, got long: explode(id)');
  });

  it('refuses generators on danfo with V-014 before a job is accepted', () => {
    expect(refusal(document(select(['id', "json_tuple(meta, 'channel')"]), 'shaped', 'out/never.json'), 'danfo')).toBe(
      'V-014: asset "shaped": function "json_tuple" is not supported by backend "danfo"',
    );
  });
});
