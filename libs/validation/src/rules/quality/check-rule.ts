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
  /** Severity and description, already read. */
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
  /** How the check's `escalate` mapping is read (spec 17.6); a type without one refuses `escalate`. */
  readonly escalate?: EscalationRule<T>;
  /** The other assets the check names, resolved after the suite's own fields. */
  references?(check: QualityCheckOf<T>): readonly CheckReference[];
}

/** What a check of type `T` escalates at, besides the severity it escalates to. */
export type EscalationOf<T extends QualityCheckType> = QualityCheckOf<T> extends { readonly escalate?: infer E } ? Omit<NonNullable<E>, 'severity'> : never;

/** What an escalation rule reads the `escalate` mapping with; problems name `escalate.<field>`. */
export interface EscalationReading {
  readonly raw: Json;
  readonly read: Reader;
  invalid(field: string, detail: string): Stop;
}

/** How check type `T` reads its `escalate` mapping, once the check itself is read. */
export interface EscalationRule<T extends QualityCheckType> {
  /** Fields of `escalate` besides `severity`. */
  readonly fields: readonly string[];
  /** Reads them against `check` (an escalation must be a larger violation than the check's own). */
  read(r: EscalationReading, check: QualityCheckOf<T>): EscalationOf<T>;
}

/** A rule per check type of `T`: a type without one, or an entry of another type, does not compile. */
export type QualityCheckRuleTable<T extends QualityCheckType = QualityCheckType> = { readonly [K in T]: QualityCheckRule<K> };
