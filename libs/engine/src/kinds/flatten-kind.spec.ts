/**
 * flatten (spec 8.18) on DuckDB: struct fields become columns named by their path, recursively;
 * explodeArrays gives a row per element (NULL and empty arrays drop the row), struct elements
 * flattened alike; danfo refuses the kind with V-014.
 */
import { validatePipeline } from '@pipeline/validation';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { checkBackendSupport } from './check-backend-support';

const PEOPLE = [
  '{"id": 1, "name": {"first": "Ada", "last": "L"}, "address": {"city": "London", "geo": {"lat": 51.5, "lon": -0.1}}, "phones": ["1", "2"], "orders": [{"sku": "a", "n": 2}]}',
  '{"id": 2, "name": null, "address": {"city": null, "geo": null}, "phones": [], "orders": [{"sku": "b", "n": 1}, {"sku": "c", "n": 3}]}',
  '{"id": 3, "name": {"first": "Bo", "last": null}, "address": null, "phones": null, "orders": null}',
].join('\n');

function pipeline(step: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: people',
    '      source: { input: { format: json, path: people.json } }',
    '    - asset_ref: flat',
    `      source: ${step}`,
    '    - asset_ref: out',
    '      source: { output: { from: flat, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

describe('flatten on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('people.json', PEOPLE);
  });
  afterEach(() => root.cleanup());
  const run = (step: string) => executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend: 'duckdb' });

  it('turns struct fields into columns recursively and keeps arrays without explodeArrays', async () => {
    await run('{ flatten: { from: people } }');
    expect(root.read('out.csv')).toBe(
      [
        'id,name_first,name_last,address_city,address_geo_lat,address_geo_lon,phones,orders',
        `1,Ada,L,London,51.5,-0.1,"[1, 2]","[{'sku': a, 'n': 2}]"`,
        `2,,,,,,[],"[{'sku': b, 'n': 1}, {'sku': c, 'n': 3}]"`,
        '3,Bo,,,,,,',
        '',
      ].join('\n'),
    );
  });

  it('gives a row per element with explodeArrays, dropping NULL and empty arrays; several arrays multiply', async () => {
    await run("{ flatten: { from: people, separator: '.', explodeArrays: true } }");
    expect(root.read('out.csv')).toBe(
      [
        'id,name.first,name.last,address.city,address.geo.lat,address.geo.lon,phones,orders.sku,orders.n',
        '1,Ada,L,London,51.5,-0.1,1,a,2',
        '1,Ada,L,London,51.5,-0.1,2,a,2',
        '',
      ].join('\n'),
    );
  });

  it('explodes the one array of each row in element order', async () => {
    root.write('people.json', '{"id": 2, "orders": [{"sku": "b", "n": 1}, {"sku": "c", "n": 3}]}\n{"id": 1, "orders": [{"sku": "a", "n": 2}]}\n');
    await run('{ flatten: { from: people, explodeArrays: true } }');
    expect(root.read('out.csv')).toBe('id,orders_sku,orders_n\n2,b,1\n2,c,3\n1,a,2\n');
  });

  it('refuses two columns of one name', async () => {
    root.write('people.json', '{"a": {"b": 1}, "a_b": 2}\n');
    await expect(run('{ flatten: { from: people } }')).rejects.toThrow('column "a_b"');
  });

  it('is refused on danfo with V-014 naming kind and backend', () => {
    const validated = validatePipeline(pipeline('{ flatten: { from: people } }'));
    if (!validated.ok) throw new Error(validated.error.message);
    expect(checkBackendSupport(validated.pipeline.assets, 'danfo')).toMatchObject({
      code: 'V-014',
      message: 'V-014: asset "flat": flatten is not supported by backend "danfo"',
    });
  });
});
