/**
 * Every kind case of the engine's parity suite (__fixtures__/kind-cases.ts) on Spark against
 * DuckDB, cell by cell (in order where the pipeline orders, as a multiset of rows otherwise; rows
 * stamped with the run's time read NOW). A kind Spark does not run must be refused at submission
 * with V-014 naming it and saying why, nothing written; a case of a kind Spark runs may only be
 * refused for a function it calls, the same way. Every transformation kind is covered.
 */
import { KIND_NAMES, type SourceKind } from '@pipeline/definition';
import { CASES, comparable, EMPTY, FULL, pipeline, type Outcome } from '../__fixtures__/kind-cases';
import { isUnsupported } from '@pipeline/engine-core';
import { SPARK_KINDS } from '@pipeline/engine-spark';
import { runOn, runQueue, sparkRefusal } from './__fixtures__/parity-run';

/** Steps for the kinds the shared cases leave out (danfo refuses them), read from emp. */
const MORE_STEPS: Partial<Record<SourceKind, string>> = {
  flatten: '{ flatten: { from: emp } }',
  parse: '{ parse: { from: emp, column: name, format: csv, schema: [{ name: a, dataType: string }] } }',
};

const transformations = KIND_NAMES.filter((k) => k !== 'input' && k !== 'output');
const refused = (k: SourceKind): boolean => isUnsupported(SPARK_KINDS[k as keyof typeof SPARK_KINDS]);
const assetOf = (step: string): string => (step.startsWith('{ split:') ? 'splitter' : 'step');

// Two Spark jobs at once keep the test server's two cores busy; DuckDB's runs are short.
const QUEUES = { spark: runQueue(2), duckdb: runQueue(1) };
afterAll(() => Promise.all([QUEUES.spark.drain(), QUEUES.duckdb.drain()]));

async function run(backend: 'duckdb' | 'spark', step: string, files: Record<string, string>, stamped: boolean): Promise<Outcome & { files?: string[] }> {
  const outcome = await QUEUES[backend](() => runOn(backend, pipeline(step), files));
  if ('error' in outcome) return { error: `${outcome.error}: ${outcome.message}`, files: outcome.files };
  const inputs = Object.values(files).join('\n');
  const stamp = (cell: string): string => (stamped && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(cell) && !inputs.includes(cell) ? 'NOW' : cell);
  return { rows: outcome.rows.map((row) => row.map(stamp)) };
}

describe('every kind gives DuckDB\'s cells on Spark, or is refused at submission', () => {
  it('covers every transformation kind', () => {
    const covered = new Set([...CASES.map((c) => c.kind), ...Object.keys(MORE_STEPS)]);
    expect(transformations.filter((k) => !covered.has(k))).toEqual([]);
  });

  const refusals = transformations.filter(refused).map((kind) => [kind, CASES.find((c) => c.kind === kind)?.step ?? (MORE_STEPS[kind] as string)] as const);
  it.each(refusals)('refuses %s with V-014 naming it and why', (kind, step) => {
    expect(sparkRefusal(pipeline(step))).toMatchObject({
      code: 'V-014',
      message: `V-014: asset "${assetOf(step)}": ${kind} is not supported by backend "spark"`,
      details: { backend: 'spark', reason: expect.stringMatching(/\w/) },
    });
  });

  describe.each([
    ['data with NULLs, duplicates and mixed types', FULL],
    ['empty inputs', EMPTY],
  ])('over %s', (_label, files) => {
    const cases = CASES.filter((c) => !refused(c.kind));
    // Every case's runs, queued when the first test starts, in test order.
    let runs: Map<(typeof cases)[number], Promise<[duck: Outcome, spark: Outcome]>> | undefined;
    const queueAll = (): NonNullable<typeof runs> =>
      new Map(cases.filter((c) => sparkRefusal(pipeline(c.step)) === undefined).map((c) => [c, Promise.all([run('duckdb', c.step, files, c.stamped === true), run('spark', c.step, files, c.stamped === true)])]));
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const refusal = sparkRefusal(pipeline(c.step));
      if (refusal !== undefined) {
        // Only for a function the case calls: the kind itself runs.
        expect(refusal).toMatchObject({ code: 'V-014', message: expect.stringMatching(/: function "\w+" is not supported by backend "spark"$/) });
        return;
      }
      runs ??= queueAll();
      const [duck, spark] = await (runs.get(c) as Promise<[Outcome, Outcome]>);
      expect(comparable(spark, c.ordered === true)).toEqual(comparable(duck, c.ordered === true));
    });
  });
});
