/**
 * Nested values (spec 9.7, 10.1) on DuckDB: arrays, maps and structs read from JSON and parquet
 * inputs keep their types, are reached with .field and [key] and built with the collection
 * functions, and are written to JSON and parquet outputs; danfo refuses them by name.
 */
import { makeTempRoot, plan, type TempRoot, input } from '@pipeline/engine-core/testing';
import { shapedPipeline } from '../__fixtures__/shaped-pipeline';
import { createBackend } from '../create-backend';
import { executePlan } from '../index';

async function inspectTypes(dir: string, path: string, format: 'json' | 'parquet'): Promise<string[]> {
  const backend = await createBackend('duckdb', { dataRoot: dir });
  try {
    const inspected = await backend.inspect(input(path, format));
    return inspected.fields.map((f) => `${f.name}:${f.dataType}`);
  } finally {
    await backend.close();
  }
}

const EVENTS = [
  '{"id": 1, "tags": ["a", "b"], "addr": {"city": "Oslo", "zip": 150}, "scores": [3, 4, 5]}',
  '{"id": 2, "tags": [], "addr": {"city": null, "zip": 7}, "scores": null}',
  '{"id": 3, "tags": ["c"], "addr": null, "scores": [10]}',
].join('\n');

const pipeline = (columns: readonly string[], output = 'out.csv', format = 'csv', input = 'events.json', inputFormat = 'json'): string =>
  shapedPipeline(columns, { input: { path: input, format: inputFormat }, output: { path: output, format } });

describe('nested values on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('events.json', EVENTS);
  });
  afterEach(() => root.cleanup());
  const run = (text: string) => executePlan(plan(text), { dataRoot: root.dir, backend: 'duckdb' });

  it('reads arrays and structs from JSON with portable nested types', async () => {
    expect(await inspectTypes(root.dir, 'events.json', 'json')).toEqual(['id:long', 'tags:array<string>', 'addr:struct<city:string,zip:long>', 'scores:array<long>']);
  });

  it('reaches fields, 0-based elements and map values; NULL out of bounds, for a missing key and on NULL', async () => {
    await run(
      pipeline([
        'id',
        'addr.city AS city',
        'events.addr.zip AS zip',
        'tags[0] AS first',
        'tags[1] AS second',
        'tags[-1] AS negative',
        "map('x', id, 'y', id * 10)['y'] AS y",
        "map('x', id)['nope'] AS missing",
      ]),
    );
    expect(root.read('out.csv')).toBe('id,city,zip,first,second,negative,y,missing\n1,Oslo,150,a,b,,10,\n2,,7,,,,20,\n3,,,c,,,30,\n');
  });

  it('computes size, array_contains and element_at', async () => {
    await run(pipeline(['id', 'size(tags) AS n', "array_contains(tags, 'a') AS has_a", 'element_at(scores, 1) AS first', 'element_at(scores, -1) AS last', 'element_at(scores, 9) AS past', "size(map('k', 1, 'l', 2)) AS entries"]));
    expect(root.read('out.csv')).toBe('id,n,has_a,first,last,past,entries\n1,2,true,3,5,,2\n2,0,false,,,,2\n3,1,false,10,10,,2\n');
  });

  it('builds arrays, structs and maps and writes them to JSON', async () => {
    await run(pipeline(['id', 'array(id, 2.5) AS arr', 'struct(id, addr.city) AS s', "named_struct('k', tags) AS n", "map('a', id) AS m", 'addr', 'scores'], 'out.json', 'json'));
    expect(root.read('out.json')).toBe(
      [
        '{"id":1,"arr":[1.0,2.5],"s":{"id":1,"city":"Oslo"},"n":{"k":["a","b"]},"m":{"a":1},"addr":{"city":"Oslo","zip":150},"scores":[3,4,5]}',
        '{"id":2,"arr":[2.0,2.5],"s":{"id":2,"city":null},"n":{"k":[]},"m":{"a":2},"addr":{"city":null,"zip":7},"scores":null}',
        '{"id":3,"arr":[3.0,2.5],"s":{"id":3,"city":null},"n":{"k":["c"]},"m":{"a":3},"addr":null,"scores":[10]}',
        '',
      ].join('\n'),
    );
  });

  it('round-trips nested columns through parquet', async () => {
    await run(pipeline(['id', 'tags', 'addr', "map('a', id) AS m"], 'nested.parquet', 'parquet'));
    expect(await inspectTypes(root.dir, 'nested.parquet', 'parquet')).toEqual(['id:long', 'tags:array<string>', 'addr:struct<city:string,zip:long>', 'm:map<string,long>']);
    await run(pipeline(['id', 'addr.city AS city', "m['a'] AS a", 'tags[0] AS t'], 'back.csv', 'csv', 'nested.parquet', 'parquet'));
    expect(root.read('back.csv')).toBe('id,city,a,t\n1,Oslo,1,a\n2,,2,\n3,,3,c\n');
  });

  it('hands nested values through CASE, coalesce, if and array, widened to one shape', async () => {
    await run(
      pipeline(
        [
          'id',
          'CASE WHEN id = 1 THEN scores ELSE array(0) END AS picked',
          "CASE WHEN id = 2 THEN NULL ELSE map('k', id) END AS m",
          'coalesce(scores, array(-1)) AS filled',
          'if(id > 1, addr, NULL) AS later',
          'array(scores, array(id)) AS nested',
        ],
        'out.json',
        'json',
      ),
    );
    expect(root.read('out.json')).toBe(
      [
        '{"id":1,"picked":[3,4,5],"m":{"k":1},"filled":[3,4,5],"later":null,"nested":[[3,4,5],[1]]}',
        '{"id":2,"picked":[0],"m":null,"filled":[-1],"later":{"city":null,"zip":7},"nested":[null,[2]]}',
        '{"id":3,"picked":[0],"m":{"k":3},"filled":[10],"later":null,"nested":[[10],[3]]}',
        '',
      ].join('\n'),
    );
    await expect(run(pipeline(["CASE WHEN id = 1 THEN tags ELSE 'x' END AS t"]))).rejects.toThrow("cannot compare array<string> with string: CASE WHEN id = 1 THEN tags ELSE 'x' END");
    await expect(run(pipeline(['coalesce(tags, scores) AS t']))).rejects.toThrow('cannot compare array<string> with array<long>: coalesce(tags, scores)');
    await expect(run(pipeline(['array(addr, tags) AS t']))).rejects.toThrow('cannot compare struct<city:string,zip:long> with array<string>: array(addr, tags)');
    await expect(run(pipeline(['greatest(tags, tags) AS t']))).rejects.toThrow('tags has type array<string>, which expressions cannot compare');
  });

  it('refuses a missing struct field, access on a scalar and a wrong index type', async () => {
    await expect(run(pipeline(['addr.country']))).rejects.toThrow('asset "shaped": E-EXPR-006: columns: struct field "country" not found in addr.country (fields: city, zip)');
    await expect(run(pipeline(['id[0]']))).rejects.toThrow('[...] needs an array or a map, got long: id[0]');
    await expect(run(pipeline(["tags['x']"]))).rejects.toThrow("an array index must be a whole number, got string: tags['x']");
    await expect(run(pipeline(['size(id)']))).rejects.toThrow('size needs an array or a map, got long: size(id)');
  });
});

describe('lambdas and named arguments on duckdb (spec 9.8, 9.9)', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('events.json', EVENTS);
  });
  afterEach(() => root.cleanup());
  const run = (text: string) => executePlan(plan(text), { dataRoot: root.dir, backend: 'duckdb' });

  it('transforms, filters, tests and folds arrays; a parameter hides a column of its name', async () => {
    await run(
      pipeline([
        'id',
        'transform(scores, x -> x + id) AS shifted',
        'filter(scores, s -> s > 3) AS big',
        'exists(scores, id -> id = 4) AS has4',
        'aggregate(scores, 0, (acc, x) -> acc + x) AS total',
        'aggregate(scores, 0, (acc, x) -> acc + x, acc -> acc * 10) AS total10',
        "transform(tags, t -> upper(t) || '!') AS loud",
      ]),
      // Lists are written to CSV as DuckDB writes them as text.
    );
    expect(root.read('out.csv')).toBe(
      ['id,shifted,big,has4,total,total10,loud', '1,"[4, 5, 6]","[4, 5]",true,12,120,"[A!, B!]"', '2,,,,,,[]', '3,[13],[10],false,10,100,[C!]', ''].join('\n'),
    );
  });

  it('folds elements of another type than start (a state of its own), widening an integer start', async () => {
    await run(pipeline(['id', "aggregate(tags, 0, (n, t) -> n + length(t)) AS letters", "aggregate(tags, '>', (s, t) -> s || t, s -> s || '<') AS joined"]));
    expect(root.read('out.csv')).toBe('id,letters,joined\n1,2,>ab<\n2,0,><\n3,1,>c<\n');
  });

  it('gives exists NULL when no element is true and some is NULL, and folds an empty array to its start', async () => {
    await run(pipeline(['id', 'exists(array(id, NULL), x -> x > 1) AS e', 'aggregate(filter(scores, x -> x > 100), 7, (a, x) -> a + x) AS folded']));
    expect(root.read('out.csv')).toBe('id,e,folded\n1,,7\n2,true,\n3,true,7\n');
  });

  it('reads named arguments as positional ones, on both backends alike', async () => {
    root.write('people.csv', 'name,joined\nAdalbert,2024-01-31\n');
    const text = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: people',
      '      source: { input: { format: csv, path: people.csv } }',
      '    - asset_ref: shaped',
      '      source:',
      '        select:',
      '          from: people',
      '          columns:',
      ...['substring(str => name, pos => 1, len => 3) AS short', 'substring(name, 2, len => 2) AS mid', "date_format(joined, format => 'dd/MM/yyyy') AS day"].map(
        (c) => `            - ${JSON.stringify(c)}`,
      ),
      '    - asset_ref: out',
      '      source: { output: { from: shaped, format: csv, path: out.csv, mode: overwrite } }',
    ].join('\n');
    for (const backend of ['duckdb', 'danfo'] as const) {
      await executePlan(plan(text), { dataRoot: root.dir, backend });
      expect(root.read('out.csv')).toBe('short,mid,day\nAda,da,31/01/2024\n');
    }
  });

  it('refuses a lambda whose body has the wrong type', async () => {
    await expect(run(pipeline(['filter(scores, x -> x + 1)']))).rejects.toThrow('the lambda of filter must give true/false, got long: filter(scores, x -> x + 1)');
    await expect(run(pipeline(['aggregate(tags, 0, (acc, x) -> x)']))).rejects.toThrow('the merge lambda of aggregate must give integer, got string: aggregate(tags, 0, (acc, x) -> x)');
    await expect(run(pipeline(['transform(id, x -> x)']))).rejects.toThrow('transform needs an array as its first argument, got long: transform(id, x -> x)');
  });
});

describe('nested values on danfo', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('events.json', EVENTS);
  });
  afterEach(() => root.cleanup());

  it('refuses a nested JSON input naming the field', async () => {
    await expect(executePlan(plan(pipeline(['id'])), { dataRoot: root.dir, backend: 'danfo' })).rejects.toThrow('the danfo backend cannot read nested JSON values (field "tags" of events.json); use the duckdb backend');
  });
});
