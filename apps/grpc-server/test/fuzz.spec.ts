/**
 * Issue 16, fuzzing: random and mutated requests to every RPC of the real server for a bounded
 * time (FUZZ_SECONDS, default 20). Every call must answer before its deadline with a status of
 * the contract (never INTERNAL, UNKNOWN or a stall), the server must keep serving, nothing may
 * appear outside the data root, and once the jobs are done no temporary file may remain.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { ClientError, Status } from 'nice-grpc';
import { EMPLOYEES_CSV, employeesPipeline, startHarness, type Harness } from './harness';

const SECONDS = Number(process.env['FUZZ_SECONDS'] ?? 20);
const CALL_DEADLINE_MS = 15_000;

/** Statuses a client may get for a bad or unlucky request; anything else is a defect. */
const CONTRACT = new Set([
  Status.OK,
  Status.INVALID_ARGUMENT,
  Status.NOT_FOUND,
  Status.ALREADY_EXISTS,
  Status.FAILED_PRECONDITION,
  Status.RESOURCE_EXHAUSTED,
]);

let parent: string;
let h: Harness;
const sessions: string[] = [];

beforeAll(async () => {
  parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'grpc-fuzz-')));
  const dataRoot = path.join(parent, 'root');
  fs.mkdirSync(dataRoot);
  fs.mkdirSync(path.join(parent, 'outside'));
  fs.writeFileSync(path.join(parent, 'outside', 'secret.csv'), 'secret\n42\n');
  h = await startHarness({ dataRoot, maxSessions: 50 });
  h.write('employees.csv', EMPLOYEES_CSV);
  h.write('data/people.json', '[{"id":1,"name":"a"},{"id":2,"name":"b"}]');
  fs.symlinkSync(path.join(parent, 'outside'), path.join(dataRoot, 'escape'));
  for (const backend of ['duckdb', 'danfo']) sessions.push((await h.client.createSession({ backend })).sessionId);
}, 60_000);

afterAll(async () => {
  await h.stop();
  fs.rmSync(parent, { recursive: true, force: true });
});

// Pieces hostile requests are made of: path tricks, odd characters, huge and empty values.
const nasty = fc.oneof(
  fc.constantFrom('', ' ', '\0', '..', '../', '/etc/passwd', 'escape/secret.csv', 'employees.csv', 'data/', '.', '~', '%00', '\\', '"', "'", '${HOME}', '\u202e', '😀'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 1, max: 30_000 }).map((n) => 'a/'.repeat(n)),
);
const pathLike = fc.oneof(nasty, fc.constantFrom('employees.csv', 'out/x.csv', 'out/y.json', 'out/z.parquet', 'data/people.json', 'escape/new.csv'));
const format = fc.oneof(fc.constantFrom('csv', 'json', 'parquet', 'CSV', 'xml', ''), nasty);
const mode = fc.oneof(fc.constantFrom('overwrite', 'append', 'error', 'ignore', ''), nasty);
const options = fc.dictionary(fc.oneof(fc.constantFrom('header', 'sep', 'quote', 'escape', 'nullValue', 'compression', 'inferSchema', 'encoding'), nasty), nasty, { maxKeys: 4 });

/** A valid pipeline, then cut, spliced or stuffed with hostile text. */
const yaml = fc.oneof(
  fc.constant(employeesPipeline('out/fuzz.csv')),
  fc.tuple(fc.nat(), fc.nat(), nasty).map(([at, length, insert]) => {
    const text = employeesPipeline('out/fuzz-m.csv');
    const start = at % text.length;
    return text.slice(0, start) + insert + text.slice(start + (length % 40));
  }),
  pathLike.map((p) => employeesPipeline(p)),
  fc.string({ maxLength: 300 }),
);

const sourceJson = fc.oneof(
  fc.constantFrom(
    '{"where":{"from":"raw","filter":"salary > 1"}}',
    '{"select":{"from":"raw","columns":["name"]}}',
    '{"group_by":{"from":"raw","by":["department"],"agg":["COUNT(*) AS n"]}}',
  ),
  nasty.map((n) => JSON.stringify({ where: { from: 'raw', filter: n } })),
  fc.json(),
  nasty,
);

const sessionId = fc.oneof(fc.constantFrom(...[0, 1]).map((i) => sessions[i]), nasty);

/** One RPC with generated arguments. */
const call = fc.oneof(
  fc.record({ yaml, backend: fc.constantFrom('', 'duckdb', 'danfo') }).map((r) => () => h.client.validatePipeline(r, deadline())),
  fc.record({ yaml }).map((r) => () => h.client.explainPipeline(r, deadline())),
  fc.record({ yaml, backend: fc.constantFrom('', 'duckdb', 'danfo') }).map((r) => () => h.client.submitJob(r, deadline())),
  nasty.map((jobId) => () => h.client.getJob({ jobId }, deadline())),
  nasty.map((jobId) => () => h.client.cancelJob({ jobId }, deadline())),
  fc.record({ format, path: pathLike, options }).map((r) => () => h.client.inspectSource(r, deadline())),
  fc.record({ sessionId, assetName: fc.oneof(fc.constant('raw'), nasty), format, path: pathLike, options }).map(
    (r) => () => h.client.readInput(r, deadline()),
  ),
  fc.record({ sessionId, assetName: fc.oneof(fc.constant('t'), nasty), sourceJson, inputHandles: fc.dictionary(nasty, nasty, { maxKeys: 2 }) }).map(
    (r) => () => h.client.applyTransform(r, deadline()),
  ),
  fc.record({ sessionId, handleId: nasty, format, path: pathLike, mode, options }).map((r) => () => h.client.writeOutput(r, deadline())),
  fc.record({ sessionId, yaml }).map((r) => () => h.client.executePipeline(r, deadline())),
  nasty.map((backend) => () => h.client.createSession({ backend }, deadline())),
);

function deadline() {
  return { signal: AbortSignal.timeout(CALL_DEADLINE_MS) };
}

/** The status a call ended with; a call that outlived its deadline is reported as such. */
async function statusOf(run: () => Promise<unknown>): Promise<{ status: Status; details: string }> {
  try {
    await run();
    return { status: Status.OK, details: '' };
  } catch (e) {
    if (e instanceof ClientError) return { status: e.code, details: e.details };
    throw new Error(`no answer within ${CALL_DEADLINE_MS} ms (${(e as Error).name}: ${(e as Error).message})`);
  }
}

/** Every file and folder under `dir`, relative to it. */
function tree(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

it(`answers random and mutated requests with contract statuses for ${SECONDS} s`, async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(call, async (run) => {
      runs += 1;
      const { status, details } = await statusOf(run);
      if (!CONTRACT.has(status)) throw new Error(`status ${Status[status]}: ${details.slice(0, 300)}`);
      expect(details.length).toBeLessThan(2_100);
    }),
    { interruptAfterTimeLimit: SECONDS * 1000, numRuns: 1_000_000, endOnFailure: true },
  );
  expect(runs).toBeGreaterThan(10);
  // Still serving, and every job ends.
  await expect(h.client.health({})).resolves.toMatchObject({ status: 'ok' });
  const { jobs } = await h.client.listJobs({});
  for (const job of jobs) await h.client.waitForJob({ jobId: job.id, timeoutSeconds: 60 });
  // Nothing outside the data root, no temporary file left inside it.
  expect(tree(parent).filter((p) => !p.startsWith(`root${path.sep}`) && p !== 'root')).toEqual(['outside', path.join('outside', 'secret.csv')]);
  expect(tree(path.join(parent, 'root')).filter((p) => /\.[0-9a-f]{12}\.tmp(\.part)?$/.test(p))).toEqual([]);
  process.stdout.write(`fuzz grpc-server: ${runs} calls in ${SECONDS} s\n`);
}, SECONDS * 1000 + 120_000);

/** JSON text nesting `depth` levels of arrays, objects or both alternating. */
function nestedJson(depth: number, shape: 'arrays' | 'objects' | 'mixed'): string {
  const open = (i: number): string => (shape === 'arrays' || (shape === 'mixed' && i % 2 === 0) ? '[' : '{"a":');
  const close = (i: number): string => (open(i) === '[' ? ']' : '}');
  const levels = Array.from({ length: depth }, (_, i) => i);
  return `${levels.map(open).join('')}1${levels.reverse().map(close).join('')}`;
}

/** A JSON function over a CSV field nested around the bound (1,000 levels) or far past it. */
const nesting = fc.record({
  depth: fc.oneof(fc.integer({ min: 1, max: 1_100 }), fc.integer({ min: 1_001, max: 120_000 })),
  shape: fc.constantFrom('arrays' as const, 'objects' as const, 'mixed' as const),
  call: fc.constantFrom('schema_of_variant(parse_json(doc))', "from_json(doc, 'map<string,long>')", "get_json_object(doc, '$[0]')", "try_variant_get(parse_json(doc), '$', 'long')"),
  via: fc.constantFrom('session', 'job'),
});

it('fails deeply nested JSON cleanly in sessions and jobs, past 1,000 levels only, and keeps serving', async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(nesting, async ({ depth, shape, call, via }) => {
      runs += 1;
      const json = nestedJson(depth, shape);
      // Into the server's data root (the harness's write() uses a folder of its own).
      fs.writeFileSync(path.join(parent, 'root', `deep-${runs}.csv`), `doc\n"${json.replace(/"/g, '""')}"\n`);
      const yaml = [
        'version: "3.0"',
        'pipeline:',
        '  assets:',
        '    - asset_ref: raw',
        `      source: { input: { format: csv, path: deep-${runs}.csv } }`,
        '    - asset_ref: shaped',
        `      source: { select: { from: raw, columns: [${JSON.stringify(call)}] } }`,
        '    - asset_ref: out',
        `      source: { output: { from: shaped, format: csv, path: out/deep-${runs}.csv, mode: overwrite } }`,
      ].join('\n');
      const ended =
        via === 'session'
          ? await h.client.executePipeline({ sessionId: sessions[0], yaml })
          : await h.client.waitForJob({ jobId: (await h.client.submitJob({ yaml })).jobId, timeoutSeconds: 120 });
      if (depth > 1_000) expect(ended).toMatchObject({ status: 'failed', error: expect.stringContaining('reads JSON nested at most 1000 levels deep') });
      else expect(ended).toMatchObject({ status: 'completed' });
      await expect(h.client.health({})).resolves.toMatchObject({ status: 'ok' });
    }),
    { interruptAfterTimeLimit: 20_000, numRuns: 30, endOnFailure: true },
  );
  expect(runs).toBeGreaterThan(3);
}, 120_000);
