/**
 * A waiting request holds a waiter in the job service; these tests watch that waiter (the real
 * job service, its wait() observed) while a client disconnects or the server shuts down.
 */
import { createJobService, type JobService } from '@pipeline/jobs';
import { getEventListeners } from 'node:events';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createApp } from '../src/app';
import { silentLogger } from '@pipeline/server-kit';
import { BIG_ROWS, SLOW_FILTER, pipelineYaml, pollJob, postJson, request, writeBigCsv } from './helpers';

interface ObservedWait {
  readonly signal: AbortSignal;
  readonly settled: Promise<unknown>;
}

let dataRoot: string;
let jobs: JobService;
let server: http.Server;
let base: string;
let shutdown: AbortController;
const waits: ObservedWait[] = [];

beforeAll(async () => {
  dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'http-server-wait-'));
  writeBigCsv(path.join(dataRoot, 'big.csv'), BIG_ROWS);
  jobs = createJobService({ dataRoot, workers: 1 });
  const observed: JobService = {
    ...jobs,
    wait: (id, timeoutMs, signal) => {
      const settled = jobs.wait(id, timeoutMs, signal);
      if (signal) waits.push({ signal, settled: settled.catch(() => undefined) });
      return settled;
    },
  };
  shutdown = new AbortController();
  const app = createApp({
    jobs: observed,
    version: 'test',
    bodyLimit: 1024 * 1024,
    shutdownSignal: shutdown.signal,
    logger: silentLogger,
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await jobs.shutdown({ graceMs: 0 });
  fs.rmSync(dataRoot, { recursive: true, force: true });
});

async function runningJob(): Promise<string> {
  const res = await postJson(`${base}/api/jobs`, {
    yaml: pipelineYaml('big.csv', 'out/copy.csv', { filter: SLOW_FILTER }),
  });
  expect(res.status).toBe(202);
  await pollJob(base, res.body.job_id, (job) => job.status === 'running');
  return res.body.job_id;
}

async function nextWait(count: number): Promise<ObservedWait> {
  const deadline = Date.now() + 5_000;
  while (waits.length < count) {
    if (Date.now() > deadline) throw new Error('the server never started waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return waits[count - 1];
}

it('releases the waiter when the client disconnects', async () => {
  const id = await runningJob();
  const client = new AbortController();
  const response = fetch(`${base}/api/jobs/${id}/wait?timeout=600`, { signal: client.signal });
  const wait = await nextWait(waits.length + 1);
  expect(wait.signal.aborted).toBe(false);

  client.abort();
  await expect(response).rejects.toThrow();
  const released = await Promise.race([
    wait.settled.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), 1_000)),
  ]);
  expect(released).toBe(true);
  expect(wait.signal.aborted).toBe(true);
  // The job itself goes on: only the waiter went away.
  expect((await request(`${base}/api/jobs/${id}`)).body.status).toBe('running');
  await request(`${base}/api/jobs/${id}`, { method: 'DELETE' });
  await jobs.wait(id, 30_000);
});

it('leaves nothing on the long-lived shutdown signal once abandoned waits end', async () => {
  const id = await runningJob();
  const count = waits.length;
  for (let i = 0; i < 50; i++) {
    const client = new AbortController();
    const response = fetch(`${base}/api/jobs/${id}/wait?timeout=600`, { signal: client.signal }).catch(() => undefined);
    const wait = await nextWait(count + i + 1);
    client.abort();
    await response;
    await wait.settled;
  }
  // Each wait listened to the shutdown signal and stopped listening when it ended (no
  // AbortSignal.any, whose signals a long-lived source keeps on Node 20).
  expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
  expect(jobs.stats().running).toBe(1);
  await request(`${base}/api/jobs/${id}`, { method: 'DELETE' });
  await jobs.wait(id, 30_000);
});

it('answers pending waits with the current job when the server shuts down', async () => {
  const id = await runningJob();
  const pending = request(`${base}/api/jobs/${id}/wait?timeout=600`);
  await nextWait(waits.length + 1);
  shutdown.abort();
  const res = await pending;
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id, status: 'running' });
  await request(`${base}/api/jobs/${id}`, { method: 'DELETE' });
  await jobs.wait(id, 30_000);
});
