/**
 * Access control, security headers and the access log of a real server on port 0: with a token
 * every `/api` call but `GET /api/health` needs it; `/metrics`, the documentation and the
 * console's files stay open; every answer carries the security headers; every request gets one
 * access log line.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createAccessControl } from '@pipeline/server-kit';
import { EMPLOYEES_CSV, pipelineYaml, request, startTestServer, type TestServer } from './helpers';

const TOKEN = 'tok-3f9a1c7e-good';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let server: TestServer;
let consoleDir: string;

beforeAll(async () => {
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-console-'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>Pipeline console</title>');
  fs.writeFileSync(path.join(consoleDir, 'console.js'), '// console');
  server = await startTestServer({}, { access: createAccessControl({ token: TOKEN }), consoleDir });
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

/** A raw answer (no OpenAPI check: a 401 off the documented paths is the point of some tests). */
async function raw(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

describe('with an access token', () => {
  it.each([
    ['GET', '/api/jobs'],
    ['GET', '/api/jobs/some-id'],
    ['GET', '/api/jobs/some-id/wait?timeout=1'],
    ['DELETE', '/api/jobs/some-id'],
    ['POST', '/api/validate'],
    ['POST', '/api/explain'],
    ['POST', '/api/jobs'],
  ])('refuses %s %s without a token, with a wrong one, and with another scheme', async (method, route) => {
    for (const headers of [{}, bearer('tok-3f9a1c7e-gooD'), bearer(`${TOKEN}x`), bearer(TOKEN.slice(0, -1)), { authorization: `Basic ${TOKEN}` }, { authorization: TOKEN }]) {
      const res = await request(`${server.url}${route}`, { method, headers: { ...headers, origin: 'https://app.example.org' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      // A browser page on another origin can read the refusal (and so ask for the token).
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('runs a job with the token, and a refused submission creates none', async () => {
    const yaml = pipelineYaml('employees.csv', 'out/paid.csv');
    expect((await request(`${server.url}/api/jobs`, { method: 'POST', body: JSON.stringify({ yaml }) })).status).toBe(401);
    expect((await request(`${server.url}/api/jobs`, { headers: bearer(TOKEN) })).body).toEqual({ jobs: [], version: expect.any(String) });
    const submitted = await request(`${server.url}/api/jobs`, { method: 'POST', headers: bearer(TOKEN), body: JSON.stringify({ yaml }) });
    expect(submitted.status).toBe(202);
    const done = await request(`${server.url}/api/jobs/${submitted.body.job_id}/wait?timeout=30`, { headers: { authorization: `bearer ${TOKEN}` } });
    expect(done.body.status).toBe('completed');
    expect(fs.readFileSync(path.join(server.dataRoot, 'out/paid.csv'), 'utf8')).toContain('Ada');
    expect((await request(`${server.url}/api/validate`, { method: 'POST', headers: bearer(TOKEN), body: JSON.stringify({ yaml }) })).body).toEqual({ valid: true });
  });

  it('guards unknown /api paths and other spellings of the routes too', async () => {
    for (const route of ['/api/nope', '/API/JOBS', '/api/jobs/', '/Api/Jobs', '/api/health/../jobs', '/api']) {
      const res = await raw(`${server.url}${route}`);
      expect([route, res.status]).toEqual([route, 401]);
    }
    // Only GET (and HEAD) of health is open: another method is still a call.
    expect((await raw(`${server.url}/api/health`, { method: 'POST' })).status).toBe(401);
  });

  it('leaves health, metrics, the documentation and the console open', async () => {
    expect(await request(`${server.url}/api/health`)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await raw(`${server.url}/API/Health/`)).status).toBe(200);
    expect((await raw(`${server.url}/api/health`, { method: 'HEAD' })).status).toBe(200);
    // A wrong token on an open route does not matter either.
    expect((await raw(`${server.url}/api/health`, { headers: bearer('wrong') })).status).toBe(200);
    for (const route of ['/metrics', '/openapi.json', '/docs/', '/docs/swagger-ui.css', '/', '/console.js']) {
      expect([route, (await raw(`${server.url}${route}`)).status]).toEqual([route, 200]);
    }
  });

  it('answers CORS preflights without a token and allows the Authorization header', async () => {
    const res = await raw(`${server.url}/api/jobs`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  });

  it('documents the bearer scheme and the 401 of every operation but health', async () => {
    const document = JSON.parse((await raw(`${server.url}/openapi.json`)).text);
    expect(document.components.securitySchemes).toEqual({ bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(document.paths['/api/health'].get.security).toEqual([]);
    expect(document.paths['/api/health'].get.responses['401']).toBeUndefined();
    expect(document.paths['/api/jobs'].post.responses['401']).toBeDefined();
    expect(document.paths['/api/jobs'].post.security).toEqual([{ bearer: [] }, {}]);
  });
});

describe('without an access token', () => {
  it('stays open, as before', async () => {
    const open = await startTestServer();
    try {
      expect((await request(`${open.url}/api/jobs`)).status).toBe(200);
      expect((await request(`${open.url}/api/jobs`, { headers: bearer('anything') })).status).toBe(200);
    } finally {
      await open.stop();
    }
  });
});

describe('security headers', () => {
  const page = (policy: string | null) => {
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  };

  it.each(['/', '/console.js', '/docs/', '/docs/init.js', '/docs/swagger-ui-bundle.js'])('%s: a policy for its page, nosniff, no framing, no referrer', async (route) => {
    const res = await raw(`${server.url}${route}`);
    expect(res.status).toBe(200);
    page(res.headers.get('content-security-policy'));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it.each([
    ['/api/health', 200],
    ['/api/jobs', 401],
    ['/openapi.json', 200],
    ['/metrics', 200],
    ['/nope.html', 404],
  ])('%s (%i): nosniff, and a policy that loads nothing', async (route, status) => {
    const res = await raw(`${server.url}${route}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = res.headers.get('content-security-policy');
    if (route !== '/nope.html') expect(policy).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'");
  });
});

describe('the access log', () => {
  it('writes one info line per request: method, route, path, status, duration and request id', async () => {
    const id = `access-${Date.now()}`;
    await raw(`${server.url}/api/jobs/some-id?x=1`, { headers: { ...bearer(TOKEN), 'x-request-id': `${id}-found` } });
    await raw(`${server.url}/api/jobs`, { headers: { 'x-request-id': `${id}-refused` } });
    await raw(`${server.url}/docs/`, { headers: { 'x-request-id': `${id}-docs` } });
    // The line is written once the answer has gone; give the 'close' event its turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = (suffix: string) => server.logLines.filter((l) => l['msg'] === 'request' && l['requestId'] === `${id}-${suffix}`);
    expect(line('found')).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', route: '/api/jobs/{id}', path: '/api/jobs/some-id', status: 404, durationMs: expect.any(Number) }),
    ]);
    expect(line('refused')).toEqual([expect.objectContaining({ level: 30, method: 'GET', route: '/api/jobs', status: 401 })]);
    expect(line('docs')).toEqual([expect.objectContaining({ method: 'GET', route: '/docs', status: 200 })]);
    expect(line('found')[0]['durationMs']).toBeGreaterThanOrEqual(0);
    // The token never reaches the log.
    expect(JSON.stringify(server.logLines)).not.toContain(TOKEN);
  });
});
