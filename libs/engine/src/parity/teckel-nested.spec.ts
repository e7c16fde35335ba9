/**
 * Nested values (spec 9.7, 10.1): a Teckel document reads arrays, structs
 * and maps from JSON and parquet inputs, reaches into them with .field and [key], builds new ones
 * with the collection functions and writes them to JSON and parquet; each output equals an
 * independent DuckDB SQL statement written by hand over the same file. danfo refuses the
 * collection functions with V-014 before a job is accepted.
 */
import { openTeckelHarness, selectByIdDocument, varcharRows, type TeckelHarness } from '../__fixtures__/teckel-harness';
import type { BackendName } from '../index';

const ORDERS = [
  '{"id": 1, "customer": {"name": "Ada", "address": {"city": "London"}}, "items": [{"sku": "a1", "price": 2.5}, {"sku": "b2", "price": 4.0}], "labels": {"tier": "gold"}}',
  '{"id": 2, "customer": {"name": "Bob", "address": {"city": null}}, "items": [], "labels": {"tier": "silver"}}',
  '{"id": 3, "customer": null, "items": [{"sku": "c3", "price": 1.25}], "labels": null}',
  '',
].join('\n');

interface Example {
  readonly name: string;
  readonly input: { readonly format: 'json' | 'parquet'; readonly path: string };
  readonly columns: readonly string[];
  readonly output: 'json' | 'parquet';
  /** The same columns in hand-written DuckDB SQL over the table `orders`. */
  readonly sql: string;
}

const EXAMPLES: Example[] = [
  {
    name: 'access into JSON structs and arrays',
    input: { format: 'json', path: 'orders.json' },
    columns: [
      'id',
      'customer.name AS who',
      'customer.address.city AS city',
      'items[0].sku AS first_sku',
      'items[1].price AS second_price',
      'items[5] IS NULL AS no_sixth',
      'size(items) AS n_items',
      "element_at(items, -1).sku AS last_sku",
    ],
    output: 'json',
    sql: `SELECT id, customer.name, customer.address.city, items[1].sku, items[2].price, items[6] IS NULL, len(items)::INTEGER, items[-1].sku
      FROM orders ORDER BY id`,
  },
  {
    name: 'building arrays, structs and maps',
    input: { format: 'json', path: 'orders.json' },
    columns: [
      'id',
      "array(id, id * 10) AS ids",
      "named_struct('order', id, 'who', customer.name) AS card",
      "map('id', CAST(id AS string), 'name', customer.name) AS tags",
      "array_contains(array('a1', 'c3'), items[0].sku) AS known",
      'items',
    ],
    output: 'parquet',
    sql: `SELECT id, [id, id * 10], {'order': id, 'who': customer.name}, MAP {'id': CAST(id AS VARCHAR), 'name': customer.name},
      list_contains(['a1', 'c3'], items[1].sku), items
      FROM orders ORDER BY id`,
  },
  {
    name: 'lambdas and named arguments',
    input: { format: 'json', path: 'orders.json' },
    columns: [
      'id',
      'transform(items, i -> i.price * 2) AS doubled',
      'filter(items, i -> i.price > 3) AS dear',
      "exists(items, i -> i.sku = 'c3') AS has_c3",
      'aggregate(transform(items, i -> i.price), 0.0, (acc, p) -> acc + p) AS total',
      'aggregate(transform(items, i -> i.price), 0.0, (acc, p) -> acc + p, acc -> round(acc * 100)) AS cents',
      'substring(str => customer.name, pos => 1, len => 2) AS initials',
    ],
    output: 'json',
    // An empty array: exists is false, aggregate its start (no element is NULL here).
    sql: `SELECT id, list_transform(items, lambda i: i.price * 2), list_filter(items, lambda i: i.price > 3),
      coalesce(list_bool_or(list_transform(items, lambda i: i.sku = 'c3')), false),
      coalesce(list_sum(list_transform(items, lambda i: i.price)), 0) + 0.0, round((coalesce(list_sum(list_transform(items, lambda i: i.price)), 0) + 0.0) * 100),
      customer.name[1:2]
      FROM orders ORDER BY id`,
  },
  {
    name: 'reading nested parquet back',
    input: { format: 'parquet', path: 'out/duckdb-1-building-arrays-structs-and-maps.parquet' },
    columns: ['id', 'ids[1] AS second', 'card.who AS who', "tags['name'] AS name", 'items[0].price AS price'],
    output: 'json',
    sql: `SELECT id, id * 10, customer.name, customer.name, items[1].price FROM orders ORDER BY id`,
  },
];

const document = (example: Example, out: string, backend: string): string =>
  selectByIdDocument({ name: 'orders', format: example.input.format, path: example.input.path.replace('duckdb-', `${backend}-`) }, example.columns, { format: example.output, path: out });

let h: TeckelHarness;

const rows = (sql: string): Promise<string[]> => varcharRows(h.duck, sql);

async function run(example: Example, backend: BackendName): Promise<string[]> {
  const out = `out/${backend}-${EXAMPLES.indexOf(example)}-${example.name.replace(/\W+/g, '-')}.${example.output}`;
  await h.run(document(example, out, backend), backend);
  const file = h.abs(out);
  return rows(example.output === 'json' ? `SELECT * FROM read_json('${file}')` : `SELECT * FROM read_parquet('${file}')`);
}

beforeAll(async () => {
  h = await openTeckelHarness();
  h.root.write('orders.json', ORDERS);
  await h.duck.run(`CREATE TABLE orders AS SELECT * FROM read_json('${h.abs('orders.json')}')`);
});

afterAll(() => h?.close());

describe('nested values on duckdb', () => {
  // In order: the last example reads the parquet file the second writes.
  it.each(EXAMPLES.map((e) => [e.name, e] as const))('%s', async (_name, example) => {
    const written = await run(example, 'duckdb');
    expect(written).toEqual(await rows(example.sql));
    expect(written).toHaveLength(3);
  });

  it('keeps the nested types of the written parquet file', async () => {
    const file = h.abs('out/duckdb-1-building-arrays-structs-and-maps.parquet');
    const types = await rows(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${file}'))`);
    expect(types).toEqual([
      'id|BIGINT',
      'ids|BIGINT[]',
      'card|STRUCT("order" BIGINT, who VARCHAR)',
      'tags|MAP(VARCHAR, VARCHAR)',
      'known|BOOLEAN',
      'items|STRUCT(sku VARCHAR, price DOUBLE)[]',
    ]);
  });
});

describe('named arguments on danfo', () => {
  it('reads them as positional ones, as duckdb does', async () => {
    h.root.write('names.csv', 'name\nAdalbert\nBo\n');
    const example: Example = {
      name: 'named',
      input: { format: 'json', path: 'unused' },
      columns: ['name', 'substring(str => name, len => 3, pos => 2) AS part'],
      output: 'json',
      sql: '',
    };
    const yaml = document(example, 'out/danfo-named.csv', 'danfo').replace('format: json\n    path: unused', 'format: csv\n    path: names.csv').replace('columns: [id]', 'columns: [name]').replace('format: json\n    path: out', 'format: csv\n    path: out');
    await h.run(yaml, 'danfo');
    expect(h.root.read('out/danfo-named.csv')).toBe('name,part\nAdalbert,dal\nBo,o\n');
  });

  it('refuses lambdas with V-014 before a job is accepted', () => {
    expect(h.refusal(document(EXAMPLES[2] as Example, 'out/never.json', 'danfo'), 'danfo')).toBe('V-014: asset "computed": function "transform" is not supported by backend "danfo"');
  });
});

describe('nested values on danfo', () => {
  it('refuses the collection functions with V-014 before a job is accepted', () => {
    expect(h.refusal(document(EXAMPLES[1] as Example, 'out/never.parquet', 'danfo'), 'danfo')).toBe('V-014: asset "computed": function "array" is not supported by backend "danfo"');
  });

  it('fails a run reading nested JSON, naming the field', async () => {
    const access: Example = { ...(EXAMPLES[0] as Example), columns: ['id', 'customer.name AS who', 'items[0].sku AS first_sku'] };
    const yaml = document(access, 'out/danfo-never.json', 'danfo');
    expect(await h.failure(yaml, 'danfo')).toContain('the danfo backend cannot read nested JSON values (field "customer" of orders.json); use the duckdb backend');
  });
});

/** A Teckel document reading `orders.json` through one transformation entry (unindented), written as JSON. */
function kindDocument(transformation: string, last: string, out: string, input = '  - name: orders\n    format: json\n    path: orders.json'): string {
  return `version: "3.0"\ninput:\n${input}\ntransformation:\n${transformation.replace(/^/gm, '  ')}\noutput:\n  - name: ${last}\n    format: json\n    path: ${out}\n    mode: overwrite\n`;
}

describe('flatten and parse kinds (spec 8.18, 8.38)', () => {
  it('flattens structs and explodes arrays as hand-written DuckDB SQL does', async () => {
    const yaml = kindDocument("- name: flat\n  flatten:\n    from: orders\n    separator: '.'\n    explodeArrays: true", 'flat', 'out/flat.json');
    await h.run(yaml, 'duckdb');
    const written = await rows(`SELECT * FROM read_json('${h.abs('out/flat.json')}')`);
    expect(written).toEqual(
      await rows(`SELECT o.id, o.customer.name, o.customer.address.city, o.items[i].sku, o.items[i].price, o.labels.tier
        FROM (SELECT *, row_number() OVER () AS seq FROM orders) o, generate_series(1, len(o.items)) AS s(i) ORDER BY o.seq, i`),
    );
    expect(written).toHaveLength(3);
  });

  it('parses the spec example of parse with JSON payloads as hand-written DuckDB SQL does', async () => {
    const logs = ['payload', '"{""event_type"": ""click"", ""timestamp"": ""2025-01-15 10:30:00"", ""metadata"": {""source"": ""web""}}"', '"{""event_type"": 5}"', 'broken', ''].join('\n');
    h.root.write('raw-logs.csv', logs);
    const yaml = kindDocument(
      '- name: parsedEvents\n  parse:\n    from: rawLogs\n    column: payload\n    format: json\n    schema:\n      - name: event_type\n        dataType: string\n      - name: timestamp\n        dataType: timestamp\n      - name: metadata\n        dataType: "map<string, string>"',
      'parsedEvents',
      'out/parsed.json',
      '  - name: rawLogs\n    format: csv\n    path: raw-logs.csv',
    );
    await h.run(yaml, 'duckdb');
    const written = await rows(`SELECT * FROM read_json('${h.abs('out/parsed.json')}', columns = {event_type: 'VARCHAR', timestamp: 'TIMESTAMP', metadata: 'MAP(VARCHAR, VARCHAR)'})`);
    expect(written).toEqual(
      await rows(`SELECT p->>'event_type', TRY_CAST(p->>'timestamp' AS TIMESTAMP), CAST(p->'metadata' AS MAP(VARCHAR, VARCHAR))
        FROM (SELECT CASE WHEN json_valid(payload) THEN payload::JSON END AS p FROM read_csv('${h.abs('raw-logs.csv')}', all_varchar = true))`),
    );
    expect(written).toEqual(['click|2025-01-15 10:30:00|{source=web}', '5||', '||']);
  });

  it('refuses both kinds on danfo with V-014 before a job is accepted', () => {
    expect(h.refusal(kindDocument('- name: flat\n  flatten:\n    from: orders', 'flat', 'out/never.json'), 'danfo')).toBe('V-014: asset "flat": flatten is not supported by backend "danfo"');
    expect(h.refusal(kindDocument('- name: p\n  parse:\n    from: orders\n    column: id\n    format: csv\n    schema: [{ name: a, dataType: int }]', 'p', 'out/never.json'), 'danfo')).toBe(
      'V-014: asset "p": parse is not supported by backend "danfo"',
    );
  });
});
