import * as fs from 'node:fs';
import * as path from 'node:path';
import { planPipeline, type Plan } from '@pipeline/planner';
import { createDataRoot, removeDataRoot, slowPipeline, smallPipeline } from '../service/__fixtures__/fixtures';
import { resolveWorkerFile } from './worker-file';
import { createWorkerPool, type WorkerPool } from './worker-pool';

function plan(yaml: string): Plan {
  const planned = planPipeline(yaml);
  if (!planned.ok) throw new Error(planned.error.message);
  return planned.plan;
}

describe('worker pool with the real worker', () => {
  let root: string;
  let pool: WorkerPool;
  const task = (jobId: string, yaml: string) => ({
    type: 'run' as const,
    jobId,
    plan: plan(yaml),
    backend: 'duckdb',
    engine: { dataRoot: root, duckdb: { threads: 1 } },
  });

  beforeAll(async () => {
    root = await createDataRoot({ withBig: true });
    pool = createWorkerPool({ workerFile: resolveWorkerFile(), size: 1 });
  }, 60_000);
  afterAll(async () => {
    await pool.close();
    removeDataRoot(root);
  });

  it('runs a plan and replies ok with the start time and the outcome', async () => {
    const started: string[] = [];
    const dispatched = pool.dispatch(task('ok', smallPipeline('pool-ok')), (at) => started.push(at));
    const settlement = await dispatched.done;
    expect(settlement).toMatchObject({
      kind: 'reply',
      reply: { type: 'ok', value: { outputs: [{ ref: 'out', rowsWritten: 8, skipped: false }] } },
    });
    expect(settlement.kind === 'reply' && settlement.reply.startedAt).toBe(started[0]);
    expect(dispatched.claimed).toBe(true);
  });

  it('sends engine errors back as plain data', async () => {
    const yaml = smallPipeline('pool-missing').replace('people.csv', 'absent.csv');
    const settlement = await pool.dispatch(task('missing', yaml), () => undefined).done;
    expect(settlement).toEqual({
      kind: 'reply',
      reply: {
        type: 'error',
        error: {
          code: 'E_FILE_NOT_FOUND',
          message: expect.stringContaining('absent.csv'),
          details: expect.objectContaining({ asset: 'raw' }),
        },
        startedAt: expect.any(String),
      },
    });
  });

  it('skips a task cancelled before a worker claimed it, and interrupts a running one', async () => {
    const startedRefs: string[] = [];
    const slow = pool.dispatch(task('slow', slowPipeline('pool-slow')), () => startedRefs.push('slow'));
    // The only thread is busy: this task waits in the pool until the slow one ends.
    const behind = pool.dispatch(task('behind', smallPipeline('pool-behind')), () => startedRefs.push('behind'));
    expect(behind.cancel()).toBe('before-start');
    expect(behind.claimed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slow.cancel()).toBe('running');
    expect(slow.cancel()).toBe('already-cancelled');
    const [slowEnd, behindEnd] = await Promise.all([slow.done, behind.done]);
    expect(slowEnd).toMatchObject({ kind: 'reply', reply: { type: 'error', error: { code: 'JOB_CANCELLED' }, startedAt: expect.any(String) } });
    expect(behindEnd).toEqual({
      kind: 'reply',
      reply: {
        type: 'error',
        error: { catalogue: 'JobsError', code: 'JOB_CANCELLED', message: 'job behind was cancelled', details: { jobId: 'behind' } },
      },
    });
    expect(startedRefs).toEqual(['slow']);
    expect(fs.existsSync(path.join(root, 'out/pool-behind.csv'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'out/pool-slow.parquet'))).toBe(false);
  }, 30_000);

  it('reports a worker death as crashed and replaces the thread', async () => {
    const settlement = await pool.dispatch({ ...task('dies', smallPipeline('pool-dies')), crash: 'exit' }, () => undefined).done;
    expect(settlement).toEqual({ kind: 'crashed', reason: 'worker exited with code: 70' });
    const next = await pool.dispatch(task('after', smallPipeline('pool-after')), () => undefined).done;
    expect(next).toMatchObject({ kind: 'reply', reply: { type: 'ok' } });
    expect(pool.threads).toBe(1);
  }, 30_000);
});
