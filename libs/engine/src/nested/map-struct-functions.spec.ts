/**
 * Map, higher-order and struct functions (spec 9.13.7, 9.13.8, 9.13.9) on DuckDB, run on real
 * rows: NULL, empty and ordinary maps, arrays and structs, repeated and NULL keys, arrays of
 * different lengths, named arguments; danfo refuses them. grouping_id (9.13.12) on both backends
 * alike.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { shapedPipeline } from '../__fixtures__/shaped-pipeline';
import { executePlan, type BackendName } from '../index';

// Row 1 ordinary values, row 2 empty arrays and a struct with a NULL field, row 3 NULLs.
const EVENTS = [
  '{"id": 1, "ks": ["a", "b"], "vs": [1, 2], "xs": [1, 2, 3], "ys": [10, 20], "addr": {"city": "Oslo", "zip": 150}, "es": [{"key": "a", "value": 1}, {"key": "b", "value": 2}]}',
  '{"id": 2, "ks": [], "vs": [], "xs": [], "ys": [5], "addr": {"city": null, "zip": 7}, "es": [{"key": "a", "value": 1}, null]}',
  '{"id": 3, "ks": null, "vs": [3], "xs": null, "ys": [], "addr": null, "es": null}',
].join('\n');

const pipeline = (columns: readonly string[]): string => shapedPipeline(columns, { output: { path: 'out.json', format: 'json' } });

describe('map, higher-order and struct functions on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('events.json', EVENTS);
  });
  afterEach(() => root.cleanup());
  const run = (columns: readonly string[]) => executePlan(plan(pipeline(columns)), { dataRoot: root.dir, backend: 'duckdb' });
  const rows = (): string[] => root.read('out.json').trim().split('\n');

  it('reads keys, values and entries in map order; NULL for a NULL map, empty for an empty one', async () => {
    await run(['id', 'map_keys(map_from_arrays(ks, vs)) AS k', 'map_values(map_from_arrays(ks, vs)) AS v', 'map_entries(map_from_arrays(ks, vs)) AS e', "map_keys(map('z', 1, 'a', 2)) AS order"]);
    expect(rows()).toEqual([
      '{"id":1,"k":["a","b"],"v":[1,2],"e":[{"key":"a","value":1},{"key":"b","value":2}],"order":["z","a"]}',
      '{"id":2,"k":[],"v":[],"e":[],"order":["z","a"]}',
      '{"id":3,"k":null,"v":null,"e":null,"order":["z","a"]}',
    ]);
  });

  it('concatenates maps: a later key overwrites in its first place, values widen, NULL when any map is NULL', async () => {
    await run(["map_concat(map('a', 1, 'b', 2), map('b', id * 10), map('c', 3000000000)) AS m", "map_concat(map_from_arrays(ks, vs), map('b', 0)) AS n"]);
    expect(rows()).toEqual(['{"m":{"a":1,"b":10,"c":3000000000},"n":{"a":1,"b":0}}', '{"m":{"a":1,"b":20,"c":3000000000},"n":{"b":0}}', '{"m":{"a":1,"b":30,"c":3000000000},"n":null}']);
  });

  it('builds maps from arrays and from entries; a NULL array or entry gives NULL', async () => {
    await run(['id', 'map_from_arrays(ks, vs) AS m', 'map_from_entries(es) AS e', 'map_from_entries(transform(ks, k -> named_struct(\'k\', upper(k), \'v\', id))) AS named']);
    expect(rows()).toEqual(['{"id":1,"m":{"a":1,"b":2},"e":{"a":1,"b":2},"named":{"A":1,"B":1}}', '{"id":2,"m":{},"e":null,"named":{}}', '{"id":3,"m":null,"e":null,"named":null}']);
  });

  it('fails the job on arrays of different lengths and on NULL or repeated keys, naming the function', async () => {
    await expect(run(['map_from_arrays(xs, ys) AS m'])).rejects.toMatchObject({
      code: 'E_VALUE',
      message: 'asset "shaped": columns: map_from_arrays needs arrays of keys and values of the same length',
    });
    await expect(run(['map_from_arrays(array(1, NULL), array(1, 2)) AS m'])).rejects.toThrow('map_from_arrays cannot make a map with a NULL key');
    await expect(run(["map_from_arrays(array('a', 'a'), array(1, 2)) AS m"])).rejects.toThrow('map_from_arrays cannot make a map with a repeated key');
    await expect(run(["map_from_entries(transform(xs, x -> named_struct('k', 'same', 'v', x))) AS m"])).rejects.toThrow('map_from_entries cannot make a map with a repeated key');
    await expect(run(["transform_keys(map('a', 1, 'b', 2), (k, v) -> 'same') AS m"])).rejects.toThrow('transform_keys cannot make a map with a repeated key');
    await expect(run(["transform_keys(map('a', id), (k, v) -> CAST(NULL AS string)) AS m"])).rejects.toThrow('transform_keys cannot make a map with a NULL key');
  });

  it('transforms keys and values and filters entries with (key, value) lambdas; a NULL condition drops the entry', async () => {
    await run([
      'id',
      "transform_keys(map_from_arrays(ks, vs), (k, v) -> k || v) AS tk",
      'transform_values(map_from_arrays(ks, vs), (k, v) -> v * id + length(k)) AS tv',
      "map_filter(map('a', 1, 'b', 2, 'c', CASE WHEN id = 1 THEN NULL ELSE 3 END), (k, v) -> v > 1) AS kept",
      'map_filter(map => map_from_arrays(ks, vs), func => (key, value) -> key = \'b\') AS named',
    ]);
    expect(rows()).toEqual([
      '{"id":1,"tk":{"a1":1,"b2":2},"tv":{"a":2,"b":3},"kept":{"b":2},"named":{"b":2}}',
      '{"id":2,"tk":{},"tv":{},"kept":{"b":2,"c":3},"named":{}}',
      '{"id":3,"tk":null,"tv":null,"kept":{"b":2,"c":3},"named":null}',
    ]);
  });

  it('zips two arrays, padding the shorter with NULLs; NULL when either is NULL; forall is three-valued', async () => {
    await run([
      'id',
      'zip_with(xs, ys, (x, y) -> coalesce(x, 0) + coalesce(y, 0)) AS sums',
      "zip_with(array1 => ys, array2 => ks, func => (n, s) -> concat(n, s)) AS pairs",
      'forall(xs, x -> x > 0) AS positive',
      'forall(array(id, NULL), x -> x > 1) AS mixed',
      'forall(filter(ys, y -> y > 100), y -> y = 0) AS vacuous',
    ]);
    expect(rows()).toEqual([
      '{"id":1,"sums":[11,22,3],"pairs":["10a","20b"],"positive":true,"mixed":false,"vacuous":true}',
      '{"id":2,"sums":[5],"pairs":[null],"positive":true,"mixed":null,"vacuous":true}',
      '{"id":3,"sums":null,"pairs":null,"positive":null,"mixed":null,"vacuous":true}',
    ]);
  });

  it('adds or replaces a struct field (in its place, ignoring case) and drops fields; NULL for a NULL struct', async () => {
    await run([
      'id',
      "with_field(addr, 'ZIP', id * 10) AS replaced",
      "with_field(struct => addr, name => 'country', value => 'NO') AS added",
      "drop_fields(addr, 'city') AS dropped",
      "drop_fields(with_field(addr, 'n', id), 'zip', 'CITY') AS rest",
    ]);
    expect(rows()).toEqual([
      '{"id":1,"replaced":{"city":"Oslo","ZIP":10},"added":{"city":"Oslo","zip":150,"country":"NO"},"dropped":{"zip":150},"rest":{"n":1}}',
      '{"id":2,"replaced":{"city":null,"ZIP":20},"added":{"city":null,"zip":7,"country":"NO"},"dropped":{"zip":7},"rest":{"n":2}}',
      '{"id":3,"replaced":null,"added":null,"dropped":null,"rest":null}',
    ]);
  });

  it('refuses wrong argument types with E_TYPE naming the call', async () => {
    await expect(run(["drop_fields(addr, 'country')"])).rejects.toThrow(
      "drop_fields cannot drop field \"country\": struct<city:string,zip:long> has no such field (fields: city, zip): drop_fields(addr, 'country')",
    );
    await expect(run(["drop_fields(addr, 'city', 'zip')"])).rejects.toThrow(
      "drop_fields cannot drop every field of struct<city:string,zip:long> (a struct needs at least one): drop_fields(addr, 'city', 'zip')",
    );
    await expect(run(['with_field(addr, id, 1)'])).rejects.toThrow('with_field needs a text literal naming a field as argument 2: with_field(addr, id, 1)');
    await expect(run(['map_keys(ks)'])).rejects.toThrow('map_keys needs a map as its first argument, got array<string>: map_keys(ks)');
    await expect(run(["map_filter(map('a', 1), (k, v) -> v)"])).rejects.toThrow("the lambda of map_filter must give true/false, got integer: map_filter(map('a', 1), (k, v) -> v)");
    await expect(run(['transform_values(xs, (k, v) -> v)'])).rejects.toThrow('transform_values needs a map as its first argument, got array<long>: transform_values(xs, (k, v) -> v)');
    await expect(run(["map_concat(map('a', 1), map(1, 1))"])).rejects.toThrow("map_concat needs maps of one key type and one value type, got map<string,integer>, map<integer,integer>: map_concat(map('a', 1), map(1, 1))");
    await expect(run(['zip_with(xs, id, (x, y) -> x)'])).rejects.toThrow('zip_with needs an array as its second argument, got long: zip_with(xs, id, (x, y) -> x)');
  });
});

describe('map, higher-order and struct functions on danfo', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('e.csv', 'id\n1\n');
  });
  afterEach(() => root.cleanup());

  it('refuses them before running, naming the function and the backend', async () => {
    const text = pipeline(["map_keys(map('a', id)) AS k"]).replace('format: json, path: events.json', 'format: csv, path: e.csv');
    await expect(executePlan(plan(text), { dataRoot: root.dir, backend: 'danfo' })).rejects.toThrow('function "map_keys" is not supported by backend "danfo"');
  });
});

const SALES = 'region,product,amount\nEU,pen,10\nEU,ink,5\nUS,pen,7\n,pen,1\n';

function grouped(step: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: sales',
    '      source: { input: { format: csv, path: sales.csv } }',
    '    - asset_ref: step',
    `      source: ${step}`,
    '    - asset_ref: out',
    '      source: { output: { from: step, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

describe.each<BackendName>(['duckdb', 'danfo'])('grouping_id on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('sales.csv', SALES);
  });
  afterEach(() => root.cleanup());
  const run = (step: string) => executePlan(plan(grouped(step)), { dataRoot: root.dir, backend });

  it('sets a bit for each key the row\'s grouping set leaves out, the first key the most significant', async () => {
    await run('{ cube: { from: sales, by: [region, product], agg: ["count(*) AS n", "grouping_id(region, product) AS rp", "grouping_id(product, region) AS pr", "grouping_id(product) AS p"] } }');
    expect(root.read('out.csv')).toBe(
      [
        'region,product,n,rp,pr,p',
        'EU,ink,1,0,0,0',
        'EU,pen,1,0,0,0',
        'US,pen,1,0,0,0',
        ',pen,1,0,0,0',
        'EU,,2,1,2,1',
        'US,,1,1,2,1',
        ',,1,1,2,1',
        ',ink,1,2,1,0',
        ',pen,3,2,1,0',
        ',,4,3,3,1',
        '',
      ].join('\n'),
    );
  });

  it('is 0 in a plain group and in rollup rows that keep every key; refuses a column that is no key', async () => {
    await run('{ group: { from: sales, by: [region], agg: ["grouping_id(region) AS g"] } }');
    expect(root.read('out.csv').split('\n').slice(1).filter((l) => l !== '').map((l) => l.split(',')[1])).toEqual(['0', '0', '0']);
    await run('{ rollup: { from: sales, by: [region], agg: ["grouping_id(region) * 10 + count(*) AS g"] } }');
    expect(root.read('out.csv')).toBe('region,g\nEU,2\nUS,1\n,1\n,14\n');
    await expect(run('{ rollup: { from: sales, by: [region], agg: ["grouping_id(region, amount) AS g"] } }')).rejects.toThrow(
      'every argument of grouping_id must be a grouping key column (region): grouping_id(region, amount)',
    );
  });
});
