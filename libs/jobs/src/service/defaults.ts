/**
 * Pool sizing defaults: one worker per core, and every worker's DuckDB database may use every
 * core: a lone job gets the whole machine, and concurrent jobs share the cores through the OS
 * scheduler (measured: no loss of total throughput against `cores / workers` threads each).
 */
import * as os from 'node:os';

/** Workers by default: the cores Node may use. */
export function defaultWorkerCount(): number {
  return Math.max(1, os.availableParallelism());
}

/** DuckDB threads per job by default: every core, whatever the number of workers. */
export function defaultDuckdbThreads(_workers: number): number {
  return Math.max(1, os.availableParallelism());
}

/**
 * DuckDB `memory_limit` of each worker's database by default (a worker runs one job at a time,
 * so this is the per-job limit): a quarter of the machine's memory shared out among the workers,
 * between 256MB and 2GB. Beyond it DuckDB spills to the service's temp area.
 */
export function defaultDuckdbMemoryLimit(workers: number): string {
  const share = Math.floor(os.totalmem() / 4 / workers / (1024 * 1024));
  return `${Math.min(2048, Math.max(256, share))}MB`;
}
