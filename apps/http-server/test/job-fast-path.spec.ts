/**
 * A job's submit and wait are answered off express (src/job-fast-path.ts): the fast path takes
 * only their plain spellings, and what it answers, error or not, is what express answers for the
 * same request spelled another way (a trailing slash), headers included.
 */
import { createAccessControl, silentLogger } from '@pipeline/server-kit';
import type { JobService } from '@pipeline/jobs';
import { createServiceMetrics } from '@pipeline/metrics';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { jobFastPath } from '../src/job-fast-path';
import { EMPLOYEES_CSV, pipelineYaml, startTestServer, type TestServer } from './helpers';

const TOKEN = 'tok-fast-path-7c1e';
const AUTH = { authorization: `Bearer ${TOKEN}` };

describe('which requests take the fast path', () => {
  const fast = jobFastPath({
    jobs: {} as JobService,
    bodyLimit: 1024,
    shutdownSignal: new AbortController().signal,
    access: createAccessControl({}),
    metrics: createServiceMetrics({ transport: 'http' }),
    logger: silentLogger,
  });
  // A request the fast path declines is left untouched: nothing may be read from it or written to it.
  const declined = (method: string, url: string) => fast({ method, url } as IncomingMessage, {} as ServerResponse);

  it.each([
    ['POST', '/api/jobs/'],
    ['POST', '/API/jobs'],
    ['POST', '/api/jobs?x=1'],
    ['PUT', '/api/jobs'],
    ['GET', '/api/jobs'],
    ['GET', '/api/jobs/abc'],
    ['HEAD', '/api/jobs/8a0c5c1e-5b0e-4a43-9d55-0c2f0a3f6a11/wait'],
    ['GET', '/api/jobs/8a0c5c1e-5b0e-4a43-9d55-0c2f0a3f6a11/wait/'],
    ['GET', '/api/jobs/8a0c%2D5c1e/wait'],
    ['GET', '/api/jobs/a/b/wait'],
    ['POST', '/api/validate'],
    ['GET', '/'],
  ])('leaves %s %s to express', (method, url) => {
    expect(declined(method, url)).toBe(false);
  });
});

describe('the fast path and express answer alike', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ bodyLimit: 2048 }, { access: createAccessControl({ token: TOKEN }) });
    fs.writeFileSync(`${server.dataRoot}/employees.csv`, EMPLOYEES_CSV);
  });
  afterAll(() => server?.stop());

  /** Status, the headers a client sees (but the date and the request id's value) and the body, job ids made comparable. */
  async function answer(path: string, init: RequestInit = {}) {
    const res = await fetch(`${server.url}${path}`, init);
    const text = await res.text();
    const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
    expect(res.headers.get('x-request-id')).toMatch(/^[\w.:-]+$/);
    return { status: res.status, headers, body: text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>') };
  }

  const submit = (body: string | Buffer, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { ...AUTH, 'content-type': 'application/json', ...headers }, body });
  const pipeline = JSON.stringify({ yaml: pipelineYaml('employees.csv', 'out/paid.csv') });

  it.each<[string, RequestInit, number]>([
    ['a pipeline', submit(pipeline), 202],
    ['no token', { ...submit(pipeline), headers: { 'content-type': 'application/json' } }, 401],
    ['a wrong token', submit(pipeline, { authorization: 'Bearer nope' }), 401],
    ['a body that is not JSON', submit('{"yaml": '), 400],
    ['a body over the limit', submit(JSON.stringify({ yaml: 'x'.repeat(4096) })), 413],
    ['a gzip body', submit(gzipSync(pipeline), { 'content-encoding': 'gzip' }), 202],
    ['a body that says gzip and is not', submit(pipeline, { 'content-encoding': 'gzip' }), 400],
    ['an unknown encoding', submit(pipeline, { 'content-encoding': 'br2' }), 415],
    ['a request without yaml', submit('{"variables": {}}'), 400],
    ['a JSON array', submit('[1]'), 400],
    ['YAML that is not a pipeline', submit(JSON.stringify({ yaml: 'version: "3.0"\npipeline: 3\n' })), 400],
  ])('for a submit with %s', async (_what, init, status) => {
    const fast = await answer('/api/jobs', init);
    const routed = await answer('/api/jobs/', init);
    expect(fast).toEqual(routed);
    expect(fast.status).toBe(status);
  });

  it('for waits: a job, an unknown one, an id no job can have, bad timeouts, no token', async () => {
    const res = await fetch(`${server.url}/api/jobs`, submit(pipeline));
    const { job_id: id } = (await res.json()) as { job_id: string };
    const cases: [string, RequestInit][] = [
      [`/api/jobs/${id}/wait?timeout=30`, { headers: AUTH }],
      ['/api/jobs/8a0c5c1e-5b0e-4a43-9d55-0c2f0a3f6a11/wait?timeout=1', { headers: AUTH }],
      ['/api/jobs/not-a-job/wait', { headers: AUTH }],
      [`/api/jobs/${id}/wait?timeout=soon`, { headers: AUTH }],
      [`/api/jobs/${id}/wait?timeout=1&timeout=2`, { headers: AUTH }],
      [`/api/jobs/${id}/wait`, {}],
    ];
    const statuses = [];
    for (const [path, init] of cases) {
      const [bare, query] = path.split('?');
      const fast = await answer(path, init);
      const routed = await answer(`${bare}/${query === undefined ? '' : `?${query}`}`, init);
      expect(fast).toEqual(routed);
      statuses.push(fast.status);
    }
    expect(statuses).toEqual([200, 404, 404, 400, 400, 401]);
  });

  it('logs one access line per request, with its route template, on both paths', async () => {
    const before = server.logLines.length;
    await answer('/api/jobs', submit('{"yaml": '));
    await answer('/api/jobs/', submit('{"yaml": '));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = server.logLines.slice(before).filter((line) => line['msg'] === 'request');
    expect(lines.map((line) => [line['route'], line['path'], line['status']])).toEqual([
      ['/api/jobs', '/api/jobs', 400],
      ['/api/jobs', '/api/jobs/', 400],
    ]);
  });
});
