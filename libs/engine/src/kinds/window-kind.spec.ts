/**
 * window (spec 8.15) and inline OVER (9.10) on both backends, against results computed by hand:
 * partition edges, NULL keys and values, ties, default and explicit frames; rows keep input order.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { stepPipeline } from '../__fixtures__/step-pipeline';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const DATA = [
  'id,dept,salary',
  '1,eng,100',
  '2,eng,120',
  '3,ops,90',
  '4,eng,100',
  '5,ops,',
  '6,,70',
  '7,eng,80',
  '8,ops,95',
  '',
].join('\n');

const pipeline = (step: string): string => stepPipeline(step, 'emp', 'emp.csv');

const CASES: [string, string, string][] = [
  [
    "the spec's example: rows frame, row_number, running sum, lag",
    `{ window: { from: emp, partitionBy: [dept], orderBy: [ { column: salary, direction: desc } ], frame: { type: rows, start: "unbounded preceding", end: "current row" }, functions: [ { expression: "row_number()", alias: rank }, { expression: "sum(salary)", alias: running_total }, { expression: "lag(salary, 1)", alias: prev_salary } ] } }`,
    [
      'id,dept,salary,rank,running_total,prev_salary',
      '1,eng,100,2,220,120',
      '2,eng,120,1,120,',
      '3,ops,90,2,185,95',
      '4,eng,100,3,320,100',
      '5,ops,,3,185,90',
      '6,,70,1,70,',
      '7,eng,80,4,400,100',
      '8,ops,95,1,95,',
    ].join('\n'),
  ],
  [
    'rank and dense_rank keep ties; the default range frame sums ties together',
    `{ window: { from: emp, partitionBy: [dept], orderBy: [salary], functions: [ { expression: "rank()", alias: r }, { expression: "dense_rank()", alias: d }, { expression: "sum(salary)", alias: s }, { expression: "count(*)", alias: c } ] } }`,
    [
      'id,dept,salary,r,d,s,c',
      '1,eng,100,2,2,280,3',
      '2,eng,120,4,3,400,4',
      '3,ops,90,1,1,90,1',
      '4,eng,100,2,2,280,3',
      '5,ops,,3,3,185,3',
      '6,,70,1,1,70,1',
      '7,eng,80,1,1,80,1',
      '8,ops,95,2,2,185,2',
    ].join('\n'),
  ],
  [
    'without orderBy the frame is the whole partition',
    `{ window: { from: emp, partitionBy: [dept], functions: [ { expression: "avg(salary)", alias: mean }, { expression: "max(salary) - min(salary)", alias: spread } ] } }`,
    ['id,dept,salary,mean,spread', '1,eng,100,100.0,40', '2,eng,120,100.0,40', '3,ops,90,92.5,5', '4,eng,100,100.0,40', '5,ops,,92.5,5', '6,,70,70.0,0', '7,eng,80,100.0,40', '8,ops,95,92.5,5'].join('\n'),
  ],
  [
    'a sliding rows frame, lead with a default, ntile and first/last value',
    `{ window: { from: emp, partitionBy: [dept], orderBy: [id], frame: { type: rows, start: "1 preceding", end: "1 following" }, functions: [ { expression: "sum(salary)", alias: around }, { expression: "lead(salary, 1, 0)", alias: next }, { expression: "ntile(2)", alias: half }, { expression: "first_value(salary)", alias: f }, { expression: "last_value(salary)", alias: l } ] } }`,
    [
      'id,dept,salary,around,next,half,f,l',
      '1,eng,100,220,120,1,100,120',
      '2,eng,120,320,100,1,100,100',
      '3,ops,90,90,,1,90,',
      '4,eng,100,300,80,2,120,80',
      '5,ops,,185,95,1,90,95',
      '6,,70,70,0,1,70,70',
      '7,eng,80,180,0,2,100,80',
      '8,ops,95,95,0,2,,95',
    ].join('\n'),
  ],
  [
    'a range frame of values within 10 of the row',
    `{ window: { from: emp, partitionBy: [dept], orderBy: [salary], frame: { type: range, start: "10 preceding", end: "10 following" }, functions: [ { expression: "count(salary)", alias: near } ] } }`,
    ['id,dept,salary,near', '1,eng,100,2', '2,eng,120,1', '3,ops,90,2', '4,eng,100,2', '5,ops,,0', '6,,70,1', '7,eng,80,1', '8,ops,95,2'].join('\n'),
  ],
  [
    'inline OVER in select and addColumns',
    `{ select: { from: emp, columns: [ id, "row_number() OVER (PARTITION BY dept ORDER BY salary DESC NULLS FIRST) AS pos", "salary - avg(salary) OVER (PARTITION BY dept) AS diff" ] } }`,
    ['id,pos,diff', '1,2,0.0', '2,1,20.0', '3,3,-2.5', '4,3,0.0', '5,1,', '6,1,0.0', '7,4,-20.0', '8,2,2.5'].join('\n'),
  ],
];

describe.each(BACKENDS)('window on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('emp.csv', DATA);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, step, expected) => {
    await executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv').trimEnd()).toBe(expected);
  });

  it('gives an empty input an empty output', async () => {
    root.write('emp.csv', 'id,dept,salary\n');
    await executePlan(plan(pipeline('{ window: { from: emp, partitionBy: [dept], functions: [ { expression: "row_number()", alias: n } ] } }')), { dataRoot: root.dir, backend });
    expect(root.read('out.csv').trimEnd()).toBe('id,dept,salary,n');
  });
});
