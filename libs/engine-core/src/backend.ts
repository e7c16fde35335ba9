/**
 * The backend interface both execution backends implement. A backend instance holds handles:
 * real data (DuckDB temporary tables, danfo frames) created by reading an input or applying one
 * transformation, written to outputs and released explicitly or when the backend closes. The
 * gRPC session API drives it step by step; `executePlan` drives it for whole pipelines.
 */
import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import type { BackendName } from './backend-name';
import type { StagedWrite } from './io/staged-write';
import type { DataType } from './types/data-type';
import type { Measures, MeasureRequest } from './quality/measure';
import type { QualityResult } from './quality/quality-result';
import type { RowChecks } from './quality/row-checks';
import type { RowsResult } from './rows/rows-result';

/** Options every long operation takes last. */
export interface RunOptions {
  /** Aborting cancels the operation (E_CANCELLED); a running DuckDB query is interrupted. */
  readonly signal?: AbortSignal;
  /** Receives the result of every quality check a step runs (assertion, schemaEnforce). */
  readonly onQuality?: (result: QualityResult) => void;
  /** Called as each asset of a plan is done (progress displays); an output reports the rows it staged. */
  readonly onStep?: (progress: StepProgress) => void;
}

/** One asset of a running plan done: how many of the plan's assets are, and an output's rows. */
export interface StepProgress {
  readonly ref: string;
  readonly done: number;
  readonly total: number;
  /** How long the asset took, in ms (the time its step of the result's `steps` reports). */
  readonly ms: number;
  /** For an output: the rows written to its staged file (placed when the whole plan succeeds). */
  readonly rowsStaged?: number;
}

/** One column of a handle: name and portable type. */
export interface ColumnInfo {
  readonly name: string;
  readonly dataType: DataType;
}

/** What a handle holds. */
export interface HandleInfo {
  /** Opaque id, unique within the backend instance. */
  readonly id: string;
  /** The asset the handle was created for. */
  readonly ref: string;
  readonly rowCount: number;
  readonly columns: readonly ColumnInfo[];
}

/** A handle `apply` computed, with the row checks its bound transformation carries (assertion, schemaEnforce). */
export interface AppliedHandle extends HandleInfo {
  readonly checks?: RowChecks;
}

/** Outcome of writing a handle to an output. */
export interface WriteResult {
  /** Rows this write added (0 when skipped). */
  readonly rowsWritten: number;
  /** True when mode `ignore` found the destination already there and wrote nothing. */
  readonly skipped: boolean;
  /** The path as written in the definition. */
  readonly path: string;
}

/** One field of an inspected source. */
export interface FieldInfo {
  readonly name: string;
  /** Portable type name: string, integer, long, double, boolean, date, timestamp, decimal(p,s), ... */
  readonly dataType: DataType;
  readonly nullable: boolean;
}

/** Schema and exact row count of a source. */
export interface InspectResult {
  readonly fields: readonly FieldInfo[];
  readonly rowCount: number;
}

/** A live backend instance (one DuckDB database or one set of danfo frames). */
export interface Backend {
  readonly name: BackendName;
  /** Reads an input into a new handle. */
  readInput(ref: string, source: InputSource, options?: RunOptions): Promise<HandleInfo>;
  /**
   * Computes one transformation from handles: `inputs` maps each asset the source reads (its
   * `from`, or every asset a multi-input kind names) to a handle id of this backend. Row checks
   * (assertion, schemaEnforce) are not the backend's: it gives them back from its binding, and
   * `applyTransform` and the executor run them.
   */
  apply(ref: string, source: Source, inputs: Readonly<Record<string, string>>, options?: RunOptions): Promise<AppliedHandle>;
  /** Writes a handle to an output (atomically, honouring the mode); `ref` names the output asset in errors. */
  write(handleId: string, ref: string, source: OutputSource, options?: RunOptions): Promise<WriteResult>;
  /**
   * Writes a handle to its output's temporary file without placing it: a whole plan commits every
   * staged output together once all steps succeeded, or discards them all.
   */
  stageWrite(handleId: string, ref: string, source: OutputSource, options?: RunOptions): Promise<StagedWrite>;
  /** Field names, portable types, nullability and exact row count of a source, without keeping it. */
  inspect(source: InputSource, options?: RunOptions): Promise<InspectResult>;
  /**
   * Measures the rows of a handle for quality checks; `references` maps each asset a referential
   * check looks up to its handle id.
   */
  measure(handleId: string, request: MeasureRequest, references: Readonly<Record<string, string>>, options?: RunOptions): Promise<Measures>;
  /** Describes a live handle (E_BAD_HANDLE when unknown). */
  describe(handleId: string): HandleInfo;
  /** The first `limit` rows of a handle as typed JSON (see rows/rows-result.ts). */
  head(handleId: string, limit: number, options?: RunOptions): Promise<RowsResult>;
  /** The first `limit` rows of an input file as typed JSON, reading no more of it than the backend must. */
  headOfInput(ref: string, source: InputSource, limit: number, options?: RunOptions): Promise<RowsResult>;
  /** Frees a handle; unknown ids are E_BAD_HANDLE. */
  release(handleId: string): Promise<void>;
  /** Frees every handle and the backend's resources; later calls fail with E_BACKEND_CLOSED. Idempotent. */
  close(): Promise<void>;
}
