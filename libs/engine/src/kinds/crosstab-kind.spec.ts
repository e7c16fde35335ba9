/**
 * crosstab on both backends: one row per col1 value (NULL included, last), one column per
 * distinct non-NULL col2 value (ascending), counts with 0 for no rows; an empty input.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { stepPipeline } from '../__fixtures__/step-pipeline';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const SURVEY = 'city,answer,score\nrome,pro,1\nparis,con,2\nrome,con,2\nrome,pro,1\n,pro,10\nparis,,2\n';

const pipeline = (step: string): string => stepPipeline(step, 'survey', 'survey.csv');

describe.each(BACKENDS)('crosstab on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('survey.csv', SURVEY);
  });
  afterEach(() => root.cleanup());

  it('counts col2 values per col1 value; a NULL col2 counts nowhere', async () => {
    await executePlan(plan(pipeline('{ crosstab: { from: survey, col1: city, col2: answer } }')), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('city_answer,con,pro\nparis,1,0\nrome,1,2\n,0,1\n');
  });

  it('orders numeric values by value', async () => {
    await executePlan(plan(pipeline('{ crosstab: { from: survey, col1: answer, col2: score } }')), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('answer_score,1,2,10\ncon,0,2,0\npro,2,0,1\n,0,1,0\n');
  });

  it('gives only the first column for an empty input', async () => {
    root.write('survey.csv', 'city,answer,score\n');
    await executePlan(plan(pipeline('{ crosstab: { from: survey, col1: city, col2: answer } }')), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('city_answer\n');
  });

  it('refuses an unknown column, naming the field', async () => {
    await expect(executePlan(plan(pipeline('{ crosstab: { from: survey, col1: city, col2: mood } }')), { dataRoot: root.dir, backend })).rejects.toThrow(/asset "step": E-COL-001: col2: .*"mood"/);
  });
});
