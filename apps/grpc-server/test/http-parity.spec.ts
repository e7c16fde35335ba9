/**
 * Both interfaces behave the same way (decisions, preamble): one table of pipelines (valid, parse
 * errors, each V-code, variables, unknown backend) is sent to this gRPC server and to the HTTP
 * server's built bundle over one data root, and the answers' texts are compared with each other
 * and with the contract's expected message. Jobs, unknown ids and cancel answers are compared too.
 * The HTTP server is started only as its own bundle (built with its build script into a
 * temporary folder), never by importing its modules.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ClientError, Status } from 'nice-grpc';
import { KIND_NAMES } from '@pipeline/definition';
import { EMPLOYEES_CSV, startHarness, type Harness } from './harness';

const ROOT = join(__dirname, '..', '..', '..');

const HEAD = 'version: "3.0"\npipeline:\n  name: parity\n  assets:\n';
const input = (ref = 'raw', extra = '', path = 'employees.csv') =>
  `    - asset_ref: ${ref}\n      source:\n        input: { format: csv, path: ${path}${extra} }\n`;
const where = (ref: string, from: string, filter = 'salary > 50000') =>
  `    - asset_ref: ${ref}\n      source:\n        where: { from: ${from}, filter: ${JSON.stringify(filter)} }\n`;
const output = (from: string, extra = ', mode: overwrite', path = 'out/parity.csv') =>
  `    - asset_ref: out\n      source:\n        output: { from: ${from}, format: csv, path: ${JSON.stringify(path)}${extra} }\n`;

/** `levels` replace calls nested around `name`, each turning 'a' into twenty a's. */
function nestedReplace(levels: number): string {
  let text = 'name';
  for (let i = 0; i < levels; i++) text = `replace(${text}, 'a', '${'a'.repeat(20)}')`;
  return text;
}

/** A pipeline, its variables, and the validation message the contract expects ('' when valid). */
interface Case {
  readonly name: string;
  readonly yaml: string;
  readonly variables?: Record<string, string>;
  readonly error: string;
}

const CASES: readonly Case[] = [
  { name: 'valid', yaml: HEAD + input() + where('rich', 'raw') + output('rich'), error: '' },
  {
    name: 'variables substituted',
    yaml: HEAD + input() + where('rich', 'raw', 'salary > ${MIN:1}') + output('rich', ', mode: overwrite', '${OUT:out/default.csv}'),
    variables: { MIN: '60000', OUT: 'out/from-variable.csv' },
    error: '',
  },
  { name: 'not YAML', yaml: 'pipeline: [unclosed', error: 'parse error: unexpected end of the stream within a flow collection at line 2, column 1' },
  { name: 'empty document', yaml: '', error: 'parse error: the document is empty' },
  { name: 'a list at the top', yaml: '- a\n- b\n', error: 'parse error: the document must be a mapping at the top (got a list) at line 1, column 1' },
  { name: 'no assets', yaml: 'version: "3.0"\npipeline:\n  name: x\n', error: 'parse error: the document has neither pipeline.assets nor a top-level assets list (nor the input, transformation and output lists of the Teckel shape)' },
  { name: 'V-001', yaml: HEAD + input() + where('rich', 'nonexistent') + output('rich'), error: 'V-001: asset "rich" references unknown asset "nonexistent"' },
  { name: 'V-002', yaml: HEAD + input() + input() + output('raw'), error: 'V-002: duplicate asset "raw" (assets 1 and 2)' },
  { name: 'V-003', yaml: HEAD + input() + where('a', 'b') + where('b', 'a') + output('a'), error: 'V-003: cycle: a -> b -> a' },
  {
    name: 'V-004',
    yaml: HEAD + input('1x') + output('1x'),
    error: 'V-004: invalid asset name "1x": must start with a letter and contain only letters, digits, "_" and "-" (at most 128 characters)',
  },
  {
    name: 'V-005',
    yaml: HEAD + input() + '    - asset_ref: j\n      source:\n        joinn: { from: raw }\n' + output('j'),
    error: `V-005: asset "j": unknown source kind "joinn" (expected one of ${KIND_NAMES.join(', ')}) (did you mean "join"?)`,
  },
  { name: 'V-006', yaml: HEAD + '    - asset_ref: raw\n      source:\n        input: { format: csv }\n' + output('raw'), error: 'V-006: asset "raw": input.path is required' },
  {
    name: 'V-006 (both asset lists)',
    yaml: HEAD + input() + output('raw') + 'assets: []\n',
    error: 'V-006: both pipeline.assets and a top-level assets list are present (use pipeline.assets)',
  },
  { name: 'V-007', yaml: HEAD + input() + output('raw') + where('after', 'out'), error: 'V-007: asset "after" references output asset "out"' },
  {
    name: 'V-008',
    yaml: HEAD + input() + output('raw', ', mode: upsert'),
    error: 'V-008: asset "out": unknown mode "upsert" (expected overwrite, append, error, ignore)',
  },
  { name: 'V-009', yaml: HEAD + input() + where('rich', 'raw', 'salary >') + output('rich'), error: 'V-009: asset "rich": filter: unexpected end of expression at column 9' },
  {
    name: 'V-009 (unknown function)',
    yaml: HEAD + input() + where('rich', 'raw', 'frobnicate(salary) > 1') + output('rich'),
    error: 'V-009: asset "rich": filter: unknown function "frobnicate" at column 1',
  },
  {
    name: 'V-010',
    yaml: HEAD + input() + where('rich', 'raw', 'salary > ${MIN}') + output('rich'),
    error: 'V-010: unresolved variable "MIN" in asset "rich" field "filter"',
  },
  { name: 'V-011', yaml: HEAD.replace('"3.0"', '"1.0"') + input() + output('raw'), error: 'V-011: unsupported version "1.0" (expected "3.0")' },
  {
    name: 'V-012',
    yaml: HEAD + input('raw', ', options: { headr: "true" }') + output('raw'),
    error:
      'V-012: asset "raw": unknown csv option "headr" (expected one of header, inferSchema, sep, quote, escape, nullValue, dateFormat, timestampFormat, encoding, comment, compression, delimiter) (did you mean "header"?)',
  },
  { name: 'V-013', yaml: HEAD + input(), error: 'V-013: pipeline has no output asset' },
  {
    // Found by the robustness audit: eight nested replace calls made the HTTP server allocate
    // over 20 GB for one job, until the operating system killed it. Refused before it runs.
    name: 'V-009 (text growth of nested replace)',
    yaml: HEAD + input() + where('grown', 'raw', `length(${nestedReplace(8)}) > 1`) + output('grown'),
    error: `V-009: asset "grown": filter: replace could make a text value more than 10000 times longer than its input (nested replace calls multiply the growth) at column ${'length('.length + 'replace('.length * 4 + 1}`,
  },
];

/** An answer reduced to what both interfaces must agree on. */
interface Outcome {
  readonly ok: boolean;
  /** The plan, the job status, or the error text. */
  readonly text: string;
}

let h: Harness;
let http: ChildProcessWithoutNullStreams | undefined;
let api: string;
let bundleDir: string;

function startHttpBundle(dataRoot: string): Promise<string> {
  const child = spawn(process.execPath, [join(bundleDir, 'main.js'), '--port', '0', '--host', '127.0.0.1', '--workers', '1', '--data-root', dataRoot]);
  http = child;
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(`${m[1]}/api`);
    });
    child.on('exit', (code) => reject(new Error(`the HTTP bundle exited with ${code} before listening: ${err}`)));
  });
}

beforeAll(async () => {
  bundleDir = mkdtempSync(join(ROOT, 'tmp', 'http-parity-bundle-'));
  const built = spawnSync(process.execPath, [join(ROOT, 'apps/http-server/build.cjs'), bundleDir], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building the HTTP bundle failed: ${built.stderr}`);
  h = await startHarness({ workers: 1 });
  h.write('employees.csv', EMPLOYEES_CSV);
  api = await startHttpBundle(h.dataRoot);
}, 120_000);

afterAll(async () => {
  if (http && http.exitCode === null) {
    const exited = new Promise((resolve) => http?.once('exit', resolve));
    http.kill('SIGTERM');
    await exited;
  }
  await h?.stop();
  rmSync(bundleDir, { recursive: true, force: true });
});

/** A parsed JSON answer; its shape is what the tests assert. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonBody = any;

async function httpCall(method: string, path: string, body?: unknown): Promise<{ status: number; body: JsonBody }> {
  const res = await fetch(`${api}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: await res.json() };
}

async function grpcOutcome<T>(call: Promise<T>, text: (answer: T) => string): Promise<Outcome & { code?: string }> {
  try {
    return { ok: true, text: text(await call) };
  } catch (e) {
    if (e instanceof ClientError) return { ok: false, text: e.details, code: Status[e.code] };
    throw e;
  }
}

describe.each(CASES)('$name', ({ yaml, variables = {}, error }) => {
  const valid = error === '';
  const errorOf = (prefix: string) => (error.startsWith('parse error: ') && prefix === 'explain' ? error : `validation failed: ${error}`);

  it('validate: the same {valid, error, errors} on both, as the contract words it', async () => {
    const viaHttp = await httpCall('POST', '/validate', { yaml, variables });
    const viaGrpc = await h.client.validatePipeline({ yaml, variables });
    const { spec_code: specCode = '', errors: httpErrors = [], ...body } = viaHttp.body as { spec_code?: string; errors?: { spec_code?: string }[] };
    expect({ status: viaHttp.status, body }).toEqual({ status: 200, body: valid ? { valid: true } : { valid: false, error } });
    expect(viaGrpc).toMatchObject({ valid, error, specCode });
    expect(viaGrpc.errors).toEqual(httpErrors.map(({ spec_code: code, ...d }) => ({ ...d, ...(code === undefined ? {} : { specCode: code }) })));
    if (!valid) expect(viaGrpc.errors[0]?.message).toBe(error);
  });

  it('explain: the same plan, or the same error text (HTTP 400, gRPC INVALID_ARGUMENT)', async () => {
    const viaHttp = await httpCall('POST', '/explain', { yaml, variables });
    const viaGrpc = await grpcOutcome(h.client.explainPipeline({ yaml, variables }), (a) => a.plan);
    if (valid) {
      expect(viaHttp.status).toBe(200);
      expect(viaGrpc).toEqual({ ok: true, text: viaHttp.body.plan });
      expect(viaHttp.body.plan).toMatch(/^=== Pipeline Execution Plan ===\n\n--- Inputs ---\n {2}\[raw\] format=csv, path=employees.csv\n/);
      expect(viaHttp.body.plan).toContain(`path=${variables['OUT'] ?? 'out/parity.csv'}\n`);
    } else {
      expect(viaHttp).toEqual({ status: 400, body: { error: errorOf('explain') } });
      expect(viaGrpc).toEqual({ ok: false, code: 'INVALID_ARGUMENT', text: errorOf('explain') });
    }
  });

  it('submit: both queue a valid pipeline and reject an invalid one with the same text', async () => {
    const viaHttp = await httpCall('POST', '/jobs', { yaml, variables });
    const viaGrpc = await grpcOutcome(h.client.submitJob({ yaml, variables }), (a) => a.status);
    if (valid) {
      expect(viaHttp).toEqual({ status: 202, body: { job_id: expect.any(String), status: 'queued' } });
      expect(viaGrpc).toEqual({ ok: true, text: 'queued' });
    } else {
      expect(viaHttp).toEqual({ status: 400, body: { error: `validation failed: ${error}` } });
      expect(viaGrpc).toEqual({ ok: false, code: 'INVALID_ARGUMENT', text: `validation failed: ${error}` });
    }
  });
});

describe('requests both interfaces refuse', () => {
  it('an unknown backend: the same text, HTTP with its "invalid request: " prefix for a bad body field', async () => {
    const yaml = CASES[0].yaml;
    for (const [path, rpc] of [
      ['/validate', 'validatePipeline'],
      ['/explain', 'explainPipeline'],
      ['/jobs', 'submitJob'],
    ] as const) {
      const viaHttp = await httpCall('POST', path, { yaml, backend: 'flink' });
      const viaGrpc = await grpcOutcome<unknown>(h.client[rpc]({ yaml, backend: 'flink' }), () => 'accepted');
      expect(viaGrpc).toEqual({ ok: false, code: 'INVALID_ARGUMENT', text: 'unknown backend "flink" (expected duckdb, danfo, spark)' });
      expect(viaHttp).toEqual({ status: 400, body: { error: `invalid request: ${viaGrpc.text}` } });
    }
  });

  it('an unknown job id: "job not found" on get, wait and cancel', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', `/jobs/${id}`],
      ['GET', `/jobs/${id}/wait?timeout=1`],
      ['DELETE', `/jobs/${id}`],
    ]) {
      expect(await httpCall(method, path)).toEqual({ status: 404, body: { error: 'job not found' } });
    }
    for (const call of [h.client.getJob({ jobId: id }), h.client.waitForJob({ jobId: id, timeoutSeconds: 1 }), h.client.cancelJob({ jobId: id })]) {
      expect(await grpcOutcome<unknown>(call, () => 'found')).toEqual({ ok: false, code: 'NOT_FOUND', text: 'job not found' });
    }
  });
});

describe('jobs', () => {
  const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

  async function runOnBoth(yaml: string) {
    const submitted = await httpCall('POST', '/jobs', { yaml });
    const viaHttp = (await httpCall('GET', `/jobs/${submitted.body.job_id}/wait?timeout=60`)).body;
    const { jobId } = await h.client.submitJob({ yaml });
    const viaGrpc = await h.client.waitForJob({ jobId, timeoutSeconds: 60 });
    return { viaHttp, viaGrpc };
  }

  it('a completed job: the same fields (HTTP without error), UTC ISO timestamps with milliseconds, duration = end - start', async () => {
    const { viaHttp, viaGrpc } = await runOnBoth(CASES[0].yaml);
    expect(Object.keys(viaHttp).sort()).toEqual(['completed_at', 'created_at', 'duration_ms', 'id', 'outputs', 'started_at', 'status', 'steps']);
    // The same assets timed on both (times differ by run; gRPC says "" for a start it does not keep).
    expect(viaGrpc.steps.map((s: { asset: string; state: string; rows?: number }) => ({ asset: s.asset, state: s.state, ...(s.rows === undefined ? {} : { rows: s.rows }) }))).toEqual(
      viaHttp.steps.map((s: { asset: string; state: string; rows?: number }) => ({ asset: s.asset, state: s.state, ...(s.rows === undefined ? {} : { rows: s.rows }) })),
    );
    expect(viaHttp.status).toBe('completed');
    expect(viaGrpc.status).toBe('completed');
    expect(viaGrpc.error).toBe('');
    // The same outputs on both, each naming asset, path and rows written.
    expect(viaHttp.outputs).toHaveLength(1);
    expect(viaGrpc.outputs.map((o: { asset: string; path: string; rowsWritten: number }) => ({ asset: o.asset, path: o.path, rows_written: o.rowsWritten }))).toEqual(
      viaHttp.outputs,
    );
    for (const job of [
      { created: viaHttp.created_at, started: viaHttp.started_at, completed: viaHttp.completed_at, duration: viaHttp.duration_ms },
      { created: viaGrpc.createdAt, started: viaGrpc.startedAt, completed: viaGrpc.completedAt, duration: viaGrpc.durationMs },
    ]) {
      expect([job.created, job.started, job.completed]).toEqual([expect.stringMatching(ISO_MS), expect.stringMatching(ISO_MS), expect.stringMatching(ISO_MS)]);
      expect(job.duration).toBe(Date.parse(job.completed) - Date.parse(job.started));
    }
  });

  it('a job failing while it runs: status failed and the same error text on both', async () => {
    const yaml = HEAD + input('raw', '', 'missing.csv') + output('raw');
    const { viaHttp, viaGrpc } = await runOnBoth(yaml);
    expect(viaHttp.status).toBe('failed');
    expect(viaHttp.error).toBe('asset "raw": E-IO-001: file not found: missing.csv');
    expect(viaGrpc.status).toBe('failed');
    expect(viaGrpc.error).toBe(viaHttp.error);
  });

  it('cancelling a terminal job: HTTP 409 "job is already <status>", gRPC {cancelled:false, status}', async () => {
    const submitted = await httpCall('POST', '/jobs', { yaml: CASES[0].yaml });
    await httpCall('GET', `/jobs/${submitted.body.job_id}/wait?timeout=60`);
    expect(await httpCall('DELETE', `/jobs/${submitted.body.job_id}`)).toEqual({ status: 409, body: { error: 'job is already completed' } });
    const { jobId } = await h.client.submitJob({ yaml: CASES[0].yaml });
    await h.client.waitForJob({ jobId, timeoutSeconds: 60 });
    expect(await h.client.cancelJob({ jobId })).toEqual({ cancelled: false, status: 'completed' });
  });

  it('lists jobs oldest first on both', async () => {
    const httpIds = (await httpCall('GET', '/jobs')).body.jobs.map((j: { id: string; created_at: string }) => j.created_at);
    const grpcIds = (await h.client.listJobs({})).jobs.map((j) => j.createdAt);
    expect(httpIds.length).toBeGreaterThan(1);
    expect(grpcIds.length).toBeGreaterThan(1);
    expect(httpIds).toEqual([...httpIds].sort());
    expect(grpcIds).toEqual([...grpcIds].sort());
  });
});
