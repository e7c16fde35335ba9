/**
 * Jobs benchmark (not a test): small-job throughput and submit-to-running latency of the real
 * job service (Piscina workers running @pipeline/engine on DuckDB), on the in-memory store and on
 * the PostgreSQL store (a local server started for the run), in one run. Run with
 * `node tools/bench/jobs/run.cjs`; prints a Markdown table.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createJobService, openJobStore, type JobRecord, type JobStore } from '@pipeline/jobs';
import { startPostgres } from '@pipeline/test-postgres';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const JOBS = arg('jobs', 1000);
const LATENCY_SAMPLES = arg('latency-samples', 200);
const WORKERS = arg('workers', os.availableParallelism());

const tinyPipeline = (n: number): string => `
version: "3.0"
pipeline:
  name: tiny-${n}
  assets:
    - asset_ref: raw
      source:
        input: { format: csv, path: people.csv }
    - asset_ref: adults
      source:
        where: { from: raw, filter: "age >= 18" }
    - asset_ref: out
      source:
        output: { from: adults, format: csv, path: "out/tiny-${n % 50}.csv", mode: overwrite }
`;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

interface Figures {
  readonly throughput: number;
  readonly elapsedMs: number;
  readonly median: number;
  readonly p99: number;
}

/** Throughput and submit-to-running latency of one job service over `store` (memory or a database). */
async function measure(dataRoot: string, store: JobStore): Promise<Figures> {
  const runningAt = new Map<string, number>();
  const onRunning = new Map<string, () => void>();
  const jobs = createJobService({
    dataRoot,
    workers: WORKERS,
    queueCapacity: Math.max(1000, JOBS),
    store,
    staleTempSweepMs: 0,
    onJobChange: (job: JobRecord) => {
      if (job.status === 'running' && !runningAt.has(job.id)) {
        runningAt.set(job.id, performance.now());
        onRunning.get(job.id)?.();
      }
    },
  });

  // Warm-up: every worker loads DuckDB and runs a few jobs.
  await Promise.all(Array.from({ length: WORKERS * 5 }, async (_, i) => jobs.wait((await jobs.submit({ yaml: tinyPipeline(i) })).id, 60_000)));

  // Throughput: JOBS tiny pipelines submitted at once.
  const t0 = performance.now();
  const ids = (await Promise.all(Array.from({ length: JOBS }, (_, i) => jobs.submit({ yaml: tinyPipeline(i) })))).map((j) => j.id);
  const finished = await Promise.all(ids.map((id) => jobs.wait(id, 600_000)));
  const elapsedMs = performance.now() - t0;
  const failed = finished.filter((j) => j?.status !== 'completed');
  if (failed.length > 0) throw new Error(`${failed.length} jobs did not complete: ${failed[0]?.error}`);

  // Latency from submit to running on an idle pool: one job at a time.
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const t = performance.now();
    const job = await jobs.submit({ yaml: tinyPipeline(i) });
    if (!runningAt.has(job.id)) await new Promise<void>((resolve) => onRunning.set(job.id, resolve));
    latencies.push((runningAt.get(job.id) ?? t) - t);
    onRunning.delete(job.id);
    await jobs.wait(job.id, 60_000);
  }
  latencies.sort((a, b) => a - b);
  await jobs.shutdown();
  return { throughput: JOBS / (elapsedMs / 1000), elapsedMs, median: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-'));
  const rows = ['id,name,age', ...Array.from({ length: 10 }, (_, i) => `${i},p${i},${10 + i * 5}`)];
  fs.writeFileSync(path.join(dataRoot, 'people.csv'), `${rows.join('\n')}\n`);

  const memory = await measure(dataRoot, await openJobStore());
  // A real PostgreSQL server on this machine (the tests' helper: a fresh cluster on a free port).
  const postgres = await startPostgres();
  let onDatabase: Figures;
  try {
    onDatabase = await measure(dataRoot, await openJobStore({ databaseUrl: await postgres.createDatabase() }));
  } finally {
    await postgres.stop();
  }
  fs.rmSync(dataRoot, { recursive: true, force: true });

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\nJobs benchmark: ${WORKERS} workers, ${os.availableParallelism()} cores (${cpu}), Node ${process.version}\n`);
  console.log('| measure | in-memory store | PostgreSQL store (local server) |');
  console.log('|---|---|---|');
  const both = (f: (x: Figures) => string) => `${f(memory)} | ${f(onDatabase)}`;
  console.log(`| throughput, ${JOBS} tiny pipelines submitted at once | ${both((x) => `${x.throughput.toFixed(0)} jobs/s (${(x.elapsedMs / 1000).toFixed(2)} s)`)} |`);
  console.log(`| submit -> running, idle pool, median (${LATENCY_SAMPLES} samples) | ${both((x) => `${x.median.toFixed(2)} ms`)} |`);
  console.log(`| submit -> running, idle pool, p99 | ${both((x) => `${x.p99.toFixed(2)} ms`)} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
