/**
 * Data quality suites (Teckel spec section 17) in their typed form: each suite names the asset it
 * checks, an optional row filter and its checks, each with its effective severity.
 */
import type { CastType, Expr } from '@pipeline/expression';

/** The quality check types of spec 17.3, in the spec's order. */
export const QUALITY_CHECK_TYPES = [
  'schema',
  'completeness',
  'uniqueness',
  'validity',
  'statistical',
  'volume',
  'freshness',
  'referential',
  'crossColumn',
  'custom',
] as const;

/** A quality check type. */
export type QualityCheckType = (typeof QUALITY_CHECK_TYPES)[number];

/** Severities of spec 17.5: `error` fails the job, `warn` and `info` only report. */
export const QUALITY_SEVERITIES = ['error', 'warn', 'info'] as const;

/** A quality severity. */
export type QualitySeverity = (typeof QUALITY_SEVERITIES)[number];

/** The built-in formats of a validity check (spec 17.3.4.1). */
export const VALIDITY_FORMATS = ['email', 'uuid', 'url', 'ipv4', 'ipv6', 'date', 'timestamp', 'phone'] as const;

/** A built-in validity format. */
export type ValidityFormat = (typeof VALIDITY_FORMATS)[number];

/** Bounds a measured value must lie within (inclusive); `between: [a, b]` is read as min a, max b. */
export interface QualityBound {
  readonly min?: number;
  readonly max?: number;
}

/** What every check carries besides its type's fields. */
export interface QualityCheckCommon {
  /** The check's severity: its own, else the suite's, else `error`. */
  readonly severity: QualitySeverity;
  readonly description?: string;
}

/** Conditional severity (spec 17.6) of a check with a threshold: below `threshold`, the check reports with `severity` instead. */
export interface ThresholdEscalation {
  readonly threshold: number;
  readonly severity: QualitySeverity;
}

/** Conditional severity of a check with a threshold, and its threshold (a fraction from 0 to 1, default 1). */
export interface ThresholdCheck extends QualityCheckCommon {
  readonly threshold: number;
  readonly escalate?: ThresholdEscalation;
}

/** Columns that must exist, must not exist (glob patterns), and expected types. */
export interface SchemaCheck extends QualityCheckCommon {
  readonly type: 'schema';
  readonly required: readonly string[];
  readonly forbidden: readonly string[];
  readonly types: readonly { readonly column: string; readonly type: CastType }[];
}

/** At least `threshold` of the values of `column` are not NULL. */
export interface CompletenessCheck extends ThresholdCheck {
  readonly type: 'completeness';
  readonly column: string;
  readonly threshold: number;
}

/** At least `threshold` of the rows with a whole key have a key no other row has (distinct keys / keyed rows). */
export interface UniquenessCheck extends ThresholdCheck {
  readonly type: 'uniqueness';
  readonly columns: readonly string[];
  readonly threshold: number;
}

/** A numeric range; strict bounds exclude the bound itself. */
export interface QualityRange {
  readonly min?: number;
  readonly max?: number;
  readonly strictMin: boolean;
  readonly strictMax: boolean;
}

/** At least `threshold` of the non-NULL values of `column` meet every constraint given. */
export interface ValidityCheck extends ThresholdCheck {
  readonly type: 'validity';
  readonly column: string;
  readonly acceptedValues?: readonly (string | number | boolean)[];
  readonly range?: QualityRange;
  readonly pattern?: string;
  readonly format?: ValidityFormat;
  readonly lengthBetween?: readonly [number, number];
  readonly threshold: number;
}

/** The statistics of spec 17.3.5, in the order they are reported. */
export const STATISTICS = ['mean', 'min', 'max', 'sum', 'stdev'] as const;

/** A statistic of a statistical check. */
export type Statistic = (typeof STATISTICS)[number];

/** Statistics of a numeric column within bounds. */
export interface StatisticalCheck extends QualityCheckCommon {
  readonly type: 'statistical';
  readonly column: string;
  readonly bounds: readonly { readonly statistic: Statistic; readonly bound: QualityBound }[];
  /** Quantiles (fraction in [0, 1]) within bounds, in document order. */
  readonly quantiles: readonly { readonly fraction: number; readonly bound: QualityBound }[];
}

/** Row count and column count within bounds. */
export interface VolumeCheck extends QualityCheckCommon {
  readonly type: 'volume';
  readonly rowCount?: QualityBound;
  readonly columnCount?: QualityBound;
  /** Outside these wider bounds (each containing the check's own), the count reports with `severity` instead. */
  readonly escalate?: { readonly rowCount?: QualityBound; readonly columnCount?: QualityBound; readonly severity: QualitySeverity };
}

/** The latest value of `column` is at most `maxAge` old when the check runs. */
export interface FreshnessCheck extends QualityCheckCommon {
  readonly type: 'freshness';
  readonly column: string;
  /** As written (`PT24H`). */
  readonly maxAge: string;
  /** The same duration in milliseconds. */
  readonly maxAgeMs: number;
  /** Older than this longer `maxAge` (or without values), the check reports with `severity` instead. */
  readonly escalate?: { readonly maxAge: string; readonly maxAgeMs: number; readonly severity: QualitySeverity };
}

/** At least `threshold` of the non-NULL values of `column` occur in `reference.column` of `reference.asset`. */
export interface ReferentialCheck extends ThresholdCheck {
  readonly type: 'referential';
  readonly column: string;
  readonly reference: { readonly asset: string; readonly column: string };
  readonly threshold: number;
}

/** The check types whose check is a row condition. */
export type ConditionCheckType = 'crossColumn' | 'custom';

/** At least `threshold` of the rows satisfy `condition` (crossColumn and custom checks). */
export interface ConditionCheck<T extends ConditionCheckType = ConditionCheckType> extends ThresholdCheck {
  readonly type: T;
  readonly condition: Expr;
  /** The condition as written, for messages. */
  readonly text: string;
  readonly threshold: number;
}

/** One check of a suite. */
export type QualityCheck =
  | SchemaCheck
  | CompletenessCheck
  | UniquenessCheck
  | ValidityCheck
  | StatisticalCheck
  | VolumeCheck
  | FreshnessCheck
  | ReferentialCheck
  | ConditionCheck<'crossColumn'>
  | ConditionCheck<'custom'>;

/** The check of type `T` (`QualityCheckOf<'volume'>` is `VolumeCheck`): what a registry entry for `T` reads or runs. */
export type QualityCheckOf<T extends QualityCheckType> = Extract<QualityCheck, { readonly type: T }>;

/** A quality suite: checks over the rows of `target` (those meeting `filter`, when given). */
export interface QualitySuite {
  readonly suite: string;
  readonly description?: string;
  readonly target: string;
  readonly filter?: Expr;
  readonly checks: readonly QualityCheck[];
}

/** The assets a suite reads: its target, then every asset a referential check names. */
export function qualitySuiteAssets(suite: QualitySuite): readonly string[] {
  const assets = [suite.target];
  for (const c of suite.checks) {
    if (c.type === 'referential' && !assets.includes(c.reference.asset)) assets.push(c.reference.asset);
  }
  return assets;
}
