/**
 * Held waits on the job list at the edges: a server shutting down answers them at once (they never
 * hold the shutdown for its grace period), and past the bound the answer is 429.
 */
import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { jobsErrors, type JobService } from '@pipeline/jobs';
import { silentLogger } from '@pipeline/server-kit';
import { createApp } from '../src/app';
import { startServer } from '../src/server';
import { request } from './helpers';

it('answers a held list wait with the list as soon as the server begins to shut down', async () => {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'list-wait-'));
  // A grace period far longer than the bound below: only the shutdown signal ends the wait in time.
  const server = await startServer(
    { port: 0, host: '127.0.0.1', workers: 1, queueCapacity: 10, bodyLimit: 1024 * 1024, dataRoot },
    { logger: silentLogger, shutdownGraceMs: 30_000 },
  );
  try {
    const { version } = (await request(`${server.url}/api/jobs`)).body;
    const held = request(`${server.url}/api/jobs?since=${version}&timeout=60`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = Date.now();
    const closed = server.close();
    const answer = await held;
    expect(answer).toMatchObject({ status: 200, body: { jobs: [], version } });
    await closed;
    expect(Date.now() - stopping).toBeLessThan(10_000);
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}, 60_000);

it('answers 429 past the bound of held list waits', async () => {
  const jobs = { waitForList: () => Promise.reject(jobsErrors.tooManyListWaits(256)) } as unknown as JobService;
  const app = createApp({ jobs, version: 'test', bodyLimit: 1024, shutdownSignal: new AbortController().signal, logger: silentLogger });
  const listening = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  try {
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    expect(await request(`${url}/api/jobs?since=x`)).toMatchObject({
      status: 429,
      body: { error: 'too many held waits on the job list (at most 256); try again later' },
    });
  } finally {
    await new Promise((resolve) => listening.close(resolve));
  }
});
