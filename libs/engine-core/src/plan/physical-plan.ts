/**
 * The physical plan: what running a validated plan on one backend will do, as plain data that can
 * be printed and compared before anything runs (as kysely's CompiledQuery). Compiling is pure
 * (`compile-physical-plan.ts`); optimisations are passes over this value (`passes/`); the one
 * executor (`exec/execute-physical-plan.ts`) runs it on any backend's primitives.
 */
import type { InputSource, OutputSource, QualitySuite, TransformationKind, TransformationSource } from '@pipeline/definition';
import type { BackendName } from '../backend-name';
import type { DataType } from '../types/data-type';

/** The asset and definition field a failure of a step is reported against. */
export interface Blame {
  readonly asset: string;
  /** `input`, `output`, or the field holding a transformation's expressions (`filter`, `agg`, ...). */
  readonly field: string;
}

/**
 * Where a step's rows live until their readers have run:
 * - `inline`: no object; its SELECT is written into the statement that reads it (DuckDB);
 * - `view`: a view its readers stream from (DuckDB);
 * - `table`: computed once and stored (DuckDB: a temporary table);
 * - `handle`: a backend handle (a DuckDB table or a danfo frame), kept until released.
 */
export type Storage = 'inline' | 'view' | 'table' | 'handle';

/** Reads an input file. */
export interface ReadStep {
  readonly op: 'read';
  readonly asset: string;
  readonly source: InputSource;
  readonly storage: Storage;
  /**
   * DuckDB: the read keeps DuckDB's sniffer on (types still pinned) so the optimiser knows roughly
   * how many rows the file holds (a join picks its build side by it).
   */
  readonly estimateRows: boolean;
  readonly blame: Blame;
  /** DuckDB: the read's table function (its columns are pinned after one sniff at run time). */
  readonly sql?: string;
}

/** Computes one transformation from the relations of its upstream assets. */
export interface RelationStep {
  readonly op: 'relation';
  readonly asset: string;
  readonly kind: TransformationKind;
  readonly source: TransformationSource;
  /** Upstream assets, in the order the kind names them. */
  readonly from: readonly string[];
  readonly storage: Storage;
  /** False when no output can observe the asset's row order, so a sort kept only for it is skipped. */
  readonly ordered: boolean;
  /** The step may carry row checks (assertion, schemaEnforce): they run as soon as its rows exist. */
  readonly checksRows: boolean;
  readonly blame: Blame;
  /** A stored step of a streamed plan: the transformations its statement streams (see StageStep). */
  readonly streams?: readonly Blame[];
  /** DuckDB, when the inputs' columns were given to the compiler: the SELECT computing the asset. */
  readonly sql?: string;
}

/** Writes an asset's rows to an output's temporary file, placed by `commit`. */
export interface StageStep {
  readonly op: 'stage';
  readonly asset: string;
  readonly from: string;
  readonly source: OutputSource;
  readonly blame: Blame;
  /**
   * Transformations whose SELECTs run inside this step's statement (inlined or viewed, up to a
   * table), in plan order: a runtime failure is blamed on the first of them that fails alone.
   */
  readonly streams: readonly Blame[];
  /** The input assets the statement reads (a read failure is reported against the only one). */
  readonly reads: readonly string[];
  /**
   * What writes the staged output (the destination stands for its temporary file): DuckDB's
   * statement; on spark the Spark Connect write command it sends, rendered (no SQL writes it).
   */
  readonly sql?: string;
}

/** Runs the document's quality suites once every asset is computed, before anything is placed. */
export interface QualityStep {
  readonly op: 'quality';
  readonly suites: readonly QualitySuite[];
  /** Every asset the suites read (targets and referenced assets). */
  readonly assets: readonly string[];
}

/** Frees an asset's rows once its last reader has run. */
export interface ReleaseStep {
  readonly op: 'release';
  readonly asset: string;
}

/** Places every staged output together; reached only when every step before it succeeded. */
export interface CommitStep {
  readonly op: 'commit';
  readonly outputs: readonly string[];
}

/** One step of a physical plan. */
export type PhysicalStep = ReadStep | RelationStep | StageStep | QualityStep | ReleaseStep | CommitStep;

/** The steps computing one asset (read, relation or stage): what progress and timings count. */
export type AssetStep = ReadStep | RelationStep | StageStep;

/** How a plan runs on a backend. */
export type Layout =
  /** DuckDB whole plans: a chain of views and inlined SELECTs streamed by each output's statement. */
  | 'streamed'
  /** Every asset a backend handle, in plan order (danfo plans, and every plan a session drives). */
  | 'handles';

/** A plan compiled for one backend. */
export interface PhysicalPlan {
  readonly backend: BackendName;
  readonly layout: Layout;
  readonly name?: string;
  readonly steps: readonly PhysicalStep[];
}

/** Whether a step computes an asset (and so counts for progress and timings). */
export function isAssetStep(step: PhysicalStep): step is AssetStep {
  return step.op === 'read' || step.op === 'relation' || step.op === 'stage';
}

/** What a compiler may be told beyond the plan. */
export interface CompileOptions {
  /** Compile for a session's live instance: every asset a handle, none released. */
  readonly retain?: boolean;
  /** The columns of each input (names and portable types), when its file has been read. */
  readonly inputs?: Readonly<Record<string, readonly { readonly name: string; readonly type: DataType }[]>>;
}
