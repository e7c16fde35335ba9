/**
 * What a danfo session worker is asked to do, on the workspace's one worker protocol
 * (`@pipeline/workers`: `CallMessage` / `Reply` with a call id, `cancel` per call). Every operation
 * names the session whose backend it runs on; everything is structured-clone data.
 */
import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import type { BackendName } from '@pipeline/engine';
import type { Plan } from '@pipeline/planner';

/** The wire code of a JavaScript allocation that failed in the worker (a RangeError such as `Invalid array length`). */
export const JS_OUT_OF_MEMORY_WIRE_CODE = 'JS_OUT_OF_MEMORY';

/** A handle as the worker reports it: the frame's id, its rows and its columns. */
export interface WorkerHandle {
  readonly id: string;
  readonly rowCount: number;
  readonly columnCount: number;
}

/** Engine settings a worker opens its backends with. */
export interface WorkerEngineSettings {
  readonly dataRoot: string;
  /** The backend each session of this worker runs (danfo: the one that computes in JavaScript). */
  readonly backend: BackendName;
}

/** One operation on one session's backend. */
export type SessionOp =
  | { readonly op: 'open'; readonly engine: WorkerEngineSettings }
  | { readonly op: 'readInput'; readonly ref: string; readonly source: InputSource }
  | {
      readonly op: 'apply';
      readonly ref: string;
      readonly source: Source;
      readonly inputs: Readonly<Record<string, string>>;
    }
  | { readonly op: 'write'; readonly handleId: string; readonly ref: string; readonly source: OutputSource }
  | { readonly op: 'execute'; readonly plan: Plan }
  | { readonly op: 'release'; readonly handleId: string }
  | { readonly op: 'close' };

/** The payload of one call: an operation and the session it is for. */
export type SessionCall = SessionOp & { readonly sessionId: string };
