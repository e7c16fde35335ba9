/**
 * Issue 16, fuzzing: random and mutated requests to every route of the real server for a bounded
 * time (FUZZ_SECONDS, default 20): odd methods and URLs, bodies that are not JSON or not what a
 * route takes, declared encodings that lie, mutated pipelines. Every request must answer before
 * its deadline with a status of the contract (never a 500), the server must keep serving,
 * nothing may appear outside the data root, and once the jobs are done no temporary file remains.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { EMPLOYEES_CSV, pipelineYaml, request, startTestServer, type TestServer } from './helpers';

const SECONDS = Number(process.env['FUZZ_SECONDS'] ?? 20);
const DEADLINE_MS = 15_000;
// 431: Node refuses a URL or headers over 16 KB before the application sees them.
const CONTRACT = new Set([200, 202, 400, 404, 409, 413, 415, 429, 431]);

let parent: string;
let server: TestServer;

beforeAll(async () => {
  parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'http-fuzz-')));
  const dataRoot = path.join(parent, 'root');
  fs.mkdirSync(dataRoot);
  fs.mkdirSync(path.join(parent, 'outside'));
  fs.writeFileSync(path.join(parent, 'outside', 'secret.csv'), 'secret\n42\n');
  fs.writeFileSync(path.join(dataRoot, 'employees.csv'), EMPLOYEES_CSV);
  fs.writeFileSync(path.join(dataRoot, 'long-names.csv'), `id,${'a'.repeat(200)},${'a'.repeat(199)}c\n1,2,3\n`);
  fs.symlinkSync(path.join(parent, 'outside'), path.join(dataRoot, 'escape'));
  server = await startTestServer({ dataRoot, workers: 2, queueCapacity: 50 });
});

afterAll(async () => {
  await server.stop();
  fs.rmSync(parent, { recursive: true, force: true });
});

const nasty = fc.oneof(
  fc.constantFrom('', ' ', '\0', '..', '../x.csv', '/etc/passwd', 'escape/secret.csv', 'employees.csv', '${HOME}', '"', "'", '\u202e', '😀', '%', '%zz'),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: 1, max: 100_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 1, max: 20_000 }).map((n) => 'a/'.repeat(n)),
);

/**
 * Forbidden globs of a schema check: wildcard-heavy (the shapes that made a backtracking matcher
 * run for minutes against a 200-character name, issue 28), around the length limit, or noise.
 */
const glob = fc.oneof(
  fc.array(fc.constantFrom('*', '*', '?', 'a', 'A', 'c', '_', '.', '[', '\\', '😀'), { maxLength: 60 }).map((cs) => cs.join('')),
  fc.integer({ min: 1, max: 60 }).map((n) => `${'*a'.repeat(n)}*c`),
  fc.integer({ min: 995, max: 1005 }).map((n) => '*a?'.repeat(n).slice(0, n)),
  nasty,
);

/** A pipeline whose quality suite forbids `globs` on a file with 200-character column names. */
function globYaml(globs: readonly string[]): string {
  return [
    'version: "3.0"',
    'input:',
    '  - { name: wide, format: csv, path: long-names.csv }',
    'output:',
    '  - { name: wide, format: csv, path: out/fuzz-g.csv, mode: overwrite }',
    'quality:',
    '  - suite: names',
    '    target: wide',
    '    severity: warn',
    '    checks:',
    `      - { type: schema, columns: { forbidden: ${JSON.stringify(globs)} } }`,
  ].join('\n');
}

/** A valid pipeline, then cut, spliced, pointed at a hostile path or replaced by noise; or a suite of globs. */
const yaml = fc.oneof(
  fc.constant(pipelineYaml('employees.csv', 'out/fuzz.csv')),
  fc.tuple(fc.nat(), fc.nat(), nasty).map(([at, length, insert]) => {
    const text = pipelineYaml('employees.csv', 'out/fuzz-m.csv');
    const start = at % text.length;
    return text.slice(0, start) + insert + text.slice(start + (length % 40));
  }),
  fc.tuple(nasty, nasty).map(([input, output]) => pipelineYaml(input, output)),
  nasty.map((filter) => pipelineYaml('employees.csv', 'out/fuzz-f.csv', { filter: filter.replace(/"/g, '') })),
  fc.array(glob, { minLength: 1, maxLength: 5 }).map(globYaml),
);

const body = fc.oneof(
  fc.record({ yaml, variables: fc.option(fc.dictionary(nasty, nasty, { maxKeys: 3 }), { nil: undefined }), backend: fc.option(fc.constantFrom('duckdb', 'danfo', ''), { nil: undefined }) }).map((b) => JSON.stringify(b)),
  fc.json(),
  fc.string({ maxLength: 200 }),
  yaml,
);

const route = fc.oneof(
  fc.constantFrom('/api/validate', '/api/explain', '/api/jobs').map((p) => ({ method: 'POST', path: p })),
  fc.tuple(fc.constantFrom('GET', 'DELETE'), nasty).map(([method, id]) => ({ method, path: `/api/jobs/${encodeURIComponent(id)}` })),
  fc.tuple(nasty, nasty).map(([id, timeout]) => ({ method: 'GET', path: `/api/jobs/${encodeURIComponent(id)}/wait?timeout=${encodeURIComponent(timeout.slice(0, 20))}` })),
  fc.tuple(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'), fc.constantFrom('/api', '/api/jobs', '/api/health', '/api/x', '/')).map(([method, p]) => ({ method, path: p })),
);

const encoding = fc.option(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'zstd', 'x'), { nil: undefined });
const contentType = fc.option(fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1', 'multipart/form-data'), { nil: undefined });

const exchange = fc.record({ route, body, encoding, contentType });

it(`answers random and mutated requests with contract statuses for ${SECONDS} s`, async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(exchange, async ({ route: r, body: b, encoding: enc, contentType: type }) => {
      runs += 1;
      const headers: Record<string, string> = {};
      if (enc !== undefined) headers['content-encoding'] = enc;
      if (type !== undefined) headers['content-type'] = type;
      const hasBody = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(r.method);
      let answer;
      try {
        answer = await fetch(`${server.url}${r.path}`, {
          method: r.method,
          headers,
          ...(hasBody ? { body: b } : {}),
          signal: AbortSignal.timeout(DEADLINE_MS),
        });
      } catch (e) {
        throw new Error(`no answer within ${DEADLINE_MS} ms to ${r.method} ${r.path.slice(0, 80)}: ${(e as Error).message}`);
      }
      const text = await answer.text();
      if (!CONTRACT.has(answer.status) && !(r.method === 'OPTIONS' && answer.status === 204)) {
        throw new Error(`${r.method} ${r.path.slice(0, 80)} answered ${answer.status}: ${text.slice(0, 300)}`);
      }
      expect(text.length).toBeLessThan(1_000_000);
    }),
    { interruptAfterTimeLimit: SECONDS * 1000, numRuns: 1_000_000, endOnFailure: true },
  );
  expect(runs).toBeGreaterThan(10);
  expect((await request(`${server.url}/api/health`)).status).toBe(200);
  const { jobs } = (await request(`${server.url}/api/jobs`)).body as { jobs: { id: string }[] };
  const unfinished: string[] = [];
  for (const job of jobs) {
    const { body: ended } = await request(`${server.url}/api/jobs/${job.id}/wait?timeout=60`);
    if (!['completed', 'failed', 'cancelled'].includes(ended.status)) unfinished.push(`${job.id} ${ended.status}`);
  }
  // A job that never ends (a glob matched by backtracking ran for minutes) holds a worker for good.
  expect(unfinished).toEqual([]);
  expect(server.errors).toEqual([]);
  const tree = (dir: string) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  expect(tree(parent).filter((p) => !p.startsWith(`root${path.sep}`) && p !== 'root')).toEqual(['outside', path.join('outside', 'secret.csv')]);
  expect(tree(path.join(parent, 'root')).filter((p) => /\.[0-9a-f]{12}\.tmp(\.part)?$/.test(p))).toEqual([]);
  process.stdout.write(`fuzz http-server: ${runs} requests in ${SECONDS} s\n`);
}, SECONDS * 1000 + 120_000);

/** JSON text nesting `depth` levels of arrays, objects or both alternating. */
function nestedJson(depth: number, shape: 'arrays' | 'objects' | 'mixed'): string {
  const open = (i: number): string => (shape === 'arrays' || (shape === 'mixed' && i % 2 === 0) ? '[' : '{"a":');
  const close = (i: number): string => (open(i) === '[' ? ']' : '}');
  const levels = Array.from({ length: depth }, (_, i) => i);
  return `${levels.map(open).join('')}1${levels.reverse().map(close).join('')}`;
}

/**
 * A JSON function over a text nested around the bound (1,000 levels) or far past it, where
 * DuckDB's JSON code crashed: the text is a CSV field, or a JSON input's field with the same
 * value beside it (which makes the file itself that deep).
 */
const nesting = fc.record({
  depth: fc.oneof(fc.integer({ min: 1, max: 1_100 }), fc.integer({ min: 1_001, max: 120_000 })),
  shape: fc.constantFrom('arrays' as const, 'objects' as const, 'mixed' as const),
  call: fc.constantFrom('schema_of_variant(parse_json(doc))', "from_json(doc, 'array<long>')", "get_json_object(doc, '$.a')", "json_tuple(doc, 'a')", 'is_variant_null(parse_json(doc))'),
  input: fc.constantFrom('csv', 'json'),
});

it('fails jobs over deeply nested JSON cleanly, past 1,000 levels only, and keeps serving', async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(nesting, async ({ depth, shape, call, input }) => {
      runs += 1;
      const json = nestedJson(depth, shape);
      const file = `deep-${runs}.${input}`;
      // A JSON file holds the value itself only past the bound (its record adds a level): DuckDB
      // refuses struct types nearly 1,000 deep with an error of its own, after many seconds.
      const record = depth >= 1_000 ? `{"doc":${JSON.stringify(json)},"v":${json}}` : `{"doc":${JSON.stringify(json)}}`;
      fs.writeFileSync(path.join(parent, 'root', file), input === 'csv' ? `doc\n"${json.replace(/"/g, '""')}"\n` : `${record}\n`);
      const yaml = [
        'version: "3.0"',
        'pipeline:',
        '  assets:',
        '    - asset_ref: raw',
        `      source: { input: { format: ${input}, path: ${file} } }`,
        '    - asset_ref: shaped',
        `      source: { select: { from: raw, columns: [${JSON.stringify(call)}] } }`,
        '    - asset_ref: out',
        `      source: { output: { from: shaped, format: csv, path: out/deep-${runs}.csv, mode: overwrite } }`,
      ].join('\n');
      const submitted = await request(`${server.url}/api/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ yaml }) });
      expect(submitted.status).toBe(202);
      const job = (await request(`${server.url}/api/jobs/${submitted.body.job_id}/wait?timeout=120`)).body;
      const tooDeep = input === 'json' ? depth >= 1_000 : depth > 1_000;
      if (tooDeep) expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/reads JSON nested at most 1000 levels deep|its JSON nests deeper than 1000 levels/) });
      else expect(job).toMatchObject({ status: 'completed' });
      expect((await request(`${server.url}/api/health`)).status).toBe(200);
    }),
    { interruptAfterTimeLimit: 20_000, numRuns: 30, endOnFailure: true },
  );
  expect(runs).toBeGreaterThan(3);
}, 120_000);
