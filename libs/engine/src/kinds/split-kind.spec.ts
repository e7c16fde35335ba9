/** split on both backends: pass holds the rows where the condition is true, fail the rest, NULL included. */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const DATA = ['id,status_code,endpoint', '1,200,/a', '2,500,/a', '3,,/b', '4,200,/b', '5,404,/a', ''].join('\n');

const PIPELINE = [
  'version: "3.0"',
  'input:',
  '  - name: calls',
  '    format: csv',
  '    path: calls.csv',
  'transformation:',
  '  - name: byStatus',
  '    split: { from: calls, condition: "status_code = 200", pass: ok, fail: failed }',
  'output:',
  '  - { name: ok, format: csv, path: ok.csv, mode: overwrite }',
  '  - { name: failed, format: csv, path: failed.csv, mode: overwrite }',
].join('\n');

describe.each(BACKENDS)('split on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('calls.csv', DATA);
  });
  afterEach(() => root.cleanup());

  const rows = (file: string): string[] => root.read(file).trimEnd().split('\n').slice(1);

  it('routes true rows to pass and false or NULL rows to fail, in input order', async () => {
    const result = await executePlan(plan(PIPELINE), { dataRoot: root.dir, backend });
    expect(rows('ok.csv')).toEqual(['1,200,/a', '4,200,/b']);
    expect(rows('failed.csv')).toEqual(['2,500,/a', '3,,/b', '5,404,/a']);
    expect(result.outputs.map((o) => [o.ref, o.rowsWritten])).toEqual([
      ['output_ok', 2],
      ['output_failed', 3],
    ]);
  });
});

describe.each(BACKENDS)('progress of a run on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('calls.csv', DATA);
  });
  afterEach(() => root.cleanup());

  it('reports each asset as it is done, with its time and the rows each output staged', async () => {
    const seen: { ms: number }[] = [];
    const result = await executePlan(plan(PIPELINE), { dataRoot: root.dir, backend }, { onStep: (p) => seen.push(p) });
    expect(seen).toEqual([
      { ref: 'calls', done: 1, total: 6, ms: expect.any(Number) },
      { ref: 'byStatus', done: 2, total: 6, ms: expect.any(Number) },
      { ref: 'ok', done: 3, total: 6, ms: expect.any(Number) },
      { ref: 'failed', done: 4, total: 6, ms: expect.any(Number) },
      { ref: 'output_ok', done: 5, total: 6, ms: expect.any(Number), rowsStaged: 2 },
      { ref: 'output_failed', done: 6, total: 6, ms: expect.any(Number), rowsStaged: 3 },
    ]);
    // The time each step reports is the one the result's steps give it.
    expect(seen.map((p) => p.ms)).toEqual(result.steps.map((s) => s.ms));
  });
});
