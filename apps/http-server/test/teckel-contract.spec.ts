/**
 * What the HTTP API adds to the Teckel language: a Teckel-shape document runs as a job on both
 * backends and reports its output under the asset the document's output entry becomes; a
 * document a backend cannot run is refused with 400 and its V-0xx message before a job exists; a
 * call that fails while running makes a failed job whose error names the call; explain prints a
 * plan with a generator. The language itself (functions, kinds, the spec's examples, each output
 * against hand-written DuckDB SQL) is tested against the engine in libs/engine/src/parity/teckel-*.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { postJson, request, runToCompletion, selectByIdDocument, startTestServer, type TestServer } from './helpers';

const PEOPLE = 'id,name\n2,bob\n1,ada\n';
const EVENTS = ['{"id": 2, "xs": [1, 2], "tags": ["a"]}', '{"id": 1, "xs": [], "tags": null}', ''].join('\n');

/** A document selecting `columns` from people.csv, or from events.json (arrays, which danfo does not read). */
const document = (columns: readonly string[], out: string, input: 'people' | 'events' = 'events'): string =>
  selectByIdDocument({ name: input, format: input === 'people' ? 'csv' : 'json', path: input === 'people' ? 'people.csv' : 'events.json' }, columns, { format: 'csv', path: out });

const jobCount = async (): Promise<number> => (await request(`${api}/jobs`)).body.jobs.length;

let server: TestServer;
let api: string;

beforeAll(async () => {
  server = await startTestServer({ workers: 1 });
  api = `${server.url}/api`;
  fs.writeFileSync(path.join(server.dataRoot, 'events.json'), EVENTS);
  fs.writeFileSync(path.join(server.dataRoot, 'people.csv'), PEOPLE);
}, 60_000);

afterAll(async () => {
  await server.stop();
});

describe.each(['duckdb', 'danfo'])('a Teckel-shape document on %s', (backend) => {
  it('runs as a job and reports its output under the output entry\'s asset', async () => {
    const out = `out/${backend}-contract.csv`;
    const submitted = await postJson(`${api}/jobs`, { yaml: document(['id', "concat_ws('-', upper(name), CAST(id AS string)) AS tag"], out, 'people'), backend });
    expect(submitted.status).toBe(202);
    const done = await request(`${api}/jobs/${submitted.body.job_id}/wait?timeout=60`);
    expect([done.body.status, done.body.error]).toEqual(['completed', undefined]);
    expect(done.body.outputs).toMatchObject([{ asset: 'output_ordered', path: out, rows_written: 2 }]);
    expect(fs.readFileSync(path.join(server.dataRoot, out), 'utf8')).toBe('id,tag\n1,ADA-1\n2,BOB-2\n');
  });
});

describe('refusals and failures', () => {
  it('refuses a function the backend does not compute with 400 and V-014 before a job exists', async () => {
    const jobs = await jobCount();
    const res = await postJson(`${api}/jobs`, { yaml: document(['id', "array_join(tags, ',') AS j"], 'out/never.csv'), backend: 'danfo' });
    expect([res.status, res.body]).toEqual([400, { error: 'validation failed: V-014: asset "computed": function "array_join" is not supported by backend "danfo"' }]);
    expect(fs.existsSync(path.join(server.dataRoot, 'out/never.csv'))).toBe(false);
    expect(await jobCount()).toBe(jobs);
  });

  it('refuses a call with the wrong argument count with 400 and V-009', async () => {
    const res = await postJson(`${api}/jobs`, { yaml: document(['id', 'array_join(tags) AS j'], 'out/never.csv'), backend: 'duckdb' });
    expect([res.status, res.body]).toEqual([400, { error: 'validation failed: V-009: asset "computed": columns[1]: function "array_join" takes 2 to 3 arguments, got 1 at column 1' }]);
  });

  it('accepts a call whose argument types only fail while running, and reports the failed job naming the call', async () => {
    const submitted = await postJson(`${api}/jobs`, { yaml: document(['id', 'array_union(xs, tags) AS u'], 'out/never.csv'), backend: 'duckdb' });
    expect(submitted.status).toBe(202);
    const done = await request(`${api}/jobs/${submitted.body.job_id}/wait?timeout=60`);
    expect(done.body.status).toBe('failed');
    expect(done.body.error).toContain('array_union needs arrays of one element type, got array<long> and array<string>: array_union(xs, tags)');
  });

  it('still runs the next job after a refused and a failed one', async () => {
    await runToCompletion(api, document(['id'], 'out/after.csv', 'people'), 'duckdb');
    expect(fs.readFileSync(path.join(server.dataRoot, 'out/after.csv'), 'utf8')).toBe('id\n1\n2\n');
  });
});

describe('POST /api/explain', () => {
  it('explains a pipeline with a generator', async () => {
    const res = await postJson(`${api}/explain`, { yaml: document(['id', 'explode(xs) AS x'], 'out/x.csv') });
    expect(res.status).toBe(200);
    expect(res.body.plan).toContain('--- Transformations ---\n  [computed] SELECT (from: events)\n');
    expect(res.body.plan).toContain('Total: 1 inputs, 2 transformations, 1 outputs');
  });
});
