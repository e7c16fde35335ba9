/**
 * JSON (spec 9.13.10), variant (9.13.13) and time-of-day (9.13.11) functions on DuckDB, run on
 * real rows: invalid JSON, JSON null, SQL NULL, missing paths and conversions that fail; the
 * exact text to_json and the DDL functions write; and time values cast, built and written.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { shapedPipeline } from '../__fixtures__/shaped-pipeline';
import { executePlan } from '../index';

const DOCS = [
  { id: 1, doc: '{"a": {"b": [10, 20]}, "name": "Ann", "score": 1.50, "tags": ["x", "y"], "when": "2024-01-02T10:00:00+02:00"}' },
  { id: 2, doc: '{"a": {"b": []}, "name": null, "score": 7, "tags": [], "extra": {"k": true}}' },
  { id: 3, doc: 'not json' },
  { id: 4, doc: null },
  { id: 5, doc: 'null' },
];

/** Selects `columns` from `docs` (or from `valid`, its rows but the one that is not JSON). */
const pipeline = (columns: readonly string[], output = 'out.csv', format = 'csv', from = 'docs'): string =>
  shapedPipeline(columns, {
    input: { asset: 'docs', path: 'docs.json' },
    steps: ['    - asset_ref: valid', '      source: { where: { from: docs, filter: "id <> 3" } }'],
    from,
    output: { path: output, format },
  });

describe('JSON and variant functions on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('docs.json', DOCS.map((d) => JSON.stringify(d)).join('\n'));
  });
  afterEach(() => root.cleanup());
  const run = (text: string) => executePlan(plan(text), { dataRoot: root.dir, backend: 'duckdb' });

  it('get_json_object: strings as themselves, other values as JSON text, NULL when missing, null or not JSON', async () => {
    await run(
      pipeline([
        'id',
        "get_json_object(doc, '$.a.b[1]') AS b1",
        "get_json_object(doc, '$.name') AS name",
        "get_json_object(doc, '$.a') AS a",
        "get_json_object(doc, '$[''score'']') AS score",
        "get_json_object(doc, '$.a.b[5]') AS past",
        "get_json_object(doc, '$') AS whole",
      ]),
    );
    expect(root.read('out.csv')).toBe(
      [
        'id,b1,name,a,score,past,whole',
        '1,20,Ann,"{""b"":[10,20]}",1.5,,"{""a"":{""b"":[10,20]},""name"":""Ann"",""score"":1.5,""tags"":[""x"",""y""],""when"":""2024-01-02T10:00:00+02:00""}"',
        '2,,,"{""b"":[]}",7,,"{""a"":{""b"":[]},""name"":null,""score"":7,""tags"":[],""extra"":{""k"":true}}"',
        '3,,,,,,',
        '4,,,,,,',
        '5,,,,,,',
        '',
      ].join('\n'),
    );
  });

  it('from_json reads the schema, NULL for a field that does not convert, for invalid JSON and NULL; timestamps keep their offset', async () => {
    await run(
      pipeline([
        'id',
        "from_json(doc, 'struct<name: string, score: double, tags: array<string>, when: timestamp, a: struct<b: array<long>>>') AS s",
        "from_json(doc, 'map<string, string>')['name'] AS name",
        "from_json(doc, 'struct<score: long, name: long>') AS wrong",
      ], 'out.json', 'json'),
    );
    expect(root.read('out.json')).toBe(
      [
        '{"id":1,"s":{"name":"Ann","score":1.5,"tags":["x","y"],"when":"2024-01-02 08:00:00","a":{"b":[10,20]}},"name":"Ann","wrong":{"score":2,"name":null}}',
        '{"id":2,"s":{"name":null,"score":7.0,"tags":[],"when":null,"a":{"b":[]}},"name":null,"wrong":{"score":7,"name":null}}',
        '{"id":3,"s":null,"name":null,"wrong":null}',
        '{"id":4,"s":null,"name":null,"wrong":null}',
        '{"id":5,"s":null,"name":null,"wrong":null}',
        '',
      ].join('\n'),
    );
  });

  it('to_json writes minified JSON: dates and timestamps as text, decimals as numbers, map keys as text, NULL for NULL', async () => {
    await run(
      pipeline([
        'id',
        "to_json(named_struct('id', id, 'd', DATE '2024-01-02', 't', TIMESTAMP '2024-01-02 03:04:05.5', 'n', CAST(1.50 AS decimal(4,2)), 's', 'q\"x', 'z', NULL)) AS j",
        "to_json(array(id, 2)) AS arr",
        "to_json(map(id, 'v')) AS m",
        "to_json(from_json(doc, 'struct<a: struct<b: array<long>>>').a) AS a",
      ]),
    );
    expect(root.read('out.csv')).toBe(
      [
        'id,j,arr,m,a',
        ...[1, 2, 3, 4, 5].map((id) => {
          const j = `"{""id"":${id},""d"":""2024-01-02"",""t"":""2024-01-02 03:04:05.5"",""n"":1.5,""s"":""q\\""x"",""z"":null}"`;
          const a = id === 1 ? '"{""b"":[10,20]}"' : id === 2 ? '"{""b"":[]}"' : '';
          return `${id},${j},"[${id},2]","{""${id}"":""v""}",${a}`;
        }),
        '',
      ].join('\n'),
    );
  });

  it('schema_of_json and schema_of_variant describe JSON as DDL', async () => {
    await run(
      pipeline([
        'id',
        "schema_of_json('{\"a\": 1, \"b\": [\"x\"], \"c\": {\"d\": 1.5, \"e\": null}, \"odd key\": [1, \"x\"], \"f\": true}') AS ddl",
        'schema_of_variant(parse_json(doc)) AS v',
      ], 'out.csv', 'csv', 'valid'),
    );
    const ddl = '"struct<a:long,b:array<string>,c:struct<d:double,e:string>,`odd key`:array<variant>,f:boolean>"';
    expect(root.read('out.csv')).toBe(
      [
        'id,ddl,v',
        `1,${ddl},"struct<a:struct<b:array<long>>,name:string,score:double,tags:array<string>,when:string>"`,
        `2,${ddl},"struct<a:struct<b:array<string>>,name:string,score:long,tags:array<string>,extra:struct<k:boolean>>"`,
        `4,${ddl},`,
        `5,${ddl},string`,
        '',
      ].join('\n'),
    );
  });

  it('parse_json, variant_get, try_variant_get and is_variant_null', async () => {
    await run(
      pipeline([
        'id',
        "variant_get(parse_json(doc), '$.a.b[0]', 'int') AS b0",
        "variant_get(parse_json(doc), '$.tags', 'array<string>') AS tags",
        "variant_get(parse_json(doc), '$.when', 'timestamp') AS w",
        "try_variant_get(parse_json(doc), '$.name', 'long') AS bad",
        "is_variant_null(parse_json(doc)) AS jnull",
        'is_variant_null(NULL) AS sqlnull',
        'to_json(parse_json(doc)) AS back',
      ], 'out.csv', 'csv', 'valid'),
    );
    expect(root.read('out.csv')).toBe(
      [
        'id,b0,tags,w,bad,jnull,sqlnull,back',
        '1,10,"[x, y]",2024-01-02 08:00:00,,false,false,"{""a"":{""b"":[10,20]},""name"":""Ann"",""score"":1.5,""tags"":[""x"",""y""],""when"":""2024-01-02T10:00:00+02:00""}"',
        '2,,[],,,false,false,"{""a"":{""b"":[]},""name"":null,""score"":7,""tags"":[],""extra"":{""k"":true}}"',
        '4,,,,,false,false,',
        '5,,,,,true,false,null',
        '',
      ].join('\n'),
    );
  });

  it('fails the job where variant_get cannot convert and where parse_json meets text that is not JSON', async () => {
    await expect(run(pipeline(["variant_get(parse_json(doc), '$.name', 'long') AS n"], 'out.csv', 'csv', 'valid'))).rejects.toThrow('Failed to cast value to numerical');
    await expect(run(pipeline(['parse_json(doc) AS v']))).rejects.toThrow('Malformed JSON');
  });

  it('refuses paths and types that are not literals or not well formed, naming the call (V-009 at validation; the binder refuses the rest)', async () => {
    // Validation throws while the plan is made, before a run starts.
    const validated = (columns: string[]): Promise<unknown> => Promise.resolve().then(() => run(pipeline(columns)));
    await expect(validated(["get_json_object(doc, '$.a.')"])).rejects.toThrow(`V-009: asset "shaped": columns[0]: get_json_object: path '$.a.' needs a member name after "." at character 4 at column 22`);
    await expect(validated(["get_json_object(doc, '$.a[*]')"])).rejects.toThrow("get_json_object: path '$.a[*]' needs [n] (a position from 0) or ['name'] at character 4 at column 22");
    await expect(validated(['get_json_object(doc, doc)'])).rejects.toThrow("get_json_object needs its JSONPath as a text literal such as '$.a.b[0]' at column 22");
    await expect(validated(["from_json(doc, 'long')"])).rejects.toThrow("from_json needs a struct, array or map schema, got 'long' at column 16");
    await expect(validated(["from_json(doc, 'struct<a long>')"])).rejects.toThrow("from_json: 'struct<a long>' is not a type: expected \":\" at character 10");
    await expect(run(pipeline(["variant_get(doc, '$', 'long')"]))).rejects.toThrow('variant_get needs a variant as its first argument, got string');
    await expect(run(pipeline(['to_json(id)']))).rejects.toThrow('to_json needs a struct, array, map or variant, got long: to_json(id)');
    await expect(run(pipeline(["schema_of_json('{oops')"]))).rejects.toThrow("schema_of_json needs valid JSON, got '{oops'");
  });
});

describe('time of day and timestamp_ntz on duckdb and danfo', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('t.csv', 'id,h,m,s,txt,ts\n1,10,30,5.25,10:30:00.5,2024-01-02 03:04:05.5\n2,24,0,0,24:00:00,2024-01-02 23:59:59\n3,1,2,59.9999999,nope,\n');
  });
  afterEach(() => root.cleanup());
  const text = (format = 'csv'): string =>
    [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: t',
      '      source: { input: { format: csv, path: t.csv } }',
      '    - asset_ref: shaped',
      '      source:',
      '        select:',
      '          from: t',
      '          columns:',
      ...[
        'id',
        'make_time(h, m, s) AS made',
        'TRY_CAST(txt AS time) AS casted',
        'CAST(ts AS time) AS of_ts',
        "to_timestamp_ntz(txt, 'HH:mm:ss') AS none",
        "to_timestamp_ntz('2024-05-06 07:08:09') AS ntz",
        'CAST(make_time(h, m, s) AS string) AS made_text',
        'current_time() IS NOT NULL AS now',
        'current_timestamp_ntz() IS NOT NULL AS now_ntz',
      ].map((c) => `            - ${JSON.stringify(c)}`),
      '    - asset_ref: out',
      `      source: { output: { from: shaped, format: ${format}, path: out.${format}, mode: overwrite } }`,
    ].join('\n');
  const expected = [
    'id,made,casted,of_ts,none,ntz,made_text,now,now_ntz',
    '1,10:30:05.25,10:30:00.5,03:04:05.5,,2024-05-06 07:08:09,10:30:05.25,true,true',
    '2,,24:00:00,23:59:59,,2024-05-06 07:08:09,,true,true',
    '3,01:03:00,,,,2024-05-06 07:08:09,01:03:00,true,true',
    '',
  ].join('\n');

  it.each(['duckdb', 'danfo'] as const)('builds, casts and writes times on %s', async (backend) => {
    await executePlan(plan(text()), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('writes a time to parquet as a time', async () => {
    await executePlan(plan(text('parquet')), { dataRoot: root.dir, backend: 'duckdb' });
    const back = text().replace('format: csv, path: t.csv', 'format: parquet, path: out.parquet').replace(/columns:[\s\S]*?- asset_ref: out/, 'columns: ["id", "made"]\n    - asset_ref: out').replace('path: out.csv', 'path: back.csv');
    await executePlan(plan(back), { dataRoot: root.dir, backend: 'duckdb' });
    expect(root.read('back.csv')).toBe('id,made\n1,10:30:05.25\n2,\n3,01:03:00\n');
  });
});
