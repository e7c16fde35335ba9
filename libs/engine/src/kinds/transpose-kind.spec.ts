/**
 * transpose on both backends: non-index columns as rows (column order), input rows as columns
 * (input order) named by their index values or row_<n>, values widened to one type; refusals.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { stepPipeline } from '../__fixtures__/step-pipeline';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const DATA = 'metric,day,cpu,mem\nload,1,0.5,2\npeak,2,,4\n';

const pipeline = (step: string): string => stepPipeline(step, 'data', 'data.csv');

describe.each(BACKENDS)('transpose on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('data.csv', DATA);
  });
  afterEach(() => root.cleanup());
  const run = (step: string) => executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });

  it('names the new columns by the index values; numbers widen to double', async () => {
    await run('{ transpose: { from: data, indexColumns: [metric] } }');
    expect(root.read('out.csv')).toBe('column,load,peak\nday,1.0,2.0\ncpu,0.5,\nmem,2.0,4.0\n');
  });

  it('joins several index values with _ and names rows row_<n> without index', async () => {
    await run('{ transpose: { from: data, indexColumns: [metric, day] } }');
    expect(root.read('out.csv')).toBe('column,load_1,peak_2\ncpu,0.5,\nmem,2.0,4.0\n');
    root.write('data.csv', 'a,b\n1,2\n3,4\n5,6\n');
    await run('{ transpose: { from: data } }');
    expect(root.read('out.csv')).toBe('column,row_1,row_2,row_3\na,1,3,5\nb,2,4,6\n');
  });

  it('gives one row per column and no value column for an empty input', async () => {
    root.write('data.csv', 'a,b\n');
    await run('{ transpose: { from: data } }');
    expect(root.read('out.csv')).toBe('column\na\nb\n');
  });

  it('refuses columns without a common type', async () => {
    await expect(run('{ transpose: { from: data } }')).rejects.toThrow('asset "step": E-EXPR-001: indexColumns: column "day" is long, which has no common type with the string of the columns before it');
  });
});
