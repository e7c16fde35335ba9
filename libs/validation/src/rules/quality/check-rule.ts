/**
 * What a quality check type brings to validation: its fields, whether it measures a fraction
 * against a threshold, how its own fields are read into the typed check, and which other assets it
 * names. One entry per type in `QUALITY_CHECK_RULES` (check-rules.ts).
 */
import type { Expr, QualityCheckCommon, QualityCheckOf, QualityCheckType } from '@pipeline/definition';
import type { Json, Reader, Stop } from './read-fields';

/** What a rule reads one check with; every problem it words names the suite and the check. */
export interface CheckReading {
  /** The check's fields, variables substituted. */
  readonly raw: Json;
  /** Typed reads of `raw`. */
  readonly read: Reader;
  /** The problem `detail` with field `field` of the check (`columns.required`). */
  invalid(field: string, detail: string): Stop;
  /** An unknown `key` inside the mapping at `field`, listing the `allowed` keys. */
  unknownField(field: string, key: string, allowed: readonly string[]): Stop;
  /** The row condition written at `field`, parsed and checked. */
  condition(text: string, field: string): Expr;
  /** Severity, escalation and description, already read. */
  readonly common: QualityCheckCommon;
  /** The threshold (default 1) of a rule with `threshold: true`; 1 for the others. */
  readonly threshold: number;
}

/** An asset a check names besides the suite's target, and the field naming it (`reference.asset`). */
export interface CheckReference {
  readonly field: string;
  readonly asset: string;
}

/** The validation rule of check type `T`. */
export interface QualityCheckRule<T extends QualityCheckType> {
  readonly type: T;
  /** Fields of the check besides the common ones, in the order messages list them. */
  readonly fields: readonly string[];
  /** Whether the check measures a fraction against a `threshold` (default 1), and so may escalate. */
  readonly threshold: boolean;
  /** Reads the check's own fields into the typed check, or throws the first problem. */
  read(r: CheckReading): QualityCheckOf<T>;
  /** The other assets the check names, resolved after the suite's own fields. */
  references?(check: QualityCheckOf<T>): readonly CheckReference[];
}

/** A rule per check type of `T`: a type without one, or an entry of another type, does not compile. */
export type QualityCheckRuleTable<T extends QualityCheckType = QualityCheckType> = { readonly [K in T]: QualityCheckRule<K> };
