/**
 * The run-time bound behind validation's: an aggregate that doubles its accumulator is refused
 * when validated, and should one ever get through, DuckDB's fold stops at the fold limits instead
 * of growing outside its memory accounting (28 doublings took a job 5 GB past its 2 GB limit).
 * Validation's growth check is switched off here to reach the fold.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { valueLimits } from '@pipeline/engine-core';

/** The fold limits under the 2GB memory limit the jobs run with. */
const { foldBytes, foldElements } = valueLimits(2e9);

jest.mock('../../../expression/src/text-growth', () => ({
  ...jest.requireActual('../../../expression/src/text-growth'),
  findTextGrowthProblem: () => undefined,
}));

function pipeline(column: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: raw',
    '      source: { input: { format: csv, path: seed.csv } }',
    '    - asset_ref: grown',
    `      source: { select: { from: raw, columns: [${JSON.stringify(column)}] } }`,
    '    - asset_ref: out',
    '      source: { output: { from: grown, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

describe('an accumulator that doubles, past validation, on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('seed.csv', 's\nabcde\nfghij\n');
  });
  afterEach(() => root.cleanup());
  const run = (column: string) => executePlan(plan(pipeline(column)), { dataRoot: root.dir, backend: 'duckdb', duckdb: { memoryLimit: '2GB' } });

  // Few enough doublings (at most 21 MB, a million values) to run without the bound as well.
  it.each([
    ['text, state and elements of one type', 'aggregate(array_repeat(s, 22), s, (acc, x) -> concat(acc, acc)) AS r', `past ${foldBytes} bytes`],
    ['text, elements of another type', 'aggregate(array_repeat(1, 14), s, (acc, x) -> concat_ws(acc, acc, acc)) AS r', `past ${foldBytes} bytes`],
    ['an array', 'size(aggregate(array_repeat(s, 20), array(s), (acc, x) -> flatten(array(acc, acc)))) AS r', `past ${foldElements} values`],
  ])('fails the job with E_VALUE for %s', async (_what, column, limit) => {
    await expect(run(column)).rejects.toMatchObject({ code: 'E_VALUE', message: expect.stringContaining(`aggregate's accumulator grew ${limit}`) });
  });

  it('fails a step that would take the accumulator past the limit before taking it (the merge names it 9 times)', async () => {
    // 5,000 characters are within the limit; one nine-way concat_ws of them (75,000) is not.
    root.write('seed.csv', `s\n${'a'.repeat(5000)}\n`);
    await expect(run('length(aggregate(array(1), s, (acc, x) -> concat_ws(acc, acc, acc, acc, acc, acc, acc, acc, acc))) AS r')).rejects.toMatchObject({
      code: 'E_VALUE',
      details: { asset: 'grown' },
      message: expect.stringContaining(`aggregate's accumulator grew past ${foldBytes} bytes`),
    });
    await run('length(aggregate(array(1, 2), s, (acc, x) -> concat(acc, x))) AS r');
    expect(root.read('out.csv')).toBe('r\n5002\n');
  });
});
