/**
 * describe on both backends: a summary column and one double column per numeric column, one row per
 * statistic in the order listed, NULLs skipped; an empty input; a text column refused.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { stepPipeline } from '../__fixtures__/step-pipeline';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const DATA = 'name,a,b\nx,1,2.5\ny,3,\nz,,4.5\nw,5,0.5\n';

const pipeline = (step: string): string => stepPipeline(step, 'data', 'data.csv');

describe.each(BACKENDS)('describe on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('data.csv', DATA);
  });
  afterEach(() => root.cleanup());
  const run = (step: string) => executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });

  it('describes every numeric column with every statistic by default', async () => {
    await run('{ describe: { from: data } }');
    expect(root.read('out.csv')).toBe(
      'summary,a,b\ncount,3.0,3.0\nmean,3.0,2.5\nstddev,2.0,2.0\nmin,1.0,0.5\nmax,5.0,4.5\n25%,2.0,1.5\n50%,3.0,2.5\n75%,4.0,3.5\n',
    );
  });

  it('computes the statistics listed, in their order, of the columns named', async () => {
    await run('{ describe: { from: data, columns: [B], statistics: [max, count] } }');
    expect(root.read('out.csv')).toBe('summary,b\nmax,4.5\ncount,3.0\n');
  });

  it('counts 0 and leaves the rest NULL over no rows', async () => {
    root.write('data.csv', 'name,a\n');
    await run('{ describe: { from: data, statistics: [count, mean] } }');
    expect(root.read('out.csv')).toBe('summary\ncount\nmean\n');
    root.write('data.csv', 'name,a\nx,1\n');
    await run('{ describe: { from: data, statistics: [count, stddev] } }');
    expect(root.read('out.csv')).toBe('summary,a\ncount,1.0\nstddev,\n');
  });

  it('refuses a text column', async () => {
    await expect(run('{ describe: { from: data, columns: [a, name] } }')).rejects.toThrow('asset "step": E-EXPR-001: columns: column "name" is string: describe computes statistics of numeric columns');
  });
});
