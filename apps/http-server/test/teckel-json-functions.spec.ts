/**
 * JSON, variant and time-of-day functions (spec 9.13.10, 9.13.13, 9.13.11) through the HTTP API:
 * a Teckel document reads JSON texts and computes with get_json_object, from_json, to_json,
 * parse_json, variant_get, try_variant_get, is_variant_null, schema_of_json, schema_of_variant
 * and make_time; the output equals an independent DuckDB SQL statement written by hand over the
 * same file. A malformed path is refused at submission (V-009) naming the call; danfo refuses the JSON functions with V-014.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { postJson, runToCompletion, selectByIdDocument, startTestServer, type TestServer, varcharRows } from './helpers';

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

let server: TestServer;
let api: string;
let duck: DuckDBConnection;

const rows = (sql: string): Promise<string[]> => varcharRows(duck, sql);

beforeAll(async () => {
  server = await startTestServer({ workers: 1 });
  api = `${server.url}/api`;
  fs.writeFileSync(path.join(server.dataRoot, 'docs.json'), DOCS.map((d) => JSON.stringify(d)).join('\n'));
  duck = await (await DuckDBInstance.create(':memory:')).connect();
  await duck.run(`CREATE TABLE docs AS SELECT * FROM read_json('${path.join(server.dataRoot, 'docs.json')}')`);
}, 60_000);

afterAll(async () => {
  duck?.closeSync();
  await server.stop();
});

describe('JSON, variant and time functions on duckdb', () => {
  it('computes what hand-written DuckDB SQL computes', async () => {
    const out = 'out/json-functions.parquet';
    await runToCompletion(api, document(COLUMNS, out), 'duckdb');
    const written = await rows(`SELECT * FROM read_parquet('${path.join(server.dataRoot, out)}')`);
    expect(written).toEqual(await rows(SQL));
    expect(written).toHaveLength(3);
    expect(written[0]).toContain('|fr|{"name":"Ada","langs":["en","fr"]}|');
  });

  it('refuses a malformed JSONPath at submission, naming the asset, the call and the character (V-009)', async () => {
    const submitted = await postJson(`${api}/jobs`, { yaml: document(['id', "get_json_object(doc, '$.user[x]') AS bad"], 'out/never.parquet'), backend: 'duckdb' });
    expect(submitted.status).toBe(400);
    expect(submitted.body.error).toMatch(/^validation failed: V-009: asset "computed": columns\[1\]: get_json_object: path '\$\.user\[x\]' needs \[n\] \(a position from 0\) or \['name'\] at character 7/);
    expect(fs.existsSync(path.join(server.dataRoot, 'out/never.parquet'))).toBe(false);
  });
});

describe('JSON functions on danfo', () => {
  it('refuses them with V-014 before the job is accepted', async () => {
    const res = await postJson(`${api}/jobs`, { yaml: document(['id', "get_json_object(doc, '$.n') AS n"], 'out/never.parquet'), backend: 'danfo' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining('V-014: asset "computed": function "get_json_object" is not supported by backend "danfo"') });
  });
});
