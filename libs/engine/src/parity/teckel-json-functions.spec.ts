/**
 * JSON, variant and time-of-day functions (spec 9.13.10, 9.13.13, 9.13.11): a Teckel document reads JSON texts and computes with get_json_object, from_json, to_json,
 * parse_json, variant_get, try_variant_get, is_variant_null, schema_of_json, schema_of_variant
 * and make_time; the output equals an independent DuckDB SQL statement written by hand over the
 * same file. A malformed path is refused at submission (V-009) naming the call; danfo refuses the JSON functions with V-014.
 */
import { openTeckelHarness, selectByIdDocument, varcharRows, type TeckelHarness } from '../__fixtures__/teckel-harness';

const DOCS = [
  { id: 1, doc: '{"user": {"name": "Ada", "langs": ["en", "fr"]}, "n": 3, "at": "08:15:30"}' },
  { id: 2, doc: '{"user": {"name": null, "langs": []}, "n": "x"}' },
  { id: 3, doc: 'null' },
];

const COLUMNS = [
  'id',
  "get_json_object(doc, '$.user.langs[1]') AS second_lang",
  "get_json_object(doc, '$.user') AS user_text",
  "from_json(doc, 'struct<user: struct<name: string, langs: array<string>>, n: long>') AS parsed",
  "to_json(from_json(doc, 'struct<user: struct<name: string, langs: array<string>>>').user) AS user_json",
  "variant_get(parse_json(doc), '$.user.name', 'string') AS name",
  "try_variant_get(parse_json(doc), '$.n', 'long') AS n",
  'is_variant_null(parse_json(doc)) AS is_null',
  'schema_of_variant(parse_json(doc)) AS schema',
  "schema_of_json('[{\"a\": 1}]') AS literal_schema",
  "make_time(id, 30, 0) AS at",
];

/** The same columns in hand-written DuckDB SQL over the table `docs`. */
const SQL = `SELECT id, doc->>'$.user.langs[1]', json_extract(doc, '$.user')::VARCHAR,
    json_transform(doc, '{"user": {"name": "VARCHAR", "langs": ["VARCHAR"]}, "n": "BIGINT"}'),
    to_json(json_transform(doc, '{"user": {"name": "VARCHAR", "langs": ["VARCHAR"]}}').user)::VARCHAR,
    doc->>'$.user.name', TRY_CAST(doc->>'$.n' AS BIGINT), doc = 'null',
    CASE id WHEN 1 THEN 'struct<user:struct<name:string,langs:array<string>>,n:long,at:string>'
            WHEN 2 THEN 'struct<user:struct<name:string,langs:array<string>>,n:string>' ELSE 'string' END,
    'array<struct<a:long>>', make_time(id, 30, 0)
  FROM docs ORDER BY id`;

const document = (columns: readonly string[], out: string): string =>
  selectByIdDocument({ name: 'docs', format: 'json', path: 'docs.json' }, columns, { format: 'parquet', path: out });

let h: TeckelHarness;

const rows = (sql: string): Promise<string[]> => varcharRows(h.duck, sql);

beforeAll(async () => {
  h = await openTeckelHarness();
  h.root.write('docs.json', DOCS.map((d) => JSON.stringify(d)).join('\n'));
  await h.duck.run(`CREATE TABLE docs AS SELECT * FROM read_json('${h.abs('docs.json')}')`);
});

afterAll(() => h?.close());

describe('JSON, variant and time functions on duckdb', () => {
  it('computes what hand-written DuckDB SQL computes', async () => {
    const out = 'out/json-functions.parquet';
    await h.run(document(COLUMNS, out), 'duckdb');
    const written = await rows(`SELECT * FROM read_parquet('${h.abs(out)}')`);
    expect(written).toEqual(await rows(SQL));
    expect(written).toHaveLength(3);
    expect(written[0]).toContain('|fr|{"name":"Ada","langs":["en","fr"]}|');
  });

  it('refuses a malformed JSONPath before a job is accepted, naming the asset, the call and the character (V-009)', () => {
    const refused = h.refusal(document(['id', "get_json_object(doc, '$.user[x]') AS bad"], 'out/never.parquet'), 'duckdb');
    expect(refused).toMatch(/^V-009: asset "computed": columns\[1\]: get_json_object: path '\$\.user\[x\]' needs \[n\] \(a position from 0\) or \['name'\] at character 7/);
    expect(h.root.exists('out/never.parquet')).toBe(false);
  });
});

describe('JSON functions on danfo', () => {
  it('refuses them with V-014 before a job is accepted', () => {
    expect(h.refusal(document(['id', "get_json_object(doc, '$.n') AS n"], 'out/never.parquet'), 'danfo')).toEqual(
      expect.stringContaining('V-014: asset "computed": function "get_json_object" is not supported by backend "danfo"'),
    );
  });
});
