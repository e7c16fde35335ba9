/**
 * A CSV input without quotes is read by Spark line by line (split into tasks); one with a quoted
 * line break is still read whole, its record intact (csv-line-records.ts), on a real Spark.
 */
import * as path from 'node:path';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { readSparkCsv, sparkConfig } from './__fixtures__/spark-output';
import { statementsOf } from './__fixtures__/spark-statements';

// The module's exports as plain properties, so that connectSpark can be wrapped.
jest.mock('@pipeline/spark-connect', () => ({ __esModule: true, ...jest.requireActual('@pipeline/spark-connect') }));

const yaml = [
  'version: "3.0"',
  'pipeline:',
  '  assets:',
  '    - asset_ref: src',
  '      source: { input: { format: csv, path: in.csv } }',
  '    - asset_ref: out',
  '      source: { output: { from: src, format: csv, path: out.csv, mode: overwrite } }',
].join('\n');

/** The reader options of the run's input view. */
const readerOf = (statements: string[]): string | undefined => statements.find((s) => s.includes(' USING csv OPTIONS'));

describe('spark CSV inputs read line by line when they can be', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
  });
  afterEach(() => root.cleanup());

  it('splits a file without quote characters into lines', async () => {
    root.write('in.csv', 'n,name\n1,ann\n2,bob\n');
    const { statements, result } = await statementsOf(() => executePlan(plan(yaml), { ...sparkConfig(root.dir), backend: 'spark' }));
    expect(readerOf(statements)).toContain("multiLine 'false'");
    expect(result.outputs[0]).toMatchObject({ rowsWritten: 2 });
    expect(readSparkCsv(path.join(root.dir, 'out.csv'))).toBe('n,name\n1,ann\n2,bob\n');
  });

  it('reads a file with a quoted line break whole, the record intact', async () => {
    root.write('in.csv', 'n,name\n1,"two\nlines"\n2,bob\n');
    const { statements, result } = await statementsOf(() => executePlan(plan(yaml), { ...sparkConfig(root.dir), backend: 'spark' }));
    expect(readerOf(statements)).toContain("multiLine 'true'");
    expect(result.outputs[0]).toMatchObject({ rowsWritten: 2 });
    expect(readSparkCsv(path.join(root.dir, 'out.csv'))).toBe('n,name\n1,"two\nlines"\n2,bob\n');
  });
});
