/**
 * An output's rows are counted while Spark writes them (observed-write.ts), on a real Spark
 * Connect server: `rows_written` is the rows in the written files, none and many, and no query
 * computes the relation a second time to count it.
 */
import * as path from 'node:path';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { readSparkCsv, sparkConfig } from './__fixtures__/spark-output';
import { statementsOf } from './__fixtures__/spark-statements';

// The module's exports as plain properties, so that connectSpark can be wrapped.
jest.mock('@pipeline/spark-connect', () => ({ __esModule: true, ...jest.requireActual('@pipeline/spark-connect') }));

const yaml = (filter: string): string =>
  [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: src',
    '      source: { input: { format: csv, path: in.csv } }',
    '    - asset_ref: kept',
    `      source: { where: { from: src, filter: ${JSON.stringify(filter)} } }`,
    '    - asset_ref: out',
    '      source: { output: { from: kept, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');

describe('spark outputs counted while written', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('in.csv', `n,tag\n${Array.from({ length: 1000 }, (_, i) => `${i},${i % 7 === 0 ? 'seven' : 'other'}`).join('\n')}\n`);
  });
  afterEach(() => root.cleanup());

  it('reports the rows in the written files without counting the relation first', async () => {
    const { statements, result } = await statementsOf(() => executePlan(plan(yaml("tag = 'seven'")), { ...sparkConfig(root.dir), backend: 'spark' }));
    const written = readSparkCsv(path.join(root.dir, 'out.csv')).trimEnd().split('\n').slice(1);
    expect(written).toHaveLength(143);
    expect(result.outputs[0]).toMatchObject({ rowsWritten: 143 });
    // The relation was computed once, by the write: no count(*) of it before or after.
    expect(statements.filter((s) => /count\(/i.test(s))).toEqual([]);
    expect(statements.filter((s) => s === '<plan>')).toHaveLength(1);
  });

  it('reports 0 for an output of no rows', async () => {
    const { result } = await statementsOf(() => executePlan(plan(yaml("tag = 'none'")), { ...sparkConfig(root.dir), backend: 'spark' }));
    expect(result.outputs[0]).toMatchObject({ rowsWritten: 0, skipped: false });
    expect(readSparkCsv(path.join(root.dir, 'out.csv')).trimEnd().split('\n').filter((l) => l !== '').slice(1)).toEqual([]);
  });
});
