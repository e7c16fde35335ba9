/**
 * The gRPC server's Prometheus metrics on its metrics port (METRICS_PORT, here 0): read before
 * and after a few jobs, calls and a session, over the wire.
 */
import { METRIC_NAMES } from '@pipeline/metrics';
import { EMPLOYEES_CSV, employeesPipeline, failure, startHarness, type Harness } from './harness';

let h: Harness;
let metricsUrl: string;

beforeAll(async () => {
  h = await startHarness({ workers: 1, metricsPort: 0 });
  h.write('employees.csv', EMPLOYEES_CSV);
  if (h.app.metricsPort === undefined) throw new Error('the metrics listener did not start');
  metricsUrl = `http://127.0.0.1:${h.app.metricsPort}/metrics`;
});
afterAll(() => h.stop());

/** The value of one series in Prometheus text, 0 when it does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.text();
}

const rpc = (name: string, code: string) =>
  `${METRIC_NAMES.grpcRequestDuration}_count{rpc="/pipeline.v1.PipelineService/${name}",code="${code}"}`;

describe('GET /metrics on the metrics port', () => {
  it('serves every metric, with the gRPC latency histogram and the sessions gauge', async () => {
    const text = await scrape();
    for (const name of Object.values(METRIC_NAMES).filter((n) => n !== METRIC_NAMES.httpRequestDuration)) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).not.toContain(METRIC_NAMES.httpRequestDuration);
  });

  it('moves the job counters, the duration histogram and the call latency with a few jobs', async () => {
    const before = await scrape();
    const ids: string[] = [];
    for (const backend of ['duckdb', 'danfo', '']) {
      const { jobId } = await h.client.submitJob({ yaml: employeesPipeline(`out/${backend || 'default'}.csv`), variables: {}, backend });
      ids.push(jobId);
    }
    const broken = await h.client.submitJob({ yaml: employeesPipeline('out/x.csv').replace('employees.csv', 'missing.csv'), variables: {} });
    ids.push(broken.jobId);
    const ends = [];
    for (const jobId of ids) ends.push((await h.client.waitForJob({ jobId, timeoutSeconds: 60 })).status);
    expect(ends).toEqual(['completed', 'completed', 'completed', 'failed']);
    expect((await failure(h.client.getJob({ jobId: 'no-such-job' }))).code).toBe('NOT_FOUND');
    expect((await failure(h.client.submitJob({ yaml: 'version: "3.0"', variables: {} }))).code).toBe('INVALID_ARGUMENT');

    const after = await scrape();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved(METRIC_NAMES.jobsSubmitted)).toBe(4);
    expect(moved(`${METRIC_NAMES.jobsFinished}{status="completed"}`)).toBe(3);
    expect(moved(`${METRIC_NAMES.jobsFinished}{status="failed"}`)).toBe(1);
    expect(moved(`${METRIC_NAMES.jobsFinished}{status="cancelled"}`)).toBe(0);
    expect(moved(`${METRIC_NAMES.jobDuration}_count{backend="duckdb",status="completed"}`)).toBe(2);
    expect(moved(`${METRIC_NAMES.jobDuration}_count{backend="danfo",status="completed"}`)).toBe(1);
    expect(moved(`${METRIC_NAMES.jobDuration}_count{backend="duckdb",status="failed"}`)).toBe(1);
    expect([sample(after, METRIC_NAMES.jobsQueued), sample(after, METRIC_NAMES.jobsRunning)]).toEqual([0, 0]);
    expect(moved(rpc('SubmitJob', 'OK'))).toBe(4);
    expect(moved(rpc('SubmitJob', 'INVALID_ARGUMENT'))).toBe(1);
    expect(moved(rpc('WaitForJob', 'OK'))).toBe(4);
    expect(moved(rpc('GetJob', 'NOT_FOUND'))).toBe(1);
  });

  it('counts open sessions', async () => {
    const before = sample(await scrape(), METRIC_NAMES.sessionsOpen);
    const { sessionId } = await h.client.createSession({ backend: 'duckdb' });
    expect(sample(await scrape(), METRIC_NAMES.sessionsOpen)).toBe(before + 1);
    await h.client.closeSession({ sessionId });
    const after = await scrape();
    expect(sample(after, METRIC_NAMES.sessionsOpen)).toBe(before);
    expect(sample(after, rpc('CreateSession', 'OK'))).toBeGreaterThanOrEqual(1);
  });
});

describe('the metrics port', () => {
  it('is off unless configured', async () => {
    const other = await startHarness({ workers: 1 });
    try {
      expect(other.app.metricsPort).toBeUndefined();
    } finally {
      await other.stop();
    }
  });

  it('belongs to one server instance: another server counts apart', async () => {
    const other = await startHarness({ workers: 1, metricsPort: 0 });
    try {
      expect(other.app.metricsPort).not.toBe(h.app.metricsPort);
      const text = await (await fetch(`http://127.0.0.1:${other.app.metricsPort}/metrics`)).text();
      expect(sample(text, METRIC_NAMES.jobsSubmitted)).toBe(0);
      expect(sample(await scrape(), METRIC_NAMES.jobsSubmitted)).toBeGreaterThan(0);
    } finally {
      await other.stop();
    }
    // Stopping the server closes its metrics port.
    await expect(fetch(`http://127.0.0.1:${other.app.metricsPort}/metrics`)).rejects.toThrow();
  });
});
