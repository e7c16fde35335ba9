/**
 * A worker runs its jobs on one engine runtime: one DuckDB database for every job of the thread,
 * each job on its own connection, so jobs with the same asset names, failed jobs and cancelled
 * jobs never see or leave anything for the next one. Tasks run in-process here (no Piscina).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { DuckDBInstance } from '@duckdb/node-api';
import { createEngineRuntime, type EngineRuntime } from '@pipeline/engine';
import { planPipeline, type Plan } from '@pipeline/planner';
import { prepareRehearsal } from '../service/warm-up';
import { createRuntimeCache, type RuntimeCache } from './engine-runtimes';
import type { Rehearsal, RunJobTask, WorkerEngineConfig, WorkerReply } from './protocol';
import { runTask, warmThread } from './run-task';
import { claimCancel, createTaskState } from './task-state';

function pipeline(filter: string, out: string): Plan {
  const planned = planPipeline(
    `
version: "3.0"
pipeline:
  name: t
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: people.csv } }
    - asset_ref: picked
      source: { where: { from: raw, filter: "${filter}" } }
    - asset_ref: out
      source: { output: { from: picked, format: csv, path: ${out}, mode: overwrite } }
    - asset_ref: copy
      source: { output: { from: raw, format: csv, path: ${out}.all, mode: overwrite } }
`,
    {},
  );
  if (!planned.ok) throw new Error(planned.error.message);
  return planned.plan;
}

/** The service's start-up rehearsal, its input written into `folder`. */
function rehearsalIn(folder: string): Rehearsal {
  const rehearsal = prepareRehearsal(folder);
  if (rehearsal === undefined) throw new Error('the rehearsal did not plan');
  return rehearsal;
}

/** Runs `plan` as a task; `cancelAfterMs` cancels it cooperatively, as the pool does. */
async function run(runtimes: RuntimeCache, engine: WorkerEngineConfig, plan: Plan, cancelAfterMs?: number): Promise<WorkerReply> {
  const { port1, port2 } = new MessageChannel();
  const state = createTaskState();
  const task: RunJobTask = { type: 'run', jobId: 'j', plan, backend: '', engine, control: { port: port2, state } };
  let timer: NodeJS.Timeout | undefined;
  if (cancelAfterMs !== undefined) {
    timer = setTimeout(() => {
      if (claimCancel(state) === 'running') port1.postMessage({ type: 'cancel' });
    }, cancelAfterMs);
  }
  try {
    return await runTask(task, runtimes);
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}

describe('worker tasks on a shared engine runtime', () => {
  let root: string;
  let engine: WorkerEngineConfig;
  let made: EngineRuntime[];
  let runtimes: RuntimeCache;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-worker-'));
    const rows = ['id,name,age', ...Array.from({ length: 10 }, (_, i) => `${i + 1},p${i + 1},${10 + i * 5}`)];
    fs.writeFileSync(path.join(root, 'people.csv'), `${rows.join('\n')}\n`);
    engine = { dataRoot: root, duckdb: { threads: 1, memoryLimit: '256MB' } };
    made = [];
    runtimes = createRuntimeCache((config) => {
      const runtime = createEngineRuntime(config);
      made.push(runtime);
      return runtime;
    });
  });
  afterEach(async () => {
    await runtimes.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('reuses one database for the jobs of one configuration', async () => {
    const first = await run(runtimes, engine, pipeline('age >= 18', 'out/a.csv'));
    const second = await run(runtimes, { ...engine }, pipeline('age < 18', 'out/a.csv'));
    expect(first).toMatchObject({ type: 'ok', value: { outputs: [{ ref: 'out', rowsWritten: 8 }, { ref: 'copy', rowsWritten: 10 }] } });
    expect(second).toMatchObject({ type: 'ok', value: { outputs: [{ ref: 'out', rowsWritten: 2 }, { ref: 'copy', rowsWritten: 10 }] } });
    expect(fs.readFileSync(path.join(root, 'out/a.csv'), 'utf8')).toBe('id,name,age\n1,p1,10\n2,p2,15\n');
    expect(made).toHaveLength(1);
    expect(made[0].stats()).toEqual({ activeRuns: 0, databaseOpen: true, databasesOpened: 1, openConnections: 0, idleConnections: 0 });
  });

  it('a warm task opens the database the next job of the same configuration runs on', async () => {
    expect(await warmThread({ type: 'warm', engine }, runtimes)).toMatchObject({ type: 'ok' });
    expect(made).toHaveLength(1);
    // The warm-up's connection only read: it waits for the first job.
    expect(made[0].stats()).toEqual({ activeRuns: 0, databaseOpen: true, databasesOpened: 1, openConnections: 0, idleConnections: 1 });
    const reply = await run(runtimes, engine, pipeline('age >= 18', 'out/w.csv'));
    expect(reply).toMatchObject({ type: 'ok', value: { outputs: [{ rowsWritten: 8 }, { rowsWritten: 10 }] } });
    expect(made).toHaveLength(1);
    expect(made[0].stats()).toMatchObject({ databasesOpened: 1 });
  });

  it('a warm task with a rehearsal runs it on a database of its own over its folder, leaving the thread database alone', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-rehearsal-'));
    try {
      const rehearsal = rehearsalIn(folder);
      expect(await warmThread({ type: 'warm', engine, rehearsal }, runtimes)).toMatchObject({ type: 'ok' });
      // Its outputs are in its folder; the data root holds only what the test put there.
      expect(fs.readdirSync(folder).sort()).toEqual(['warm-up-kept.csv', 'warm-up.csv', 'warm-up.parquet']);
      expect(fs.readFileSync(path.join(folder, 'warm-up-kept.csv'), 'utf8').trim().split('\n')).toHaveLength(9);
      expect(fs.readdirSync(root)).toEqual(['people.csv']);
      // The thread's own database was opened (the warm-up) and nothing of the rehearsal is left on it.
      expect(made).toHaveLength(1);
      expect(made[0].stats()).toEqual({ activeRuns: 0, databaseOpen: true, databasesOpened: 1, openConnections: 0, idleConnections: 1 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a rehearsal that cannot run (its input is gone) still answers, and the next job runs', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-rehearsal-'));
    const rehearsal = rehearsalIn(folder);
    fs.rmSync(folder, { recursive: true, force: true });
    expect(await warmThread({ type: 'warm', engine, rehearsal }, runtimes)).toMatchObject({ type: 'ok' });
    expect(fs.existsSync(folder)).toBe(false);
    const reply = await run(runtimes, engine, pipeline('age >= 18', 'out/r.csv'));
    expect(reply).toMatchObject({ type: 'ok', value: { outputs: [{ rowsWritten: 8 }, { rowsWritten: 10 }] } });
  });

  it('a warm task with settings the engine refuses still answers; the job then reports the refusal', async () => {
    const bad = { dataRoot: root, duckdb: { threads: 0 } };
    expect(await warmThread({ type: 'warm', engine: bad }, runtimes)).toMatchObject({ type: 'ok' });
    const reply = await run(runtimes, bad, pipeline('true', 'o.csv'));
    expect(reply).toMatchObject({ type: 'error', error: { code: 'E_INTERNAL', message: expect.stringContaining('threads') } });
  });

  it('a failed job and a cancelled job leave nothing that disturbs the next one', async () => {
    const failed = await run(runtimes, engine, pipeline('CAST(name AS INT) > 0', 'out/f.csv'));
    expect(failed).toMatchObject({ type: 'error', error: { code: 'E_TYPE' } });
    // A high-cardinality group-by over 3M rows keeps one DuckDB thread busy for seconds.
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(`COPY (SELECT i AS id, (i * 7919) % 1000003 AS x FROM range(3000000) t(i)) TO '${path.join(root, 'ids.csv')}' (HEADER)`);
    connection.closeSync();
    instance.closeSync();
    const slow = planPipeline(
      `
version: "3.0"
pipeline:
  name: slow
  assets:
    - asset_ref: a
      source: { input: { format: csv, path: ids.csv } }
    - asset_ref: g
      source: { group_by: { from: a, by: [id], agg: ["median(x) AS m", "count(DISTINCT x) AS d"] } }
    - asset_ref: out
      source: { output: { from: g, format: csv, path: out/slow.csv, mode: overwrite } }
`,
      {},
    );
    if (!slow.ok) throw new Error(slow.error.message);
    const cancelled = await run(runtimes, engine, slow.plan, 150);
    expect(cancelled).toMatchObject({ type: 'error', error: { code: 'JOB_CANCELLED' } });
    const after = await run(runtimes, engine, pipeline('age >= 18', 'out/f.csv'));
    expect(after).toMatchObject({ type: 'ok', value: { outputs: [{ rowsWritten: 8 }, { rowsWritten: 10 }] } });
    expect(fs.existsSync(path.join(root, 'out/slow.csv'))).toBe(false);
    expect(made).toHaveLength(1);
    expect(made[0].stats()).toMatchObject({ activeRuns: 0, databasesOpened: 1, openConnections: 0, idleConnections: 0 });
  });

  it('a new configuration gets a new runtime and the old one is closed', async () => {
    const first = runtimes.runtimeFor(engine);
    expect(runtimes.runtimeFor({ ...engine, duckdb: { threads: 1, memoryLimit: '256MB' } })).toBe(first);
    const second = runtimes.runtimeFor({ ...engine, duckdb: { threads: 2 } });
    expect(second).not.toBe(first);
    await expect(first.executePlan(pipeline('true', 'o.csv'))).rejects.toMatchObject({ code: 'E_BACKEND_CLOSED' });
    expect((await second.executePlan(pipeline('true', 'o.csv'))).outputs[0].rowsWritten).toBe(10);
  });

  it('bad engine settings fail the job with a plain error', async () => {
    const reply = await run(runtimes, { dataRoot: root, duckdb: { threads: 0 } }, pipeline('true', 'o.csv'));
    expect(reply).toMatchObject({ type: 'error', error: { code: 'E_INTERNAL', message: expect.stringContaining('threads') } });
  });
});
