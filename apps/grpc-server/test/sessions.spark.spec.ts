/**
 * Low-level sessions with backend spark on a real Spark Connect server: the session contract the
 * other backends answer (session-suite.ts), each gRPC session a Spark Connect session of its own
 * that CloseSession and the idle time-to-live release on the server, as the server's own log of
 * its sessions shows (the URL's user_id keeps other tests' sessions apart).
 */
import { randomUUID } from 'node:crypto';
import * as net from 'node:net';
import { settledSparkSessions, sparkSessionLog, testSparkLogFile, testSparkUrl } from '@pipeline/test-spark';
import { EMPLOYEES_CSV, failure, startHarness, type Harness } from './harness';
import { describeSessionContract } from './session-suite';

/** The test server's URL with a user id of this file's own. */
function sparkUrlAs(userId: string): string {
  return `${testSparkUrl()}/;user_id=${userId}`;
}

describe('a spark session', () => {
  const userId = `grpc-sessions-${randomUUID().slice(0, 8)}`;
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ maxSessions: 4, sparkRemote: sparkUrlAs(userId) });
    h.write('employees.csv', EMPLOYEES_CSV);
  });
  afterAll(() => h.stop());

  describeSessionContract('spark', () => h);

  // The server also sees the short sessions of readiness probes (same user): what counts is that
  // none stays open once the gRPC session is closed.
  it('is a Spark session of its own, released on the server by CloseSession', async () => {
    const { sessionId } = await h.client.createSession({ backend: 'spark' });
    const raw = await h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
    expect(raw.rowCount).toBe(12);
    expect(sparkSessionLog(testSparkLogFile(), userId).open.length).toBeGreaterThanOrEqual(1);
    await h.client.closeSession({ sessionId });
    expect((await settledSparkSessions(testSparkLogFile(), userId)).open).toEqual([]);
  });
});

describe('a spark session left idle', () => {
  const userId = `grpc-idle-${randomUUID().slice(0, 8)}`;
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ sessionTtlMs: 1_500, sparkRemote: sparkUrlAs(userId) });
    h.write('employees.csv', EMPLOYEES_CSV);
  });
  afterAll(() => h.stop());

  it('is released on the server once its time-to-live passes', async () => {
    const { sessionId } = await h.client.createSession({ backend: 'spark' });
    const raw = await h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
    expect(raw.rowCount).toBe(12);
    expect(sparkSessionLog(testSparkLogFile(), userId).open.length).toBeGreaterThanOrEqual(1);
    expect((await settledSparkSessions(testSparkLogFile(), userId, 20_000)).open).toEqual([]);
    await expect(failure(h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' }))).resolves.toEqual({ code: 'NOT_FOUND', details: 'session not found' });
  });
});

describe('spark sessions without a reachable Spark', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it('refuses CreateSession{backend:"spark"} with the reason when no Spark is configured', async () => {
    h = await startHarness();
    await expect(failure(h.client.createSession({ backend: 'spark' }))).resolves.toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'backend "spark" is not configured on this server (set --spark-remote)',
    });
  });

  it('answers UNAVAILABLE "spark unavailable" when nothing listens at the remote, and keeps serving', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    h = await startHarness({ sparkRemote: `sc://127.0.0.1:${port}` });
    const down = await failure(h.client.createSession({ backend: 'spark' }));
    expect(down).toMatchObject({ code: 'UNAVAILABLE', details: expect.stringMatching(/^spark unavailable: /) });
    const { sessionId } = await h.client.createSession({ backend: 'duckdb' });
    await h.client.closeSession({ sessionId });
  });
});
