/**
 * The protocol between the main thread and a danfo session worker: closed unions of
 * structured-clone data. Engine errors cross as plain `{code, message, details}` and are rebuilt
 * on the main thread.
 */
import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import type { Plan } from '@pipeline/planner';

/** Engine settings a worker opens its backends with. */
export interface WorkerEngineSettings {
  readonly dataRoot: string;
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

/** Main -> worker. */
export type ToWorker =
  | ({ readonly type: 'call'; readonly callId: number; readonly sessionId: string } & SessionOp)
  | { readonly type: 'cancel'; readonly callId: number };

/** An error as plain data. */
export interface PlainError {
  readonly code: string;
  readonly message: string;
  readonly details?: unknown;
}

/** Worker -> main: the answer to one call. */
export type FromWorker =
  | { readonly type: 'ok'; readonly callId: number; readonly value: unknown }
  | { readonly type: 'error'; readonly callId: number; readonly error: PlainError };
