/**
 * On DuckDB an asset read once, by an output, is written into the output's COPY instead of being
 * a view (its compiled step says `inline`): the output holds the same rows, and a failure in its
 * SELECT is still blamed on it.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { failure } from '../__fixtures__/failure';
import { executePlan } from '../execute-plan';
import { compileDuckDbPlan } from '@pipeline/engine-duckdb';

const pipeline = (columns: string, extraStep: boolean): string => pipelineFrom(`select: { from: raw, columns: [${columns}] }`, extraStep);

/** raw (people.csv) -> picked (`source`) -> out, with a pass-through `where` between when `extraStep`. */
const pipelineFrom = (source: string, extraStep: boolean): string =>
  [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: raw',
    '      source: { input: { format: csv, path: people.csv } }',
    '    - asset_ref: picked',
    `      source: { ${source} }`,
    // With the extra step, `picked` has a transformation reading it, so it stays a view.
    ...(extraStep
      ? ['    - asset_ref: again', '      source: { where: { from: picked, filter: "true" } }', '    - asset_ref: out', '      source: { output: { from: again, format: csv, path: out.csv, mode: overwrite } }']
      : ['    - asset_ref: out', '      source: { output: { from: picked, format: csv, path: out.csv, mode: overwrite } }']),
  ].join('\n');

describe('assets written into the statement that reads them', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('people.csv', 'id,name\n1,ann\n2,bob\n3,7\n');
  });
  afterEach(() => root.cleanup());
  /** Each compiled asset step as `asset:storage` (outputs as `asset:stage`). */
  const storage = (yaml: string): string[] =>
    compileDuckDbPlan(plan(yaml)).steps.flatMap((s) => (s.op === 'read' || s.op === 'relation' ? [`${s.asset}:${s.storage}`] : s.op === 'stage' ? [`${s.asset}:stage`] : []));

  it('a select read only by an output is no view, and the output holds what the view gave', async () => {
    const withView = pipeline('id, "upper(name) AS up"', true);
    const inlined = pipeline('id, "upper(name) AS up"', false);
    expect(storage(withView)).toEqual(['raw:inline', 'picked:view', 'again:inline', 'out:stage']);
    expect(storage(inlined)).toEqual(['raw:inline', 'picked:inline', 'out:stage']);
    await executePlan(plan(withView), { dataRoot: root.dir, backend: 'duckdb' });
    const throughViews = root.read('out.csv');
    await executePlan(plan(inlined), { dataRoot: root.dir, backend: 'duckdb' });
    expect(root.read('out.csv')).toBe(throughViews);
    expect(throughViews).toBe('id,up\n1,ANN\n2,BOB\n3,7\n');
  });

  it('a failure in its SELECT is blamed on it, as when it is a view', async () => {
    const failing = '"CAST(name AS INTEGER) AS n"';
    const asView = await failure(executePlan(plan(pipeline(failing, true)), { dataRoot: root.dir, backend: 'duckdb' }));
    const inlined = await failure(executePlan(plan(pipeline(failing, false)), { dataRoot: root.dir, backend: 'duckdb' }));
    expect(inlined.code).toBe('E_TYPE');
    expect(inlined.message).toMatch(/^asset "picked": /);
    expect(inlined).toEqual(asView);
    expect(root.files()).toEqual(['people.csv']);
  });

  it('a pattern from a column that RE2 cannot compile is blamed on the filter matching it, as danfo blames it', async () => {
    root.write('people.csv', 'id,name,pat\n1,ann,a.*\n2,bob,(\n');
    const matching = 'where: { from: raw, filter: "name RLIKE pat" }';
    const asView = await failure(executePlan(plan(pipelineFrom(matching, true)), { dataRoot: root.dir, backend: 'duckdb' }));
    const inlined = await failure(executePlan(plan(pipelineFrom(matching, false)), { dataRoot: root.dir, backend: 'duckdb' }));
    const onDanfo = await failure(executePlan(plan(pipelineFrom(matching, false)), { dataRoot: root.dir, backend: 'danfo' }));
    expect(inlined).toMatchObject({ code: 'E_BAD_PATTERN', message: expect.stringMatching(/^asset "picked": filter: invalid regular expression/) });
    expect(inlined).toEqual(asView);
    expect(onDanfo).toMatchObject({ code: 'E_BAD_PATTERN', message: expect.stringMatching(/^asset "picked": filter: invalid regular expression/) });
    expect(root.files()).toEqual(['people.csv']);
  });
});
