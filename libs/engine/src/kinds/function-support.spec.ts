import type { DuckDBConnection } from '@duckdb/node-api';
import { FUNCTION_NAMES } from '@pipeline/definition';
import { validatePipeline } from '@pipeline/validation';
import { BACKEND_DRIVERS } from '../backend-drivers';
import { duckdbRows, jsRows, openHarness } from '../__fixtures__/expression-harness';
import { groupBy, input, output, select, where } from '@pipeline/engine-core/testing';
import { firstUnsupportedFunction, requireBackendSupport, functionsCalled } from '@pipeline/engine-core';
import { checkBackendSupport } from './check-backend-support';

/** The functions danfo refuses: JavaScript's Math rounds them differently from DuckDB's C library. */
const DUCKDB_ONLY = ['exp', 'ln', 'log', 'log10', 'log2', 'cbrt'];
/** The generators (spec 9.13.7, 9.13.10): danfo yields no rows from a value (and json_tuple's texts would differ). */
const GENERATORS = ['explode', 'explode_outer', 'posexplode', 'json_tuple'];
/** The collection functions danfo refuses: it holds no array, map or struct values. */
const NESTED_ONLY = [
  'size',
  'array_contains',
  // array functions (spec 9.13.7)
  'array_distinct',
  'array_sort',
  'array_union',
  'array_intersect',
  'array_except',
  'array_join',
  'array_position',
  'array_remove',
  'array_repeat',
  'arrays_zip',
  'array_compact',
  'flatten',
  'element_at',
  ...GENERATORS,
  'array',
  'struct',
  'named_struct',
  'map',
  'transform',
  'filter',
  'exists',
  // map, higher-order and struct functions (spec 9.13.7-9.13.9)
  'forall', 'map_keys', 'map_values', 'map_concat', 'map_from_arrays', 'map_from_entries', 'map_entries', 'transform_keys', 'transform_values',
  'map_filter', 'zip_with', 'with_field', 'drop_fields',
  'aggregate',
];
/** The JSON and variant functions danfo refuses (spec 9.13.10, 9.13.13): nested values, variants, or DuckDB's JSON reading. */
const JSON_ONLY = ['from_json', 'to_json', 'get_json_object', 'schema_of_json', 'parse_json', 'variant_get', 'try_variant_get', 'is_variant_null', 'schema_of_variant'];

const steps = [
  { ref: 'raw', source: input('e.csv') },
  { ref: 'rich', source: where('raw', 'sqrt(salary) > 1') },
  { ref: 'by_dept', source: groupBy('rich', ['upper(dept)'], ['round(avg(ln(salary)), 2) AS n']) },
  { ref: 'names', source: select('rich', 'exp(salary)') },
  { ref: 'out', source: output('o.csv') },
];

describe('function support by backend', () => {
  it('DuckDB computes every catalogue function; danfo all but those it cannot round alike and the collection functions', () => {
    const refused = (name: 'duckdb' | 'danfo'): string[] => FUNCTION_NAMES.filter((f) => BACKEND_DRIVERS[name].functions[f] !== true);
    expect(refused('duckdb')).toEqual([]);
    expect(refused('danfo')).toEqual(expect.arrayContaining([...DUCKDB_ONLY, ...NESTED_ONLY, ...JSON_ONLY]));
    expect(refused('danfo')).toHaveLength(DUCKDB_ONLY.length + NESTED_ONLY.length + JSON_ONLY.length);
    expect(BACKEND_DRIVERS.danfo.functions.get_json_object).toEqual({ unsupported: expect.stringContaining("DuckDB's JSON reading") });
    expect(BACKEND_DRIVERS.danfo.functions.parse_json).toEqual({ unsupported: 'the danfo backend has no variant values' });
  });

  it('lists the functions a source calls, inside aggregates and in document order', () => {
    expect(functionsCalled(steps[2].source)).toEqual(['upper', 'round', 'avg', 'ln']);
    expect(functionsCalled(steps[0].source)).toEqual([]);
  });

  it('finds the first asset calling a function a backend does not compute', () => {
    expect(firstUnsupportedFunction(steps, BACKEND_DRIVERS.danfo.functions)).toEqual({
      ref: 'by_dept',
      index: 2,
      name: 'ln',
      reason: expect.stringContaining('last binary digit'),
    });
    expect(firstUnsupportedFunction(steps, BACKEND_DRIVERS.duckdb.functions)).toBeUndefined();
  });

  it('refuses a session plan before its first step with E_UNSUPPORTED_FUNCTION naming asset, function and backend', () => {
    expect(() => requireBackendSupport(steps, 'danfo', BACKEND_DRIVERS.danfo.kinds, BACKEND_DRIVERS.danfo.functions)).toThrow(
      expect.objectContaining({
        code: 'E_UNSUPPORTED_FUNCTION',
        message: expect.stringMatching(/^asset "by_dept": function "ln" is not supported by backend "danfo": /),
        details: { asset: 'by_dept', function: 'ln', backend: 'danfo' },
      }),
    );
  });

  it('refuses a pipeline at validation with V-014 naming the asset, the function and the backend', () => {
    const yaml = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      '      source: { input: { format: csv, path: e.csv } }',
      '    - asset_ref: logs',
      '      source: { select: { from: raw, columns: ["log10(salary) AS magnitude"] } }',
      '    - asset_ref: out',
      '      source: { output: { from: logs, format: csv, path: o.csv } }',
    ].join('\n');
    const validated = validatePipeline(yaml);
    if (!validated.ok) throw new Error(validated.error.message);
    expect(checkBackendSupport(validated.pipeline.assets, 'duckdb')).toBeUndefined();
    expect(checkBackendSupport(validated.pipeline.assets, 'danfo')).toMatchObject({
      code: 'V-014',
      message: 'V-014: asset "logs": function "log10" is not supported by backend "danfo"',
      details: { asset: 'logs', backend: 'danfo', reason: expect.stringContaining('last binary digit') },
    });
  });
});

describe('a function Spark computes but for some calls', () => {
  const yaml = (expression: string): string =>
    [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      '      source: { input: { format: csv, path: e.csv } }',
      '    - asset_ref: cleaned',
      `      source: { select: { from: raw, columns: [${JSON.stringify(expression)}] } }`,
      '    - asset_ref: out',
      '      source: { output: { from: cleaned, format: csv, path: o.csv } }',
    ].join('\n');
  const assets = (expression: string) => {
    const validated = validatePipeline(yaml(expression));
    if (!validated.ok) throw new Error(validated.error.message);
    return validated.pipeline.assets;
  };

  it('refuses the call whose arguments Spark would answer otherwise, with V-014 naming the function and why', () => {
    expect(checkBackendSupport(assets("regexp_replace(name, 'a*', '-') AS r"), 'spark')).toMatchObject({
      code: 'V-014',
      message: 'V-014: asset "cleaned": function "regexp_replace" is not supported by backend "spark"',
      details: { asset: 'cleaned', backend: 'spark', reason: expect.stringContaining("pattern 'a*' can match the empty text") },
    });
    expect(() => requireBackendSupport(assets("regexp_replace(name, '', '-') AS r"), 'spark', BACKEND_DRIVERS.spark.kinds, BACKEND_DRIVERS.spark.functions)).toThrow(/regexp_replace/);
  });

  it('runs its other calls', () => {
    expect(checkBackendSupport(assets("regexp_replace(name, 'a+', '-') AS r"), 'spark')).toBeUndefined();
    expect(checkBackendSupport(assets("regexp_replace(name, 'a*', '-') AS r"), 'duckdb')).toBeUndefined();
  });
});

describe('collection functions on danfo', () => {
  it.each([
    ['array(salary, 1) AS a', 'array'],
    ["size(map('k', salary)) AS n", 'size'],
    ["named_struct('s', salary) AS s", 'named_struct'],
    ['transform(split, x -> x + 1) AS t', 'transform'],
    ['aggregate(split, 0, (acc, x) -> acc + x) AS t', 'aggregate'],
    // array functions (spec 9.13.7): a text or number result and scalar arguments are refused alike
    ["array_join(array(dept), ',') AS j", 'array_join'],
    ['array_position(array(salary), 1) AS p', 'array_position'],
    ['array_repeat(salary, 2) AS r', 'array_repeat'],
    ['flatten(array_repeat(array(salary), 2)) AS f', 'flatten'],
    ['array_distinct(array(salary)) AS d', 'array_distinct'],
    ["map_keys(map('k', salary)) AS t", 'map_keys'],
    ["map_filter(map('k', salary), (k, v) -> v > 1) AS t", 'map_filter'],
    ['zip_with(split, split, (x, y) -> x + y) AS t', 'zip_with'],
    ['forall(split, x -> x > 1) AS t', 'forall'],
    ["drop_fields(named_struct('a', salary, 'b', 1), 'a') AS t", 'drop_fields'],
  ])('%s is refused at validation with V-014 naming function "%s"', (column, name) => {
    const yaml = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      '      source: { input: { format: csv, path: e.csv } }',
      '    - asset_ref: built',
      `      source: { select: { from: raw, columns: [${JSON.stringify(column)}] } }`,
      '    - asset_ref: out',
      '      source: { output: { from: built, format: csv, path: o.csv } }',
    ].join('\n');
    const validated = validatePipeline(yaml);
    if (!validated.ok) throw new Error(validated.error.message);
    expect(checkBackendSupport(validated.pipeline.assets, 'duckdb')).toBeUndefined();
    expect(checkBackendSupport(validated.pipeline.assets, 'danfo')).toMatchObject({
      code: 'V-014',
      message: `V-014: asset "built": function "${name}" is not supported by backend "danfo"`,
      details: { asset: 'built', backend: 'danfo', reason: 'the danfo backend has no array, map or struct values' },
    });
  });
});

describe('generators on danfo', () => {
  it.each([
    ['explode(array(salary))', 'explode', 'the danfo backend has no array, map or struct values'],
    ["json_tuple(name, 'a') AS a", 'json_tuple', "danfo's steps compute no generator rows, and JavaScript's JSON.parse would give other texts than DuckDB for numbers (1e3) and repeated keys"],
  ])('%s is refused at validation with V-014 naming function "%s"', (column, name, reason) => {
    const yaml = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      '      source: { input: { format: csv, path: e.csv } }',
      '    - asset_ref: built',
      `      source: { select: { from: raw, columns: [${JSON.stringify(column)}] } }`,
      '    - asset_ref: out',
      '      source: { output: { from: built, format: csv, path: o.csv } }',
    ].join('\n');
    const validated = validatePipeline(yaml);
    if (!validated.ok) throw new Error(validated.error.message);
    expect(checkBackendSupport(validated.pipeline.assets, 'duckdb')).toBeUndefined();
    expect(checkBackendSupport(validated.pipeline.assets, 'danfo')).toMatchObject({
      code: 'V-014',
      message: `V-014: asset "built": function "${name}" is not supported by backend "danfo"`,
      details: { asset: 'built', backend: 'danfo', reason },
    });
  });
});

describe('functions DuckDB alone computes', () => {
  let conn: DuckDBConnection;
  let close: () => void;
  beforeAll(async () => {
    ({ conn, close } = await openHarness());
  });
  afterAll(() => close());

  // Rows: i = 1, -7, NULL, 0, 2147483647; the logarithms are NULL where undefined (x <= 0).
  it.each([
    ['exp(0)', 'double', ['1.0', '1.0', '1.0', '1.0', '1.0']],
    ['ln(i)', 'double', ['0.0', null, null, null, '21.487562596892644']],
    ['log(2, i)', 'double', ['0.0', null, null, null, '30.999999999328196']],
    ['log(i)', 'double', ['0.0', null, null, null, '21.487562596892644']],
    ['log10(l)', 'double', ['1.0', '9.477121254719663', null, null, null]],
    ['log2(8)', 'double', ['3.0', '3.0', '3.0', '3.0', '3.0']],
    ['cbrt(i)', 'double', ['1.0', '-1.9129311827723894', null, '0.0', '1290.1591548920912']],
  ])('%s on DuckDB, refused on danfo', async (text, type, values) => {
    expect(await duckdbRows(conn, text)).toEqual({ type, values });
    expect(jsRows(text)).toMatchObject({ error: 'E_UNSUPPORTED_FUNCTION' });
  });
});
