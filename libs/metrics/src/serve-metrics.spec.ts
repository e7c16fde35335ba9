import { serveMetrics } from './serve-metrics';
import { METRIC_NAMES, createServiceMetrics } from './service-metrics';

describe('serveMetrics', () => {
  it('answers GET /metrics in Prometheus text format on its own port, 404 elsewhere, 405 for other methods', async () => {
    const metrics = createServiceMetrics({ transport: 'grpc' });
    metrics.readFrom({ jobs: () => ({ queued: 7, running: 1 }) });
    const listener = await serveMetrics(metrics, { host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${listener.port}`;
      const answer = await fetch(`${base}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      const text = await answer.text();
      expect(text).toContain(`# TYPE ${METRIC_NAMES.jobsQueued} gauge\n${METRIC_NAMES.jobsQueued} 7\n`);
      expect((await fetch(`${base}/other`)).status).toBe(404);
      const post = await fetch(`${base}/metrics`, { method: 'POST' });
      expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    } finally {
      await listener.close();
    }
  });

  it('fails to start on a port already taken', async () => {
    const metrics = createServiceMetrics({ transport: 'grpc' });
    const first = await serveMetrics(metrics, { host: '127.0.0.1', port: 0 });
    try {
      await expect(serveMetrics(metrics, { host: '127.0.0.1', port: first.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
  });
});
