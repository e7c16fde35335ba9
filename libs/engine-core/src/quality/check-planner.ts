/**
 * What a quality check type brings to the engine: how a check of that type asks for its measures
 * (aggregates, keys, reference look-ups added to its suite's one MeasureRequest) and how it judges
 * them into results. One planner per type in `QUALITY_CHECK_PLANNERS` (check-planners.ts).
 */
import type { Expr, QualityCheckOf, QualityCheckType, QualitySeverity } from '@pipeline/definition';
import type { Column } from '../bind/bind-expression';
import type { BoundExpr } from '../bind/bound-expr';
import type { Measures } from './measure';
import type { QualityResult } from './quality-result';

/** A check's result before its suite adds what every result of the check shares (suite, type, target, description, time). */
export type CheckOutcome = Omit<QualityResult, 'suite' | 'checkType' | 'target' | 'description' | 'timestamp'>;

/** Judges what was measured into the check's results; `nowMs` is when the suite ran. */
export type Judge = (measures: Measures, nowMs: number) => CheckOutcome[];

/** One result of a check, as a planner words it. */
export interface OutcomeFields {
  /** The check's name in results: `completeness(email)`. */
  readonly name: string;
  readonly observed: number | null;
  readonly expected: string;
  readonly holds: boolean;
  readonly message: string;
  /** The check's severity unless escalated. */
  readonly severity?: QualitySeverity;
  readonly column?: string;
  /** For row-level checks: the rows (or values) failing the check, of those checked. */
  readonly failing?: { readonly rows: number; readonly of: number };
}

/** What a planner plans one check of a suite with. */
export interface CheckPlanning {
  /** The suite's target. */
  readonly asset: string;
  /** Where the check is, for errors: `quality suite "s": checks[1] (completeness)`. */
  readonly where: string;
  /** The target's columns. */
  readonly columns: readonly Column[];
  readonly signal?: AbortSignal;
  /** The columns of another asset (a reference). */
  columnsOf(asset: string): readonly Column[];
  /** The column `name` of `within` (the target's by default): exact, else the one matching ignoring case; E_COLUMN_NOT_FOUND naming `field` otherwise. */
  resolve(field: string, name: string, within?: readonly Column[], owner?: string): Column;
  /** The target's column `name` (exact, else the first ignoring case), or undefined. */
  byName(name: string): Column | undefined;
  /** `e` bound as a row expression over the target. */
  bindRow(e: Expr, field: string): BoundExpr;
  /** Adds an aggregate over the target's rows; returns its index in `Measures.aggregates`. */
  aggregate(e: Expr, field: string): number;
  /** Adds a key to count distinct values of; returns its index in `Measures.keys`. */
  key(columns: readonly string[]): number;
  /** Adds a reference look-up; returns its index in `Measures.references`. */
  reference(lookup: { readonly column: string; readonly asset: string; readonly referenceColumn: string }): number;
  /** One result of the check: `pass` when it holds, else the status of its severity (the check's by default). */
  result(fields: OutcomeFields): CheckOutcome;
  /**
   * A fraction against `threshold`, escalating below the check's `escalate.threshold`; `what`
   * words the measure, `failing` counts the rows (or values) that fail.
   */
  fraction(name: string, observed: number, threshold: number, what: string, failing: { readonly rows: number; readonly of: number }, column?: string): CheckOutcome;
}

/** The engine's planner of check type `T`. */
export type CheckPlanner<T extends QualityCheckType> = (check: QualityCheckOf<T>, planning: CheckPlanning) => Judge | Promise<Judge>;

/** A planner per check type of `T`: a type without one, or an entry of another type, does not compile. */
export type CheckPlannerTable<T extends QualityCheckType = QualityCheckType> = { readonly [K in T]: CheckPlanner<K> };
