/**
 * The standard health service on PostgreSQL: the status of `pipeline.v1.PipelineService` follows
 * the service's readiness (the job store stopped and started again under a real server), while the
 * whole server's status stays SERVING; a job id holding a NUL is not found.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChannel, createClient } from 'nice-grpc';
import { HealthDefinition } from 'nice-grpc-server-health';
import { startPostgres } from '@pipeline/test-postgres';
import { silentLogger } from '@pipeline/server-kit';
import { startGrpcApp } from '../src/app';
import { PipelineServiceDefinition } from '../src/generated/pipeline/v1/pipeline';
import { failure } from './harness';

const SERVING = 1;
const NOT_SERVING = 2;

it('reports the pipeline service NOT_SERVING while PostgreSQL is down and SERVING once it is back', async () => {
  const postgres = await startPostgres();
  const dataRoot = mkdtempSync(join(tmpdir(), 'grpc-ready-'));
  const app = await startGrpcApp(
    { host: '127.0.0.1', port: 0, dataRoot, workers: 1, queueCapacity: 10, sessionTtlMs: 60_000, maxSessions: 2, databaseUrl: await postgres.createDatabase() },
    silentLogger,
    { readinessCheckMs: 100 },
  );
  const channel = createChannel(`127.0.0.1:${app.port}`);
  const health = createClient(HealthDefinition, channel);
  const client = createClient(PipelineServiceDefinition, channel);
  const abort = new AbortController();
  const statuses = health.watch({ service: 'pipeline.v1.PipelineService' }, { signal: abort.signal })[Symbol.asyncIterator]();
  /** Reads the Watch stream until it says `wanted`. */
  const until = async (wanted: number): Promise<void> => {
    for (;;) {
      const next = await statuses.next();
      if (next.done === true || next.value.status === wanted) return;
    }
  };
  try {
    await until(SERVING);
    expect(await failure(client.getJob({ jobId: 'abc\0def' }))).toEqual({ code: 'NOT_FOUND', details: 'job not found' });

    await postgres.stopServer('immediate');
    await until(NOT_SERVING);
    await expect(health.check({ service: '' })).resolves.toMatchObject({ status: SERVING });

    await postgres.startServer();
    await until(SERVING);
    await expect(health.check({ service: 'pipeline.v1.PipelineService' })).resolves.toMatchObject({ status: SERVING });
  } finally {
    abort.abort();
    channel.close();
    await app.shutdown(0);
    await postgres.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  }
}, 120_000);
