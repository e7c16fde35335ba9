/**
 * Looking at data: an asset previewed from its upstream assets only, nothing written, and an
 * output read back from the data root, as typed JSON rows that both backends give alike.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { shapedPipeline } from '../__fixtures__/shaped-pipeline';
import type { BackendName } from '@pipeline/engine-core';
import { executePlan } from '../execute-plan';
import { previewAsset, previewSteps, readOutputRows } from './look';

const PEOPLE = ['id,name,score,ok,born', '1,Ann,1.5,true,2001-02-03', '2,Bo,,false,1999-12-31', '3,Cy,-0.25,true,'].join('\n') + '\n';

const pipeline = (output = 'out.csv', format = 'csv'): string =>
  [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: people',
    '      source: { input: { format: csv, path: people.csv, options: { header: "true", inferSchema: "true" } } }',
    '    - asset_ref: unrelated',
    '      source: { input: { format: csv, path: missing.csv, options: { header: "true" } } }',
    '    - asset_ref: shaped',
    '      source:',
    '        select:',
    '          from: people',
    '          columns: ["id", "name", "score * 2 AS twice", "ok", "born", "CAST(born AS TIMESTAMP) AS at", "CAST(score AS DECIMAL(10,2)) AS d", "CAST(id AS DOUBLE) / 0 AS inf"]',
    '    - asset_ref: out',
    `      source: { output: { from: shaped, format: ${format}, path: ${output}, mode: overwrite } }`,
  ].join('\n');

const EXPECTED_COLUMNS = [
  { name: 'id', type: 'long' },
  { name: 'name', type: 'string' },
  { name: 'twice', type: 'double' },
  { name: 'ok', type: 'boolean' },
  { name: 'born', type: 'date' },
  { name: 'at', type: 'timestamp' },
  { name: 'd', type: 'decimal(10,2)' },
  { name: 'inf', type: 'double' },
];

const EXPECTED_ROWS = [
  [1, 'Ann', 3, true, '2001-02-03', '2001-02-03 00:00:00', 1.5, 'Infinity'],
  [2, 'Bo', null, false, '1999-12-31', '1999-12-31 00:00:00', null, 'Infinity'],
  [3, 'Cy', -0.5, true, null, null, -0.25, 'Infinity'],
];

describe.each(['duckdb', 'danfo'] as BackendName[])('%s: looking at data', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('people.csv', PEOPLE);
  });
  afterEach(() => root.cleanup());
  const config = () => ({ dataRoot: root.dir, backend });

  it('previews an asset as typed JSON, computing only its upstream and writing nothing', async () => {
    const before = root.files();
    // `unrelated` reads a file that does not exist: computing it would fail the preview.
    const result = await previewAsset(config(), plan(pipeline()), 'shaped', 100);
    expect(result).toEqual({ columns: EXPECTED_COLUMNS, rows: EXPECTED_ROWS, truncated: false });
    expect(root.files()).toEqual(before);
  });

  it('previews what an output writes when given its name, cut at the limit', async () => {
    const result = await previewAsset(config(), plan(pipeline()), 'out', 2);
    expect(result).toEqual({ columns: EXPECTED_COLUMNS, rows: EXPECTED_ROWS.slice(0, 2), truncated: true });
    expect(root.exists('out.csv')).toBe(false);
  });

  it('previews an input itself', async () => {
    const result = await previewAsset(config(), plan(pipeline()), 'people', 1);
    expect(result.rows).toEqual([[1, 'Ann', 1.5, true, '2001-02-03']]);
    expect(result.truncated).toBe(true);
  });

  it.each([
    ['out.csv', 'csv'],
    ['out.json', 'json'],
  ])('reads back an output written as %s', async (file, format) => {
    const p = plan(pipeline(file, format).replace('missing.csv', 'people.csv'));
    await executePlan(p, { dataRoot: root.dir, backend });
    const result = await readOutputRows(config(), { asset: 'out', format: format as 'csv', path: file, options: {} }, 2);
    expect(result.columns.map((c) => c.name)).toEqual(EXPECTED_COLUMNS.map((c) => c.name));
    expect(result.rows[0].slice(0, 5)).toEqual([1, 'Ann', 3, true, '2001-02-03']);
    expect(result.rows).toHaveLength(2);
    expect(result.truncated).toBe(true);
    const all = await readOutputRows(config(), { asset: 'out', format: format as 'csv', path: file, options: {} }, 3);
    expect(all.truncated).toBe(false);
  });

  it('refuses an output file since removed, and a path outside the data root', async () => {
    await expect(readOutputRows(config(), { asset: 'out', format: 'csv', path: 'gone.csv', options: {} }, 10)).rejects.toMatchObject({ code: 'E_FILE_NOT_FOUND' });
    await expect(readOutputRows(config(), { asset: 'out', format: 'csv', path: '../escape.csv', options: {} }, 10)).rejects.toMatchObject({ code: 'E_PATH_OUTSIDE_ROOT' });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(previewAsset(config(), plan(pipeline()), 'shaped', 10, { signal: controller.signal })).rejects.toMatchObject({ code: 'E_CANCELLED' });
  });
});

describe('previewSteps', () => {
  it('keeps the asset and its upstream only, and maps an output to the asset it writes', () => {
    const { target, plan: needed } = previewSteps(plan(pipeline()), 'out');
    expect(target).toBe('shaped');
    expect(needed.steps.map((s) => s.ref)).toEqual(['people', 'shaped']);
    expect(needed.quality).toBeUndefined();
  });

  it('names an unknown asset', () => {
    expect(() => previewSteps(plan(pipeline()), 'nope')).toThrow('the pipeline has no asset "nope"');
  });
});

describe('nested values on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('events.json', '{"id": 1, "tags": ["a", "b"], "addr": {"city": "Oslo", "zip": 150}}\n{"id": 2, "tags": [], "addr": null}\n');
  });
  afterEach(() => root.cleanup());

  it('gives arrays, structs and maps as JSON values with their nested types', async () => {
    const p = plan(shapedPipeline(['id', 'tags', 'addr', "map('k', id) AS m"], { output: { path: 'out.parquet', format: 'parquet' } }));
    const preview = await previewAsset({ dataRoot: root.dir, backend: 'duckdb' }, p, 'shaped', 10);
    const expected = {
      columns: [
        { name: 'id', type: 'long' },
        { name: 'tags', type: 'array<string>' },
        { name: 'addr', type: 'struct<city:string,zip:long>' },
        { name: 'm', type: 'map<string,long>' },
      ],
      rows: [
        [1, ['a', 'b'], { city: 'Oslo', zip: 150 }, { k: 1 }],
        [2, [], null, { k: 2 }],
      ],
      truncated: false,
    };
    expect(preview).toEqual(expected);
    await executePlan(p, { dataRoot: root.dir, backend: 'duckdb' });
    expect(await readOutputRows({ dataRoot: root.dir, backend: 'duckdb' }, { asset: 'out', format: 'parquet', path: 'out.parquet', options: {} }, 10)).toEqual(expected);
  });
});
