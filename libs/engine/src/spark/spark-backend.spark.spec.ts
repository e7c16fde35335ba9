/** The spark backend end to end on a real Spark Connect server: reads, transformations, staged outputs. */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { readSparkCsv, sparkConfig } from './__fixtures__/spark-output';

describe('spark backend', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
  });
  afterEach(() => root.cleanup());

  it('runs a filter and writes the output directory with exact rows_written', async () => {
    root.write('in.csv', 'id,name\n1,a\n2,b\n3,c\n');
    const yaml = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: src',
      '      source: { input: { format: csv, path: in.csv } }',
      '    - asset_ref: f',
      '      source: { where: { from: src, filter: "id >= 2" } }',
      '    - asset_ref: out',
      '      source: { output: { from: f, format: csv, path: out.csv, mode: overwrite } }',
    ].join('\n');
    const result = await executePlan(plan(yaml), { ...sparkConfig(root.dir), backend: 'spark' });
    expect(result.outputs).toEqual([expect.objectContaining({ ref: 'out', rowsWritten: 2, path: 'out.csv' })]);
    expect(readSparkCsv(`${root.dir}/out.csv`)).toBe('id,name\n2,b\n3,c\n');
    expect(root.files().filter((f) => f.includes('.spark-'))).toEqual([]);
  });
});
