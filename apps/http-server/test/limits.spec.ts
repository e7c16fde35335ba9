/**
 * Oversized request fields and undecodable bodies (issue 16, items 2 and 7) against the real
 * server: a short 400 naming the field or the encoding, never the value echoed, nothing logged as
 * an internal failure, and the server keeps answering.
 */
import { gzipSync } from 'node:zlib';
import { FIELD_LIMITS, MAX_MAP_ENTRIES } from '@pipeline/server-kit';
import { postJson, request, startTestServer, type TestServer } from './helpers';

let server: TestServer;
let api: string;

beforeAll(async () => {
  server = await startTestServer();
  api = `${server.url}/api`;
});
afterAll(() => server.stop());
afterEach(async () => {
  expect(server.errors).toEqual([]);
  expect((await request(`${api}/health`)).status).toBe(200);
});

const YAML = 'version: "3.0"\npipeline:\n  name: p\n  assets: []\n';

describe('pipeline request fields over their limits', () => {
  it.each([
    ['backend', { yaml: YAML, backend: 'b'.repeat(100_000) }, `"backend" is 100000 characters long; the limit is ${FIELD_LIMITS.name}`],
    [
      'a variable value',
      { yaml: YAML, variables: { BIG: 'v'.repeat(FIELD_LIMITS.variableValue + 1) } },
      `"variables.BIG" is ${FIELD_LIMITS.variableValue + 1} characters long; the limit is ${FIELD_LIMITS.variableValue}`,
    ],
    [
      'a variable name',
      { yaml: YAML, variables: { ['N'.repeat(300)]: 'v' } },
      `a key of "variables" is 300 characters long; the limit is ${FIELD_LIMITS.name}`,
    ],
    [
      'the number of variables',
      { yaml: YAML, variables: Object.fromEntries(Array.from({ length: MAX_MAP_ENTRIES + 1 }, (_, i) => [`V${i}`, 'x'])) },
      `"variables" has ${MAX_MAP_ENTRIES + 1} entries; the limit is ${MAX_MAP_ENTRIES}`,
    ],
  ])('%s: 400 naming the field and the limit on validate, explain and jobs', async (_name, body, detail) => {
    for (const route of ['validate', 'explain', 'jobs']) {
      expect(await postJson(`${api}/${route}`, body)).toMatchObject({ status: 400, body: { error: `invalid request: ${detail}` } });
    }
  });

  it('a job id longer than any the server hands out is a 400 on read, wait and cancel', async () => {
    const id = 'j'.repeat(5000);
    const detail = { error: `invalid request: "id" is 5000 characters long; the limit is ${FIELD_LIMITS.id}` };
    expect(await request(`${api}/jobs/${id}`)).toMatchObject({ status: 400, body: detail });
    expect(await request(`${api}/jobs/${id}/wait?timeout=1`)).toMatchObject({ status: 400, body: detail });
    expect(await request(`${api}/jobs/${id}`, { method: 'DELETE' })).toMatchObject({ status: 400, body: detail });
  });

  it('an unknown route with a long path answers a bounded 404', async () => {
    const answer = await request(`${server.url}/${'x'.repeat(12_000)}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error.length).toBeLessThan(2_100);
    expect(answer.body.error).toMatch(/more characters cut\)$/);
  });
});

describe('bodies that do not decode as their Content-Encoding says', () => {
  it.each([
    ['gzip', Buffer.from(JSON.stringify({ yaml: YAML }))],
    ['deflate', Buffer.from('not deflate')],
    ['br', Buffer.from('not brotli')],
    ['gzip', gzipSync(JSON.stringify({ yaml: YAML })).subarray(0, 12)],
  ])('%s: 400 naming the encoding', async (encoding, body) => {
    const answer = await request(`${api}/validate`, { method: 'POST', headers: { 'content-encoding': encoding }, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(new RegExp(`^invalid request: the body is not valid ${encoding} data \\(Content-Encoding: ${encoding}\\): .+`));
  });

  it('a real gzip body is read', async () => {
    const body = gzipSync(JSON.stringify({ yaml: YAML }));
    const answer = await request(`${api}/validate`, { method: 'POST', headers: { 'content-encoding': 'gzip' }, body });
    expect(answer).toMatchObject({ status: 200 });
  });
});
