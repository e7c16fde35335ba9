/**
 * Running quality work inside a plan: the row checks of an assertion or schemaEnforce step once its
 * relation exists, and the document's suites once every asset is computed (before any output is
 * placed, so a failing error-severity check leaves no output behind).
 */
import type { QualitySuite } from '@pipeline/definition';
import type { RunOptions } from '../backend';
import type { Column } from '../bind/bind-expression';
import type { BoundTransform } from '../bind/bind-source';
import { isEngineError, rebuildEngineError, throwIfAborted } from '../errors';
import type { Measurer } from './measure';
import type { QualityResult } from './quality-result';
import { judgeRowChecks, rowChecksRequest, type RowChecks } from './row-checks';
import { planSuite, qualityFailure } from './suites';

/** The row checks a bound step carries, if any. */
export function rowChecksOf(transform: BoundTransform): RowChecks | undefined {
  return 'verify' in transform ? transform.verify : undefined;
}

/** `value` with the row checks `transform` carries, if any: how a backend hands them to the executor. */
export function withRowChecks<T extends object>(value: T, transform: BoundTransform): T & { readonly checks?: RowChecks } {
  const checks = rowChecksOf(transform);
  return checks === undefined ? value : { ...value, checks };
}

/** Measures the row checks of step `ref` over `columns`, reports every result, and throws when onFailure is fail and one failed. */
export async function runRowChecks(ref: string, checks: RowChecks, columns: readonly Column[], measure: Measurer, options: RunOptions): Promise<void> {
  const measures = await measure(rowChecksRequest(ref, checks, columns), options.signal);
  const { results, error } = judgeRowChecks(ref, checks, measures);
  for (const r of results) options.onQuality?.(r);
  if (error !== undefined) throw error;
}

/**
 * Runs `suites` in document order: `columnsOf` gives an asset's columns, `measurerOf` a measurer
 * over an asset's rows (which can look up every other computed asset). Results are appended to
 * `collected`; an error-severity check that failed throws E_QUALITY naming every such check.
 */
export async function runSuites(
  suites: readonly QualitySuite[],
  columnsOf: (asset: string) => readonly Column[],
  measurerOf: (asset: string) => Measurer,
  collected: QualityResult[],
  signal: AbortSignal | undefined,
): Promise<void> {
  const nowMs = Date.now();
  const own: QualityResult[] = [];
  for (const suite of suites) {
    throwIfAborted(signal);
    const plan = await planSuite(suite, columnsOf(suite.target), columnsOf, signal);
    const results = plan.judge(await measurerOf(suite.target)(plan.request, signal), nowMs);
    own.push(...results);
    collected.push(...results);
  }
  const error = qualityFailure(own, collected);
  if (error !== undefined) throw error;
}

/** `e` carrying every result collected so far, when it is a quality failure (so the job can list them). */
export function withQualityResults(e: unknown, collected: readonly QualityResult[]): unknown {
  if (!isEngineError(e) || e.code !== 'E_QUALITY' || collected.length === 0) return e;
  return rebuildEngineError('E_QUALITY', e.message, { ...e.details, quality: [...collected] }, { cause: e });
}
