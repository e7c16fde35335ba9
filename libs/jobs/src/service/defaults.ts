/**
 * Pool sizing defaults: one worker per core, and DuckDB threads per job chosen so that
 * `workers x threads` never exceeds the cores.
 */
import * as os from 'node:os';

/** Workers by default: the cores Node may use. */
export function defaultWorkerCount(): number {
  return Math.max(1, os.availableParallelism());
}

/** DuckDB threads per job by default: the cores shared out among the workers, at least 1. */
export function defaultDuckdbThreads(workers: number): number {
  return Math.max(1, Math.floor(os.availableParallelism() / workers));
}
