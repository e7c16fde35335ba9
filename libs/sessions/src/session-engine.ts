/**
 * What a session drives: one live backend instance holding the session's handles, either in this
 * thread (DuckDB, whose queries already run off the JavaScript thread) or in a worker thread
 * (danfo, which computes synchronously in JavaScript).
 */
import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import type { BackendName } from '@pipeline/engine';
import type { Plan } from '@pipeline/planner';

/** A data frame held by the backend. */
export interface EngineHandle {
  /** The backend's own id of the frame (never shown to clients). */
  readonly id: string;
  readonly rowCount: number;
}

/** Cancellation of one operation. */
export interface EngineCallOptions {
  readonly signal?: AbortSignal;
}

/** One session's backend, used by one operation at a time. */
export interface SessionEngine {
  readonly backend: BackendName;
  readInput(ref: string, source: InputSource, opts?: EngineCallOptions): Promise<EngineHandle>;
  /** Applies a transformation; `inputs` maps each upstream asset ref to a backend handle id. */
  apply(
    ref: string,
    source: Source,
    inputs: Readonly<Record<string, string>>,
    opts?: EngineCallOptions,
  ): Promise<EngineHandle>;
  write(
    handleId: string,
    ref: string,
    source: OutputSource,
    opts?: EngineCallOptions,
  ): Promise<{ rowsWritten: number; skipped: boolean }>;
  /** Runs a whole plan on this backend, so its assets become frames of the session. */
  execute(plan: Plan, opts?: EngineCallOptions): Promise<void>;
  release(handleId: string): Promise<void>;
  /** Releases every frame and the backend itself. */
  close(): Promise<void>;
}
