/**
 * What a backend must do for the executor to run its physical plans: the few operations backends
 * really differ in. `R` is the backend's relation (a DuckDB view, inlined SELECT or table; a
 * handle); the executor never looks inside it.
 */
import type { RunOptions } from '../backend';
import type { Column } from '../bind/bind-expression';
import type { StagedWrite } from '../io/staged-write';
import type { Measurer } from '../quality/measure';
import type { RowChecks } from '../quality/row-checks';
import type { ReadStep, RelationStep, StageStep } from '../plan/physical-plan';

/** A computed asset's relation, by asset name, for the primitives that look further than their own step. */
export type RelationLookup<R> = (asset: string) => R | undefined;

/** A computed relation step: its relation, and the row checks its bound form carries (assertion, schemaEnforce). */
export interface Computed<R> {
  readonly relation: R;
  readonly checks?: RowChecks;
}

/** One backend's primitives. */
export interface PlanPrimitives<R> {
  /** Reads an input into a relation stored as the step says. */
  read(step: ReadStep, options: RunOptions): Promise<R>;
  /**
   * Computes a transformation from its upstream relations (in the step's `from` order). The
   * executor runs the row checks given back: the primitive has bound the step, so they come from
   * that binding, never a second one.
   */
  relation(step: RelationStep, upstream: readonly R[], lookup: RelationLookup<R>, options: RunOptions): Promise<Computed<R>>;
  /** Writes a relation to the output's temporary file. */
  stage(step: StageStep, from: R, lookup: RelationLookup<R>, options: RunOptions): Promise<StagedWrite>;
  /** The relation's columns. */
  columns(relation: R): readonly Column[];
  /** A measurer over a relation's rows that can look up the relations in `references` (quality suites). */
  measurer(relation: R, references: Readonly<Record<string, R>>, options: RunOptions): Measurer;
  /** Frees a relation's rows. */
  release(relation: R): Promise<void>;
}
