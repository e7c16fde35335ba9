/**
 * unpivot on both backends: one row per input row and value column, in input order then in the
 * order `values` lists them, NULLs kept, values widened to their common type; clear refusals.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { stepPipeline } from '../__fixtures__/step-pipeline';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const WIDE = 'id,name,q1,q2,q3,day\n1,ann,10,2.5,,2024-01-02\n2,bob,,4,7,2024-03-04\n';

const pipeline = (step: string): string => stepPipeline(step, 'wide', 'wide.csv');

const CASES: [string, string, string][] = [
  [
    'integers and doubles widen to double; NULLs kept',
    '{ unpivot: { from: wide, ids: [id, name], values: [q1, q2, q3], variableColumn: quarter, valueColumn: amount } }',
    'id,name,quarter,amount\n1,ann,q1,10.0\n1,ann,q2,2.5\n1,ann,q3,\n2,bob,q1,\n2,bob,q2,4.0\n2,bob,q3,7.0\n',
  ],
  [
    'values in the order listed, names resolved case-insensitively',
    '{ unpivot: { from: wide, ids: [ID], values: [Q3, q1], variableColumn: k, valueColumn: v } }',
    'id,k,v\n1,q3,\n1,q1,10\n2,q3,7\n2,q1,\n',
  ],
  ['a date column alone', '{ unpivot: { from: wide, ids: [name], values: [day], variableColumn: k, valueColumn: v } }', 'name,k,v\nann,day,2024-01-02\nbob,day,2024-03-04\n'],
];

describe.each(BACKENDS)('unpivot on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('wide.csv', WIDE);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, step, expected) => {
    await executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('gives no rows for an empty input', async () => {
    root.write('wide.csv', 'id,name,q1,q2,q3,day\n');
    await executePlan(plan(pipeline(CASES[0][1])), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('id,name,quarter,amount\n');
  });

  it('refuses values without a common type and a new column named as an id', async () => {
    const fails = (step: string) => executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    await expect(fails('{ unpivot: { from: wide, ids: [id], values: [q1, name], variableColumn: k, valueColumn: v } }')).rejects.toThrow(
      'asset "step": E-EXPR-001: values: column "name" is string, which has no common type with the long of the columns before it: the unpivoted values share one column',
    );
    await expect(fails('{ unpivot: { from: wide, ids: [id, name], values: [q1], variableColumn: name, valueColumn: v } }')).rejects.toThrow('duplicate output column "name"');
  });
});
