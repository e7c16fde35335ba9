/**
 * The generated OpenAPI document (`GET /openapi.json`), the documentation page (`GET /docs/`,
 * Swagger UI from the installed package) and the Prometheus metrics (`GET /metrics`), over a
 * real server; and the response check every black-box test goes through (openapi-check.ts).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { METRIC_NAMES } from '@pipeline/metrics';
import { SERVICE_VERSION } from '@pipeline/server-kit';
import { createOpenApiDocument } from '../src/openapi/document';
import { API_OPERATIONS } from '../src/openapi/operations';
import { EMPLOYEES_CSV, pipelineYaml, postJson, request, startTestServer, type TestServer } from './helpers';
import { checked } from './openapi-check';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ workers: 1 });
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
});

afterAll(async () => {
  await server.stop();
});

afterEach(() => {
  expect(server.errors).toEqual([]);
});

/** The value of one sample in Prometheus text, 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

async function metricsText(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.text();
}

describe('GET /openapi.json', () => {
  it('serves the generated document: OpenAPI 3.1.0, the server version, every operation', async () => {
    const res = await request(`${server.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(createOpenApiDocument(SERVICE_VERSION));
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe(SERVICE_VERSION);
    const listed = Object.entries(res.body.paths as Record<string, object>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(listed.sort()).toEqual(API_OPERATIONS.map((op) => `${op.method} ${op.path}`).sort());
    // The request body schema is the one the server checks requests with.
    expect(res.body.components.schemas.PipelineRequest.required).toEqual(['yaml']);
    expect(Object.keys(res.body.components.schemas.PipelineRequest.properties)).toEqual(['yaml', 'variables', 'backend']);
  });

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator, in a child process: it is an ES module)', async () => {
    const { text } = await request(`${server.url}/openapi.json`);
    const script = [
      "import { Validator } from '@seriousme/openapi-schema-validator';",
      "import { readFileSync } from 'node:fs';",
      'const result = await new Validator().validate(JSON.parse(readFileSync(0, "utf8")));',
      'process.stdout.write(JSON.stringify(result));',
    ].join('\n');
    // Asynchronously: a synchronous child blocks this process's event loop for seconds on a loaded
    // machine, long enough for the server to close an idle keep-alive socket that the next fetch
    // then reuses (ECONNRESET).
    const child = promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: __dirname, encoding: 'utf8' });
    child.child.stdin?.end(text);
    const out = (await child).stdout;
    expect(JSON.parse(out)).toEqual({ valid: true });
  });
});

describe('GET /docs', () => {
  it('redirects /docs to /docs/ and renders Swagger UI from the installed package, pointed at ../openapi.json', async () => {
    const redirect = await fetch(`${server.url}/docs`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, 'docs/']);
    const page = await fetch(`${server.url}/docs`);
    expect(page.url).toBe(`${server.url}/docs/`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js']) expect(html).toContain(`"${asset}"`);
    expect(html).not.toMatch(/https?:\/\//);

    const bundle = await fetch(`${server.url}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect(await bundle.text()).toContain('SwaggerUIBundle');
    const css = await fetch(`${server.url}/docs/swagger-ui.css`);
    expect([css.status, css.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    const init = await (await fetch(`${server.url}/docs/init.js`)).text();
    expect(init).toContain("url: '../openapi.json'");
    // Only the listed files of the package are served.
    expect((await fetch(`${server.url}/docs/package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/docs/..%2Fpackage.json`)).status).toBe(404);
  });
});

describe('GET /metrics', () => {
  it('moves the job counters, the duration histogram and the request latency with a few jobs', async () => {
    const before = await metricsText();
    for (const name of Object.values(METRIC_NAMES).filter((n) => n !== METRIC_NAMES.grpcRequestDuration && n !== METRIC_NAMES.sessionsOpen)) {
      expect(before).toContain(`# TYPE ${name} `);
    }
    expect(before).not.toContain(METRIC_NAMES.sessionsOpen);

    const ids: string[] = [];
    for (const backend of ['duckdb', 'duckdb', 'danfo']) {
      const res = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('employees.csv', `out/${ids.length}.csv`), backend });
      expect(res.status).toBe(202);
      ids.push(res.body.job_id);
    }
    const failing = await postJson(`${server.url}/api/jobs`, { yaml: pipelineYaml('missing.csv', 'out/never.csv') });
    ids.push(failing.body.job_id);
    const ends = await Promise.all(ids.map(async (id) => (await request(`${server.url}/api/jobs/${id}/wait?timeout=60`)).body.status));
    expect(ends).toEqual(['completed', 'completed', 'completed', 'failed']);
    expect((await request(`${server.url}/api/jobs/${ids[0]}`, { method: 'DELETE' })).status).toBe(409);
    expect((await postJson(`${server.url}/api/jobs`, { yaml: 'version: "3.0"' })).status).toBe(400);

    const after = await metricsText();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved(METRIC_NAMES.jobsSubmitted)).toBe(4);
    expect(moved(`${METRIC_NAMES.jobsFinished}{status="completed"}`)).toBe(3);
    expect(moved(`${METRIC_NAMES.jobsFinished}{status="failed"}`)).toBe(1);
    expect(moved(`${METRIC_NAMES.jobsFinished}{status="cancelled"}`)).toBe(0);
    expect(moved(`${METRIC_NAMES.jobDuration}_count{backend="duckdb",status="completed"}`)).toBe(2);
    expect(moved(`${METRIC_NAMES.jobDuration}_count{backend="danfo",status="completed"}`)).toBe(1);
    expect(moved(`${METRIC_NAMES.jobDuration}_count{backend="duckdb",status="failed"}`)).toBe(1);
    expect(sample(after, METRIC_NAMES.jobsQueued)).toBe(0);
    expect(sample(after, METRIC_NAMES.jobsRunning)).toBe(0);
    const latency = (method: string, route: string, status: number) =>
      `${METRIC_NAMES.httpRequestDuration}_count{method="${method}",route="${route}",status="${status}"}`;
    expect(moved(latency('POST', '/api/jobs', 202))).toBe(4);
    expect(moved(latency('POST', '/api/jobs', 400))).toBe(1);
    expect(moved(latency('GET', '/api/jobs/{id}/wait', 200))).toBe(4);
    expect(moved(latency('DELETE', '/api/jobs/{id}', 409))).toBe(1);
    // The first scrape itself was measured once it had been answered.
    expect(moved(latency('GET', '/metrics', 200))).toBe(1);
  });

  it('shows queue depth and running jobs while jobs wait for the one worker', async () => {
    const slow = pipelineYaml('employees.csv', 'out/slow.csv', { filter: "length(replace(name, 'A', 'bb')) > 0" });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postJson(`${server.url}/api/jobs`, { yaml: slow })).body.job_id);
    const during = await metricsText();
    // One worker: at most one job runs; every submitted job not yet final is running or queued.
    const running = sample(during, METRIC_NAMES.jobsRunning);
    const queued = sample(during, METRIC_NAMES.jobsQueued);
    expect(running).toBeLessThanOrEqual(1);
    const statuses = await Promise.all(ids.map(async (id) => (await request(`${server.url}/api/jobs/${id}`)).body.status));
    // The gauge counts jobs waiting in the service's queue; a job already handed to the worker but
    // not started yet still reads `queued` (at most one with one worker), and statuses only move on.
    expect(statuses.filter((s) => s === 'queued').length).toBeLessThanOrEqual(queued + 1);
    for (const id of ids) await request(`${server.url}/api/jobs/${id}/wait?timeout=60`);
    const after = await metricsText();
    expect([sample(after, METRIC_NAMES.jobsQueued), sample(after, METRIC_NAMES.jobsRunning)]).toEqual([0, 0]);
  });

  it('labels unknown paths as unmatched, never by their raw path', async () => {
    await fetch(`${server.url}/api/nothing-here/123`);
    const text = await metricsText();
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('nothing-here');
  });

  it('keeps each server instance on its own registry', async () => {
    const other = await startTestServer({ workers: 1 });
    try {
      const text = await (await fetch(`${other.url}/metrics`)).text();
      expect(sample(text, METRIC_NAMES.jobsSubmitted)).toBe(0);
      expect(sample(await metricsText(), METRIC_NAMES.jobsSubmitted)).toBeGreaterThan(0);
    } finally {
      await other.stop();
    }
  });
});

describe('the response check of the black-box tests', () => {
  /** A stand-in server answering every request with `answer`. */
  async function fakeServer(answer: { status: number; body: string }): Promise<{ url: string; close(): Promise<void> }> {
    const fake = http.createServer((_req, res) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => fake.close(() => resolve())),
    };
  }

  it('counts every /api answer it checks', async () => {
    const before = checked.responses;
    await request(`${server.url}/api/health`);
    await request(`${server.url}/api/jobs/unknown`);
    expect(checked.responses - before).toBe(2);
  });

  it.each([
    [{ status: 200, body: '{"status":"ok"}' }, '/api/health', /must have required property 'version'/],
    [{ status: 200, body: '{"status":"ok","version":"1","extra":1}' }, '/api/health', /must NOT have additional properties/],
    [{ status: 418, body: '{"error":"teapot"}' }, '/api/health', /status 418 is not in the document/],
    [{ status: 200, body: '{"id":"x","status":"queued","created_at":"2026-01-01T00:00:00.000Z"}' }, '/api/jobs/x', /must match format "uuid"/],
    [{ status: 200, body: '{}' }, '/api/nowhere/../validate', /no operation in the document, yet the answer is 200/],
  ])('rejects an answer that breaks the document (%j on %s)', async (answer, route, message) => {
    const fake = await fakeServer(answer);
    try {
      await expect(request(`${fake.url}${route}`)).rejects.toThrow(message);
    } finally {
      await fake.close();
    }
  });
});
