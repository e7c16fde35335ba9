/** What running a whole plan reports. */
import type { HandleInfo } from './backend';
import type { Column } from './bind/bind-expression';
import type { ColumnLineage } from './bind/column-lineage';
import type { QualityResult } from './quality/quality-result';

/** One written output. */
export interface OutputResult {
  readonly ref: string;
  /** The path as written in the definition. */
  readonly path: string;
  readonly rowsWritten: number;
  readonly skipped: boolean;
}

/** Wall time spent on one asset. On DuckDB a streamed chain runs inside its output's step. */
export interface StepTiming {
  readonly ref: string;
  readonly ms: number;
  /** DuckDB whole-plan runs: true when the asset was computed once into a table (several consumers read it, or it ends a long chain of views). */
  readonly materialized?: boolean;
}

/** The outcome of `executePlan`. */
export interface ExecutionResult {
  readonly outputs: readonly OutputResult[];
  readonly steps: readonly StepTiming[];
  /** Results of the quality checks the plan ran (suites, assertions), in the order they ran; absent when none ran. */
  readonly quality?: readonly QualityResult[];
  /** Column lineage of a whole run (spec 18.9); absent for a session's run or when it could not be derived. */
  readonly lineage?: RunLineage;
  /** With a caller's backend instance (a session): the handle of every non-output asset, by ref. */
  readonly handles?: Readonly<Record<string, HandleInfo>>;
}

/** What a run read and wrote, column by column (spec 18.9; OpenLineage's schema and columnLineage facets). */
export interface RunLineage {
  /** Every input asset with the columns it was read with, in plan order. */
  readonly inputs: readonly { readonly asset: string; readonly columns: readonly Column[] }[];
  /** Every output (by its ref) with the asset it writes, its columns and the input columns each derives from. */
  readonly outputs: readonly ({ readonly ref: string; readonly asset: string; readonly columns: readonly Column[] } & ColumnLineage)[];
}
