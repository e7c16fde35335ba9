/**
 * The expression parity cases (__fixtures__/expression-cases.ts, which DuckDB and danfo share) on
 * Spark against DuckDB: each expression runs in a pipeline over the harness rows (NULLs,
 * negatives, zero, extremes) on both backends, and the written cells must be equal, with whether
 * each value is NULL compared apart (CSV writes NULL and '' alike). An expression calling a
 * function Spark does not compute must be refused at submission with V-014 naming that function
 * and saying why; one that fails must fail on Spark with DuckDB's code. Every catalogue function
 * is covered: run, or refused.
 *
 * Expressions run in batches (one pipeline, one column each) to keep Spark's fixed cost per job
 * down; a batch that fails is halved until the expression's part runs (or it runs alone).
 */
import { FUNCTION_NAMES, parseExpression } from '@pipeline/definition';
import { AGGREGATE_EXPRESSIONS, ERROR_EXPRESSIONS, ROW_EXPRESSIONS, WIDENING } from '../__fixtures__/expression-cases';
import { functionsCalled, isUnsupported } from '@pipeline/engine-core';
import { runOn, runQueue, sparkRefusal, type RunOutcome } from './__fixtures__/parity-run';
import { SPARK_FUNCTIONS } from '@pipeline/engine-spark';
import { EXTRA_FUNCTION_CASES } from './__fixtures__/function-cases';
import { KNOWN_AGGREGATE_GAPS, KNOWN_FAILURE_GAPS, KNOWN_ROW_GAPS } from './__fixtures__/known-gaps';
import { harnessPipeline, yamlList } from './__fixtures__/harness-pipeline';

/** The harness table of expression-harness.ts, built by expressions so both backends type it alike. */
const TABLE: readonly (readonly [name: string, type: string, values: readonly string[]])[] = [
  ['i', 'integer', ['1', '-7', 'NULL', '0', '2147483647']],
  ['l', 'long', ['10', '3000000000', 'NULL', '0', '-42']],
  ['d', 'double', ["'1.5'", "'-2.5'", 'NULL', "'0.0'", "'1e20'"]],
  ['s', 'string', ["'Alice'", "'bob'", 'NULL', "''", "'a''b %_x'"]],
  ['b', 'boolean', ['TRUE', 'FALSE', 'NULL', 'TRUE', 'FALSE']],
  ['dt', 'date', ["DATE '2024-01-31'", "DATE '2023-02-28'", 'NULL', "DATE '2000-02-29'", "DATE '1969-12-31'"]],
  ['ts', 'timestamp', ["TIMESTAMP '2024-01-31 10:20:30.5'", "TIMESTAMP '2023-02-28 23:59:59'", 'NULL', "TIMESTAMP '2000-02-29 00:00:00'", "TIMESTAMP '1969-12-31 23:00:00.000001'"]],
  ['m', 'decimal(10,2)', ["'1.25'", "'-0.5'", 'NULL', "'0.00'", "'99999999.99'"]],
  ['g', 'string', ["'a'", "'a'", "'b'", "'b'", "'c'"]],
];
const FILES = { 'rows.csv': 'row_\n0\n1\n2\n3\n4\n' };

const typed = TABLE.map(([name, type, values]) => `CAST(CASE ${values.map((v, row) => `WHEN row_ = ${row} THEN ${v}`).join(' ')} END AS ${type}) AS ${name}`);

/** A pipeline over the harness table whose step computes `columns` (grouped by g, or row by row), sorted, written to out.csv. */
function pipelineOf(columns: readonly string[], grouped: boolean, sortBy: string | undefined): string {
  const step = grouped ? `{ group: { from: t, by: [g], agg: ${yamlList(columns)} } }` : `{ select: { from: t, columns: ${yamlList(columns)} } }`;
  return harnessPipeline(typed, step, sortBy);
}

/** The pipeline computing `expressions` (as columns e0, n0, e1, n1, ...: the value, and whether it is NULL). */
function document(expressions: readonly string[], grouped: boolean): string {
  const columns = expressions.flatMap((e, k) => [`(${e}) AS e${k}`, `((${e}) IS NULL) AS n${k}`]);
  return grouped ? pipelineOf(columns, true, 'g') : pipelineOf(['row_', ...columns], false, 'row_');
}

/** The smallest pipeline calling `expression`: what a refusal is checked on. */
function callDocument(expression: string, grouped: boolean): string {
  return pipelineOf([`${expression} AS e0`], grouped, undefined);
}

/** Column `k`'s values (and NULL flags) of a batch's outcome, or its failure code. */
type Cells = { readonly values: string[] } | { readonly error: string; readonly message: string };

function column(outcome: RunOutcome, k: number): Cells {
  if ('error' in outcome) return { error: outcome.error, message: outcome.message };
  const [header, ...rows] = outcome.rows;
  const e = (header ?? []).indexOf(`e${k}`);
  const n = (header ?? []).indexOf(`n${k}`);
  return { values: rows.map((r) => `${r[n] === 'true' ? 'NULL' : r[e]}`) };
}

// Two Spark jobs at once keep the test server's two cores busy; DuckDB's runs are short.
const QUEUES = { spark: runQueue(2), duckdb: runQueue(1) };
afterAll(() => Promise.all([QUEUES.spark.drain(), QUEUES.duckdb.drain()]));

/**
 * Runs expressions in batches. Where a batch fails on a backend, it is halved, and the half holding
 * the expression runs, until a part succeeds or the expression runs alone: one failing expression
 * of 25 costs 10 more runs (siblings share them), not 25. The first call queues every batch of
 * `planned` on both backends (a halved part goes first in the queue).
 */
function batcher(grouped: boolean, planned: () => Iterable<readonly [backend: 'duckdb' | 'spark', batch: readonly string[]]>) {
  const memo = new Map<string, Promise<RunOutcome>>();
  const run = (backend: 'duckdb' | 'spark', expressions: readonly string[], urgent = false): Promise<RunOutcome> => {
    const key = `${backend}\u0000${expressions.join('\u0000')}`;
    let outcome = memo.get(key);
    if (outcome === undefined) {
      outcome = QUEUES[backend](() => runOn(backend, document(expressions, grouped), FILES), urgent);
      memo.set(key, outcome);
    }
    return outcome;
  };
  let queued = false;
  return async (backend: 'duckdb' | 'spark', batch: readonly string[], expression: string): Promise<Cells> => {
    if (!queued) {
      queued = true;
      for (const [b, expressions] of planned()) void run(b, expressions);
    }
    let part = batch;
    for (;;) {
      const outcome = await run(backend, part, part !== batch);
      if (!('error' in outcome) || part.length === 1) return column(outcome, part.indexOf(expression));
      const half = Math.ceil(part.length / 2);
      part = part.indexOf(expression) < half ? part.slice(0, half) : part.slice(half);
    }
  };
}

/** The catalogue functions an expression calls (lower-case), parsed as validation parses it. */
function called(expression: string): string[] {
  return functionsCalled(parseExpression(expression) as never);
}

/** A function of `expression` Spark does not compute at all. */
const unsupportedBySpark = (expression: string): string | undefined => called(expression).find((f) => f in SPARK_FUNCTIONS && isUnsupported(SPARK_FUNCTIONS[f as keyof typeof SPARK_FUNCTIONS]));

/** The function a submission computing `expression` on Spark is refused for (V-014), as validation says: the whole function, or this call of it. */
function refusedBySpark(expression: string, grouped: boolean): string | undefined {
  const refusal = sparkRefusal(callDocument(expression, grouped));
  return refusal?.code === 'V-014' ? /function "([^"]+)"/.exec(refusal.message)?.[1] : undefined;
}

const ROWS = [...new Set([...ROW_EXPRESSIONS, ...WIDENING.map(([e]) => e), ...EXTRA_FUNCTION_CASES.rows])];
const GROUPS = [...new Set([...AGGREGATE_EXPRESSIONS, ...EXTRA_FUNCTION_CASES.aggregates])];

/** Each distinct batch on both backends, in test order. */
function both(byExpression: ReadonlyMap<string, readonly string[]>): (readonly ['duckdb' | 'spark', readonly string[]])[] {
  return [...new Set(byExpression.values())].flatMap((batch) => [['duckdb', batch] as const, ['spark', batch] as const]);
}

function batches(expressions: readonly string[], size: number, grouped: boolean): Map<string, readonly string[]> {
  const runs = expressions.filter((e) => refusedBySpark(e, grouped) === undefined);
  const byExpression = new Map<string, readonly string[]>();
  for (let at = 0; at < runs.length; at += size) {
    const batch = runs.slice(at, at + size);
    for (const e of batch) byExpression.set(e, batch);
  }
  return byExpression;
}

/** Asserts the V-014 a pipeline calling `expression` is refused with on Spark: the function, the backend, why. */
function expectRefused(expression: string, fn: string, grouped: boolean): void {
  const refusal = sparkRefusal(callDocument(expression, grouped));
  expect(refusal).toMatchObject({ code: 'V-014', message: `V-014: asset "step": function "${fn}" is not supported by backend "spark"`, details: { backend: 'spark', reason: expect.stringMatching(/\w/) } });
}

describe('Spark computes every expression DuckDB computes, or refuses it at submission', () => {
  it('covers every catalogue function: an expression calls it', () => {
    const calls = new Set([...ROWS, ...GROUPS, ...ERROR_EXPRESSIONS].flatMap((e) => {
      try {
        return called(e);
      } catch {
        return [];
      }
    }));
    expect(FUNCTION_NAMES.filter((f) => !calls.has(f))).toEqual([]);
  });

  describe('row expressions', () => {
    const rowBatch = batches(ROWS, 25, false);
    const cells = batcher(false, () => both(rowBatch));
    const check = async (expression: string): Promise<void> => {
      const refused = refusedBySpark(expression, false);
      if (refused !== undefined) return expectRefused(expression, refused, false);
      const batch = rowBatch.get(expression) ?? [expression];
      const duck = await cells('duckdb', batch, expression);
      expect('error' in duck ? duck : undefined).toBeUndefined();
      expect(await cells('spark', batch, expression)).toEqual(duck);
    };
    it.each(ROWS.filter((e) => !KNOWN_ROW_GAPS.has(e)))('%s', check);
    it.failing.each(ROWS.filter((e) => KNOWN_ROW_GAPS.has(e)).map((e) => [e, KNOWN_ROW_GAPS.get(e)]))('%s differs: %s', (expression) => check(expression as string));
  });

  describe('aggregates by group', () => {
    const groupBatch = batches(GROUPS, 25, true);
    const cells = batcher(true, () => both(groupBatch));
    const check = async (expression: string): Promise<void> => {
      const refused = refusedBySpark(expression, true);
      if (refused !== undefined) return expectRefused(expression, refused, true);
      const batch = groupBatch.get(expression) ?? [expression];
      const duck = await cells('duckdb', batch, expression);
      const spark = await cells('spark', batch, expression);
      // grouping() outside rollup, cube or grouping sets is refused alike.
      if ('error' in duck) expect('error' in spark && spark.error).toBe(duck.error);
      else expect(spark).toEqual(duck);
    };
    it.each(GROUPS.filter((e) => !KNOWN_AGGREGATE_GAPS.has(e)))('%s', check);
    it.failing.each(GROUPS.filter((e) => KNOWN_AGGREGATE_GAPS.has(e)).map((e) => [e, KNOWN_AGGREGATE_GAPS.get(e)]))('%s differs: %s', (expression) => check(expression as string));
  });

  describe('failures', () => {
    const refusal = (expression: string): string | undefined => {
      try {
        return unsupportedBySpark(expression);
      } catch {
        return undefined;
      }
    };
    const cells = batcher(false, () =>
      ERROR_EXPRESSIONS.flatMap((e) => [['duckdb', [e]] as const, ...(refusal(e) === undefined ? [['spark', [e]] as const] : [])]),
    );
    const check = async (expression: string): Promise<void> => {
      const refused = refusal(expression);
      const duck = await cells('duckdb', [expression], expression);
      expect('error' in duck).toBe(true);
      if (refused !== undefined) {
        // Refused at submission when validation reaches the call (a parse error comes first).
        const refusal = sparkRefusal(callDocument(expression, false));
        expect(refusal?.code).toMatch(/^V-0/);
        return;
      }
      const spark = await cells('spark', [expression], expression);
      expect('error' in spark && spark.error).toBe('error' in duck && duck.error);
    };
    it.each(ERROR_EXPRESSIONS.filter((e) => !KNOWN_FAILURE_GAPS.has(e)))('fails alike: %s', check);
    it.failing.each(ERROR_EXPRESSIONS.filter((e) => KNOWN_FAILURE_GAPS.has(e)).map((e) => [e, KNOWN_FAILURE_GAPS.get(e)]))('fails alike: %s differs: %s', (expression) => check(expression as string));
  });
});
