/**
 * Quality suites (spec 17) on either backend: a suite becomes one MeasureRequest over its target
 * (row counts, conditional counts and statistics as aggregate expressions, distinct keys,
 * reference look-ups), which the backend answers; judging the measures into results is shared, so
 * both backends report the same statuses, values and messages. What each check type asks for and
 * how it judges lives in its planner (check-planners.ts).
 */
import type { Expr, QualitySuite } from '@pipeline/definition';
import { bindExpression, type Column } from '../bind/bind-expression';
import type { BoundExpr } from '../bind/bound-expr';
import { columnNotFound, engineError, throwIfAborted, typeError, type EngineError, type SpecErrorCode } from '../errors';
import type { CheckPlanning } from './check-planner';
import { planCheck } from './check-planners';
import type { MeasureRequest, Measures } from './measure';
import { failing, formatNumber, statusOf, type QualityResult } from './quality-result';

/** A suite ready to measure, and how to judge what was measured. */
export interface SuitePlan {
  readonly request: MeasureRequest;
  /** The results of every check, in check order; `nowMs` is when the suite ran (freshness, timestamps). */
  judge(measures: Measures, nowMs: number): QualityResult[];
}

/** Judges a suite's measures into the results of one of its checks. */
type SuiteJudge = (measures: Measures, nowMs: number) => QualityResult[];

/**
 * Binds `suite` to its target's `columns`; `columnsOf` gives the columns of a referenced asset.
 * Asynchronous because a schema check matches every forbidden glob against every column, which
 * for wide inputs and long lists is long work: it gives the event loop turns (a DuckDB session
 * runs on the server's) and stops with E_CANCELLED once `signal` aborts, also between checks.
 */
export async function planSuite(
  suite: QualitySuite,
  columns: readonly Column[],
  columnsOf: (asset: string) => readonly Column[],
  signal?: AbortSignal,
): Promise<SuitePlan> {
  const asset = suite.target;
  const aggregates: BoundExpr[] = [];
  const keys: (readonly string[])[] = [];
  const references: { column: string; asset: string; referenceColumn: string }[] = [];
  const bindRow = (e: Expr, field: string): BoundExpr => bindExpression(e, { asset, from: asset, columns, field, context: 'row' });
  const filter = suite.filter === undefined ? undefined : bindRow(suite.filter, `quality suite "${suite.suite}": filter`);
  if (filter !== undefined && filter.type !== 'boolean' && filter.type !== 'null') {
    throw typeError(asset, `quality suite "${suite.suite}": filter`, `must be a condition (got a value of type ${filter.type})`);
  }
  const byName = columnsByName(columns);
  const shared = {
    asset,
    columns,
    ...(signal === undefined ? {} : { signal }),
    columnsOf,
    byName,
    bindRow,
    resolve(field: string, name: string, within: readonly Column[] = columns, owner = asset): Column {
      const exact = within.find((c) => c.name === name);
      if (exact !== undefined) return exact;
      const matches = within.filter((c) => c.name.toLowerCase() === name.toLowerCase());
      if (matches.length === 1) return matches[0] as Column;
      throw columnNotFound(owner, name, within.map((c) => c.name), field);
    },
    aggregate(e: Expr, field: string): number {
      return aggregates.push(bindExpression(e, { asset, from: asset, columns, field, context: 'aggregate', groupKeys: [] })) - 1;
    },
    key: (named: readonly string[]): number => keys.push(named) - 1,
    reference: (lookup: { column: string; asset: string; referenceColumn: string }): number => references.push(lookup) - 1,
  };

  const judges: SuiteJudge[] = [];
  for (const [index, check] of suite.checks.entries()) {
    throwIfAborted(signal, asset);
    const result: CheckPlanning['result'] = ({ name, observed, expected, holds, message, severity = check.severity, column, failing: rows }) => ({
      check: name,
      ...(column === undefined ? {} : { column }),
      status: holds ? 'pass' : statusOf(severity),
      severity,
      observed,
      expected,
      ...(rows === undefined ? {} : failing(rows.rows, rows.of)),
      message,
    });
    const escalation = 'threshold' in check ? check.escalate : undefined;
    const fraction: CheckPlanning['fraction'] = (name, observed, threshold, what, rows, column) => {
      const holds = observed >= threshold;
      const severity = !holds && escalation !== undefined && observed < escalation.threshold ? escalation.severity : check.severity;
      const message = `${what}: ${formatNumber(observed)}, expected at least ${formatNumber(threshold)}`;
      return result({ name, observed, expected: `>= ${formatNumber(threshold)}`, holds, message, severity, failing: rows, ...(column === undefined ? {} : { column }) });
    };
    const where = `quality suite "${suite.suite}": checks[${index}] (${check.type})`;
    const judge = await planCheck(check, { ...shared, where, result, fraction });
    const shares = { suite: suite.suite, checkType: check.type, target: asset, ...(check.description === undefined ? {} : { description: check.description }) };
    judges.push((m, nowMs) => judge(m, nowMs).map(({ check: name, ...outcome }) => ({ ...shares, check: name, ...outcome, timestamp: new Date(nowMs).toISOString() })));
  }

  return {
    request: { asset, field: `quality suite "${suite.suite}"`, columns, ...(filter === undefined ? {} : { filter }), aggregates, keys, references },
    judge: (measures, nowMs) => judges.flatMap((j) => j(measures, nowMs)),
  };
}

/** The error failing a job whose error-severity checks failed: every such check named; undefined when none did. */
export function qualityFailure(results: readonly QualityResult[], all: readonly QualityResult[]): EngineError | undefined {
  const failed = results.filter((r) => r.status === 'fail');
  if (failed.length === 0) return undefined;
  const first = failed[0] as QualityResult;
  const named = failed.map((r) => `suite "${r.suite}" check ${r.check} failed: ${r.message}`).join('; ');
  return engineError('E_QUALITY', {
    asset: first.target,
    specCode: SPEC_CODE_OF_CHECK[first.checkType] ?? 'E-QUALITY-001',
    problem: `quality ${named}`,
    suite: first.suite,
    check: first.check,
    quality: [...all],
  });
}

/** Failed checks the specification gives a code of their own (spec 25); the others are E-QUALITY-001. */
const SPEC_CODE_OF_CHECK: Readonly<Record<string, SpecErrorCode>> = {
  freshness: 'E-QUALITY-004',
  referential: 'E-QUALITY-005',
};

/** Looks a column up by its exact name, else by its name ignoring case (the first such column). */
function columnsByName(columns: readonly Column[]): (name: string) => Column | undefined {
  const exact = new Map<string, Column>();
  const folded = new Map<string, Column>();
  for (const c of columns) {
    if (!exact.has(c.name)) exact.set(c.name, c);
    const key = c.name.toLowerCase();
    if (!folded.has(key)) folded.set(key, c);
  }
  return (name) => exact.get(name) ?? folded.get(name.toLowerCase());
}
