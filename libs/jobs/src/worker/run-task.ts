/**
 * What a worker thread does with one task: claim it (or skip it when it was cancelled first),
 * tell the main thread it started, run the plan on the thread's engine runtime (one DuckDB
 * database reused by every job, each job on its own connection) with an AbortSignal wired to the
 * control port, and reply with plain data. It never throws: every failure becomes an error reply.
 */
import { createEngineRuntime, toPlainError, type EngineRuntime } from '@pipeline/engine';
import { createLineCollector, type Logger } from '@pipeline/server-kit';
import { jobsErrors } from '../errors';
import type { JobOutcome } from '../job';
import type { ControlMessage, ErrorReply, Rehearsal, RunJobTask, WarmTask, WorkerCrashMode, WorkerEvent, WorkerReply } from './protocol';
import { createRuntimeCache, type RuntimeCache } from './engine-runtimes';
import { claimStart, isCancelRequested } from './task-state';

/** The runtime of this thread (module state: one per worker thread). */
const threadRuntimes = createRuntimeCache();

/**
 * The log of one task: the service's format (pino JSON lines) with the job and request ids. The
 * lines go back with the reply and the main thread writes them (one log stream per process).
 */
function taskLog(task: RunJobTask): { readonly log?: Logger; readonly lines: string[] } {
  const level = task.log?.level ?? 'silent';
  if (level === 'silent') return { lines: [] };
  const { logger, lines } = createLineCollector('jobs-worker', level);
  const requestId = task.log?.requestId;
  const pipeline = task.plan.name;
  const about = { jobId: task.jobId, ...(pipeline === undefined ? {} : { pipeline }), ...(requestId === undefined ? {} : { requestId }) };
  return { log: logger.child(about), lines };
}

/** Runs one task inside a worker thread (on `runtimes`, by default the thread's) and resolves with its reply. */
export async function runTask(task: RunJobTask, runtimes: RuntimeCache = threadRuntimes): Promise<WorkerReply> {
  const { port, state } = task.control;
  try {
    if (!claimStart(state)) return cancelledReply(task.jobId);
    const startedAt = new Date().toISOString();
    port.postMessage({ type: 'started', at: startedAt } satisfies WorkerEvent);
    const { log, lines } = taskLog(task);
    log?.debug({ backend: task.backend, assets: task.plan.steps.length }, 'job running in worker');
    if (task.crash !== undefined) return await crash(task.crash);

    const controller = new AbortController();
    port.on('message', (message: ControlMessage) => {
      if (message.type === 'cancel') controller.abort();
    });
    // The cancel may have landed between the claim and the listener.
    if (isCancelRequested(state)) controller.abort();

    try {
      const runtime = runtimes.runtimeFor(task.engine);
      let rowsWritten = 0;
      const result = await runtime.executePlan(task.plan, {
        backend: task.backend,
        signal: controller.signal,
        onStep: (step) => {
          rowsWritten += step.rowsStaged ?? 0;
          port.postMessage({
            type: 'progress',
            assetsDone: step.done,
            assetsTotal: step.total,
            rowsWritten,
            ref: step.ref,
            ms: step.ms,
            ...(step.rowsStaged === undefined ? {} : { rows: step.rowsStaged }),
            at: new Date().toISOString(),
          } satisfies WorkerEvent);
        },
      });
      const outcome: JobOutcome = {
        outputs: result.outputs.map((o) => ({ ref: o.ref, path: o.path, rowsWritten: o.rowsWritten, skipped: o.skipped })),
        steps: result.steps.map((s) => ({ ref: s.ref, ms: s.ms })),
        ...(result.quality === undefined ? {} : { quality: result.quality.map((q) => ({ ...q })) }),
      };
      log?.info(
        { backend: task.backend, outputs: outcome.outputs.map((o) => ({ asset: o.ref, rowsWritten: o.rowsWritten, skipped: o.skipped })) },
        'job ran in worker',
      );
      return { type: 'ok', startedAt, value: outcome, ...logged(lines) };
    } catch (error) {
      if (controller.signal.aborted) {
        log?.info('job stopped in worker: cancelled');
        return { ...cancelledReply(task.jobId), startedAt, ...logged(lines) };
      }
      const wire = toPlainError(error);
      log?.info({ errorCode: wire.code, error: wire.message }, 'job failed in worker');
      return { type: 'error', error: wire, startedAt, ...logged(lines) };
    }
  } finally {
    port.close();
  }
}

/**
 * Opens this thread's engine runtime for the service's configuration ahead of its first job, then
 * runs the rehearsal (if any) on a throwaway one-thread database rooted in the rehearsal's folder.
 */
export async function warmThread(task: WarmTask, runtimes: RuntimeCache = threadRuntimes): Promise<WorkerReply> {
  try {
    await runtimes.runtimeFor(task.engine).prepare();
  } catch {
    // A configuration the engine refuses is refused again, and reported, by the first job.
  }
  if (task.rehearsal !== undefined) await rehearse(task.rehearsal);
  // The pool only waits for the answer; the empty outcome is never read as a job's.
  return { type: 'ok', value: { outputs: [], steps: [] } };
}

/** Runs the rehearsal's plan; whatever happens there only costs the warm-up, never a job. */
async function rehearse(rehearsal: Rehearsal): Promise<void> {
  let runtime: EngineRuntime | undefined;
  try {
    runtime = createEngineRuntime({
      dataRoot: rehearsal.dataRoot,
      duckdb: { threads: 1, memoryLimit: REHEARSAL_MEMORY_LIMIT, tempDirectory: rehearsal.dataRoot },
    });
    await runtime.executePlan(rehearsal.plan, { backend: 'duckdb' });
  } catch {
    // Nothing a job depends on happened here.
  } finally {
    await runtime?.close().catch(() => undefined);
  }
}

/** The rehearsal's database reads a few rows. */
const REHEARSAL_MEMORY_LIMIT = '64MB';

/** The reply's `log` field, present only when there are lines. */
function logged(lines: string[]): { log?: readonly string[] } {
  return lines.length === 0 ? {} : { log: lines };
}

function cancelledReply(jobId: string): ErrorReply {
  return { type: 'error', error: jobsErrors.cancelled(jobId).toPlain() };
}

/** Test-only real worker death; the main thread decides (a test pool sets it, see JobServiceSeams). */
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
