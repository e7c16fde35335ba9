/**
 * Per-asset progress of one running job, built on the main thread from its worker's events: every
 * asset of the plan in plan order, waiting, running (since when) or done (its time and, for an
 * output, the rows it staged). The worker sends one event per asset done, never the whole list.
 */
import type { JobProgress, JobStepProgress } from '../job';
import type { WorkerEvent } from '../worker/protocol';

/** One asset done, as the worker reports it. */
export type StepDoneEvent = Extract<WorkerEvent, { readonly type: 'progress' }>;

/** Folds a job's worker events into its progress. */
export interface StepTracker {
  /** The job started at `at`: its first asset runs. */
  started(at: string): JobProgress;
  /** An asset is done: the next waiting asset runs from then. */
  stepDone(event: StepDoneEvent): JobProgress;
}

/** A tracker over the plan's assets `refs`, in plan order. */
export function createStepTracker(refs: readonly string[]): StepTracker {
  const steps: JobStepProgress[] = refs.map((ref) => ({ ref, state: 'waiting' }));
  let assetsDone = 0;
  let rowsWritten = 0;
  const runNext = (at: string): void => {
    const next = steps.findIndex((s) => s.state === 'waiting');
    if (next >= 0) steps[next] = { ...steps[next], state: 'running', startedAt: at };
  };
  // A copy: the record handed out must not change under its reader.
  const snapshot = (): JobProgress => ({ assetsDone, assetsTotal: refs.length, rowsWritten, steps: [...steps] });
  return {
    started(at) {
      if (!steps.some((s) => s.state !== 'waiting')) runNext(at);
      return snapshot();
    },
    stepDone(event) {
      assetsDone = event.assetsDone;
      rowsWritten = event.rowsWritten;
      const i = steps.findIndex((s) => s.ref === event.ref);
      if (i >= 0) {
        const startedAt = steps[i].startedAt ?? new Date(Date.parse(event.at) - event.ms).toISOString();
        steps[i] = { ref: event.ref, state: 'done', startedAt, ms: event.ms, ...(event.rows === undefined ? {} : { rows: event.rows }) };
      }
      runNext(event.at);
      return snapshot();
    },
  };
}
