import { applyJobEvent, type JobRecord } from '@pipeline/jobs';
import { METRIC_NAMES, createServiceMetrics } from './service-metrics';

const queued = (id: string, backend?: string): JobRecord => ({
  id,
  status: 'queued',
  createdAt: '2026-01-01T00:00:00.000Z',
  request: { yaml: 'x', ...(backend === undefined ? {} : { backend }) },
});

/** The value of one sample of `name` in the registry's text, with its labels as written. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('createServiceMetrics', () => {
  it('counts submissions and final statuses from job changes, and times jobs that ran by backend', async () => {
    const metrics = createServiceMetrics({ transport: 'http' });
    const a = queued('a');
    const b = queued('b', 'danfo');
    const c = queued('c');
    for (const job of [a, b, c]) metrics.onJobChange(job);
    const aRunning = applyJobEvent(a, { type: 'start', at: '2026-01-01T00:00:01.000Z' });
    metrics.onJobChange(aRunning);
    metrics.onJobChange(applyJobEvent(aRunning, { type: 'complete', at: '2026-01-01T00:00:03.500Z', outcome: { outputs: [], steps: [] } }));
    const bRunning = applyJobEvent(b, { type: 'start', at: '2026-01-01T00:00:01.000Z' });
    metrics.onJobChange(bRunning);
    metrics.onJobChange(applyJobEvent(bRunning, { type: 'fail', at: '2026-01-01T00:00:01.200Z', error: { code: 'E', message: 'boom' } }));
    // Cancelled while queued: counted as cancelled, never timed.
    metrics.onJobChange(applyJobEvent(c, { type: 'cancel', at: '2026-01-01T00:00:02.000Z' }));

    const text = await metrics.text();
    expect(sample(text, METRIC_NAMES.jobsSubmitted)).toBe(3);
    expect(sample(text, METRIC_NAMES.jobsFinished, '{status="completed"}')).toBe(1);
    expect(sample(text, METRIC_NAMES.jobsFinished, '{status="failed"}')).toBe(1);
    expect(sample(text, METRIC_NAMES.jobsFinished, '{status="cancelled"}')).toBe(1);
    expect(sample(text, `${METRIC_NAMES.jobDuration}_sum`, '{backend="duckdb",status="completed"}')).toBe(2.5);
    expect(sample(text, `${METRIC_NAMES.jobDuration}_count`, '{backend="danfo",status="failed"}')).toBe(1);
    expect(sample(text, `${METRIC_NAMES.jobDuration}_count`, '{backend="duckdb",status="cancelled"}')).toBeUndefined();
  });

  it('shows every final status at 0 before any job ends', async () => {
    const text = await createServiceMetrics({ transport: 'grpc' }).text();
    for (const status of ['completed', 'failed', 'cancelled']) {
      expect(sample(text, METRIC_NAMES.jobsFinished, `{status="${status}"}`)).toBe(0);
    }
  });

  it('reads queue depth, running jobs and open sessions when scraped', async () => {
    const metrics = createServiceMetrics({ transport: 'grpc' });
    let stats = { queued: 4, running: 2 };
    let sessions = 3;
    metrics.readFrom({ jobs: () => stats, sessionsOpen: () => sessions });
    let text = await metrics.text();
    expect([sample(text, METRIC_NAMES.jobsQueued), sample(text, METRIC_NAMES.jobsRunning), sample(text, METRIC_NAMES.sessionsOpen)]).toEqual([4, 2, 3]);
    stats = { queued: 0, running: 1 };
    sessions = 0;
    text = await metrics.text();
    expect([sample(text, METRIC_NAMES.jobsQueued), sample(text, METRIC_NAMES.jobsRunning), sample(text, METRIC_NAMES.sessionsOpen)]).toEqual([0, 1, 0]);
  });

  it('has no sessions gauge without a sessions source', async () => {
    const metrics = createServiceMetrics({ transport: 'http' });
    metrics.readFrom({ jobs: () => ({ queued: 0, running: 0 }) });
    expect(await metrics.text()).not.toContain(METRIC_NAMES.sessionsOpen);
  });

  it('labels HTTP latency by method, route and status, gRPC latency by rpc and code', async () => {
    const http = createServiceMetrics({ transport: 'http' });
    http.observeRequest({ method: 'POST', route: '/api/jobs', status: '202' }, 0.02);
    expect(sample(await http.text(), `${METRIC_NAMES.httpRequestDuration}_count`, '{method="POST",route="/api/jobs",status="202"}')).toBe(1);
    const grpc = createServiceMetrics({ transport: 'grpc' });
    grpc.observeRequest({ route: '/pipeline.v1.PipelineService/GetJob', status: 'NOT_FOUND' }, 0.001);
    const text = await grpc.text();
    expect(sample(text, `${METRIC_NAMES.grpcRequestDuration}_count`, '{rpc="/pipeline.v1.PipelineService/GetJob",code="NOT_FOUND"}')).toBe(1);
    expect(text).not.toContain(METRIC_NAMES.httpRequestDuration);
  });

  it('keeps each instance on its own registry', async () => {
    const one = createServiceMetrics({ transport: 'http' });
    const two = createServiceMetrics({ transport: 'http' });
    one.onJobChange(queued('a'));
    expect(sample(await one.text(), METRIC_NAMES.jobsSubmitted)).toBe(1);
    expect(sample(await two.text(), METRIC_NAMES.jobsSubmitted)).toBe(0);
  });
});
