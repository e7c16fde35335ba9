/**
 * What a worker thread does with one task: claim it (or skip it when it was cancelled first),
 * tell the main thread it started, run the plan on the thread's engine runtime (one DuckDB
 * database reused by every job, each job on its own connection) with an AbortSignal wired to the
 * control port, and reply with plain data. It never throws: every failure becomes an error reply.
 */
import { toPlainError } from '@pipeline/engine';
import { jobsErrors } from '../errors';
import type { JobOutcome } from '../job';
import type { ControlMessage, ErrorReply, RunJobTask, WorkerCrashMode, WorkerEvent, WorkerReply } from './protocol';
import { createRuntimeCache, type RuntimeCache } from './engine-runtimes';
import { claimStart, isCancelRequested } from './task-state';

/** The runtime of this thread (module state: one per worker thread). */
const threadRuntimes = createRuntimeCache();

/** Runs one task inside a worker thread (on `runtimes`, by default the thread's) and resolves with its reply. */
export async function runTask(task: RunJobTask, runtimes: RuntimeCache = threadRuntimes): Promise<WorkerReply> {
  const { port, state } = task.control;
  try {
    if (!claimStart(state)) return cancelledReply(task.jobId);
    const startedAt = new Date().toISOString();
    port.postMessage({ type: 'started', at: startedAt } satisfies WorkerEvent);
    if (task.crash !== undefined) return await crash(task.crash);

    const controller = new AbortController();
    port.on('message', (message: ControlMessage) => {
      if (message.type === 'cancel') controller.abort();
    });
    // The cancel may have landed between the claim and the listener.
    if (isCancelRequested(state)) controller.abort();

    try {
      const runtime = runtimes.runtimeFor(task.engine);
      const result = await runtime.executePlan(task.plan, { backend: task.backend, signal: controller.signal });
      const outcome: JobOutcome = {
        outputs: result.outputs.map((o) => ({ ref: o.ref, path: o.path, rowsWritten: o.rowsWritten, skipped: o.skipped })),
        steps: result.steps.map((s) => ({ ref: s.ref, ms: s.ms })),
      };
      return { type: 'ok', startedAt, value: outcome };
    } catch (error) {
      if (controller.signal.aborted) return { ...cancelledReply(task.jobId), startedAt };
      return { type: 'error', error: toPlainError(error), startedAt };
    }
  } finally {
    port.close();
  }
}

function cancelledReply(jobId: string): ErrorReply {
  return { type: 'error', error: jobsErrors.cancelled(jobId).toPlain() };
}

/** Test-only real worker death; the main thread decides (see JobServiceOptions.testHooks). */
function crash(mode: WorkerCrashMode): Promise<never> {
  if (mode === 'exit') process.exit(70);
  if (mode === 'oom') {
    // Grows the heap until V8 stops the thread (bounded by the pool's resourceLimits).
    const hog: number[][] = [];
    for (;;) hog.push(new Array<number>(1_000_000).fill(hog.length));
  }
  // An exception nobody catches ends the thread with an 'error' event, as a bug in a callback would.
  setImmediate(() => {
    throw new Error('worker test hook: uncaught error');
  });
  return new Promise<never>(() => undefined);
}
