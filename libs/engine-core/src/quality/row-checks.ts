/**
 * Row checks: the rules of an `assertion` step (spec 8.28) and the `nullable: false` columns of a
 * `schemaEnforce` step, measured over one dataset once the step's relation exists. A check fails
 * on the rows where its condition is false or NULL, or (unique) whose value another row shares.
 */
import { bindExpression, type Column } from '../bind/bind-expression';
import type { Expr } from '@pipeline/definition';
import { call, caseWhen, literal } from '../bind/binders/built-expr';
import { engineError, type EngineError } from '../errors';
import type { MeasureRequest, Measures } from './measure';
import { failing, formatNumber, statusOf, type QualityResult } from './quality-result';

/** One bound row check. */
export interface RowCheck {
  /** `not_null(id)`, `unique(id)`, `amount > 0`, `nullable(id)`. */
  readonly label: string;
  /** The field it came from (`checks[1].rule`, `columns[0].nullable`). */
  readonly field: string;
  /** A row passes when this is true (false or NULL fails): absent for `unique`. Bound once by the step's binder. */
  readonly condition?: Expr;
  /** The column a column rule names (`not_null`, `unique`, `nullable`). */
  readonly column?: string;
  /** For `unique`: the column whose non-NULL values must not repeat. */
  readonly unique?: string;
}

/** The row checks of one step and what a failure does. */
export interface RowChecks {
  readonly checks: readonly RowCheck[];
  /** fail: the job fails; warn: reported; drop: failing rows are removed (and reported). */
  readonly onFailure: 'fail' | 'warn' | 'drop';
  /** Whether the checks read the step's input (assertion) or its output (schemaEnforce). */
  readonly over: 'input' | 'output';
  /** The error a failure raises. */
  readonly code: 'E_QUALITY';
  /** How a failing check is worded: the kind's name in messages. */
  readonly kind: 'assertion' | 'schemaEnforce';
  /** The asset name a qualified column of a condition may carry (the step's `from`). */
  readonly from: string;
}

/** The measurement of `checks` over `columns`: the row count, passing rows per condition, keys of unique checks. */
export function rowChecksRequest(asset: string, checks: RowChecks, columns: readonly Column[]): MeasureRequest {
  const scope = { asset, from: checks.from, columns, context: 'aggregate' as const, groupKeys: [] };
  return {
    asset,
    field: checks.kind,
    columns,
    // A row whose condition is NULL is not counted: it fails, as spec 8.28.1 says.
    aggregates: checks.checks.flatMap((c) =>
      c.condition === undefined ? [] : [bindExpression(call('count', [caseWhen([{ when: c.condition, then: literal(1) }])]), { ...scope, field: c.field })],
    ),
    keys: checks.checks.flatMap((c) => (c.unique === undefined ? [] : [[c.unique]])),
    references: [],
  };
}

/** Failing rows per check, in check order. */
export function failingRows(checks: RowChecks, measures: Measures): number[] {
  let a = 0;
  let k = 0;
  return checks.checks.map((c) => {
    if (c.unique !== undefined) return measures.keys[k++]?.duplicateRows ?? 0;
    return measures.rows - Number(measures.aggregates[a++] ?? 0);
  });
}

/**
 * The results of the checks of step `ref` (its name is the suite), and the error to raise when
 * `onFailure` is fail and a check failed (every failing check named), else undefined.
 */
export function judgeRowChecks(ref: string, checks: RowChecks, measures: Measures, nowMs = Date.now()): { results: QualityResult[]; error?: EngineError } {
  const failingCounts = failingRows(checks, measures);
  const severity = checks.onFailure === 'fail' ? 'error' : checks.onFailure === 'warn' ? 'warn' : 'info';
  const timestamp = new Date(nowMs).toISOString();
  const results = checks.checks.map((c, i): QualityResult => {
    const n = failingCounts[i] as number;
    const counted = `${formatNumber(n)} of ${formatNumber(measures.rows)} rows fail`;
    const message =
      n === 0
        ? `all ${formatNumber(measures.rows)} rows pass`
        : checks.onFailure === 'drop'
          ? `${counted}; they are dropped`
          : counted;
    return {
      suite: ref,
      check: c.label,
      checkType: checks.kind,
      target: ref,
      ...(c.column === undefined ? {} : { column: c.column }),
      // Dropped rows are recorded (severity info) and the step passes: the output no longer holds them.
      status: n === 0 ? 'pass' : statusOf(severity),
      severity,
      observed: n,
      expected: '0 failing rows',
      ...failing(n, measures.rows),
      message,
      timestamp,
    };
  });
  const broken = checks.checks.flatMap((c, i) => ((failingCounts[i] as number) > 0 ? [{ c, n: failingCounts[i] as number }] : []));
  if (checks.onFailure !== 'fail' || broken.length === 0) return { results };
  const problem = broken
    .map(({ c, n }) =>
      checks.kind === 'assertion'
        ? `assertion ${c.label} failed on ${formatNumber(n)} of ${formatNumber(measures.rows)} rows`
        : `column "${c.column ?? c.label}" is not nullable but ${formatNumber(n)} of ${formatNumber(measures.rows)} rows hold NULL`,
    )
    .join('; ');
  const field = broken[0]?.c.field;
  return {
    results,
    error: engineError(checks.code, { asset: ref, ...(field === undefined ? {} : { field }), problem, quality: results }),
  };
}
