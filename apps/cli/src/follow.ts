/**
 * Following a job to its end, local or on a server, with the progress display, and cancelling it
 * on Ctrl-C: the first SIGINT (or SIGTERM) asks for a cooperative cancel and the tool keeps
 * following until the job has stopped; a second one only says that it is still stopping. The
 * process never exits while a worker may be inside DuckDB: the job service or the server ends
 * the job, then the command returns.
 */
import { EXIT } from './errors';
import type { Io } from './io';
import { isFinished, qualityFailed, type JobView } from './job-view';
import type { ProgressDisplay } from './progress';

/** A job being followed. */
export interface FollowedJob {
  readonly id: string;
  /** Resolves with the job once it is terminal, calling `onChange` with every state seen on the way. */
  untilFinished(onChange: (job: JobView) => void): Promise<JobView>;
  /** Asks for the job to be cancelled (a job already ended is left as it is). */
  cancel(): Promise<void>;
}

/**
 * The exit status a finished job gives the tool: 0 completed, 1 failed (or an error-severity
 * quality check failed), 130 cancelled (124 not finished).
 */
export function exitStatusOfJob(job: JobView): number {
  switch (job.status) {
    case 'completed':
      return qualityFailed(job) ? EXIT.failed : EXIT.ok;
    case 'failed':
      return EXIT.failed;
    case 'cancelled':
      return EXIT.cancelled;
    default:
      return EXIT.timedOut;
  }
}

/**
 * Follows `job` to its end; `display` is undefined with `--json` (the caller prints the job).
 * Messages about cancelling go to the display, or to stderr when there is none. `hintOf` may add
 * a hint to a failure's summary (where a local run looked for its files).
 */
export async function followJob(
  job: FollowedJob,
  display: ProgressDisplay | undefined,
  io: Io,
  hintOf: (job: JobView) => string | undefined = () => undefined,
): Promise<JobView> {
  const say = (text: string) => (display === undefined ? io.err.write(`${text}\n`) : display.note(text));
  let interrupts = 0;
  const onSignal = () => {
    interrupts += 1;
    if (interrupts === 1) {
      say('cancelling the job (Ctrl-C again does not stop it faster; the engine stops at its next step)');
      job.cancel().catch((error: unknown) => say(`cancel failed: ${(error as Error).message}`));
    } else {
      say('still cancelling: waiting for the job to stop');
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const finished = await job.untilFinished((seen) => display?.update(seen));
    if (!isFinished(finished)) throw new Error(`job ${job.id} is still ${finished.status}`);
    display?.finish(finished, hintOf(finished));
    return finished;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
