/**
 * Deeply nested JSON against the real built server in a child process: schema_of_variant over
 * 100,000 nested arrays (from the data, or built inside the expression) and a JSON input file of
 * 100,000 levels took the whole process down with SIGSEGV (DuckDB's JSON code recurses on the
 * native stack; jobs run in worker threads, but a native stack overflow takes the process). Each
 * job now fails with a message naming the function or the input, and the server keeps answering.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { request } from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
// Inside the workspace, so that the bundle finds the external packages in node_modules.
const OUT = path.join(ROOT, 'tmp', `http-server-deep-json-${process.pid}`);
let dataRoot: string;
let child: ChildProcess | undefined;
let url: string;

const LEVELS = 100_000;
const arrays = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;

function document(asset: string, input: string, format: string, column: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    `    - asset_ref: ${asset}`,
    `      source: { input: { format: ${format}, path: ${input} } }`,
    '    - asset_ref: shaped',
    `      source: { select: { from: ${asset}, columns: [${JSON.stringify(column)}] } }`,
    '    - asset_ref: out',
    '      source: { output: { from: shaped, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

beforeAll(async () => {
  const { build } = require('../build.cjs') as { build(outdir: string): Promise<unknown> };
  await build(OUT);
  dataRoot = fs.mkdtempSync(path.join(ROOT, 'tmp', 'http-server-deep-data-'));
  fs.writeFileSync(path.join(dataRoot, 'docs.csv'), `id,doc\n1,"${arrays}"\n`);
  fs.writeFileSync(path.join(dataRoot, 'deep.json'), `{"id":1,"v":${arrays}}\n`);
  fs.writeFileSync(path.join(dataRoot, 'brackets.csv'), `open,close\n"${'['.repeat(25)}","${']'.repeat(25)}"\n`);
  child = spawn(process.execPath, [path.join(OUT, 'main.js')], {
    cwd: OUT,
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', HOST: '127.0.0.1', DATA_ROOT: dataRoot, WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child?.stdout?.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)\n/.exec(out);
      if (match) resolve(match[1]);
    });
    child?.on('exit', () => reject(new Error(`exited before listening:\n${out}`)));
  });
}, 180_000);

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(OUT, { recursive: true, force: true });
  if (dataRoot !== undefined) fs.rmSync(dataRoot, { recursive: true, force: true });
});

/** Submits `yaml` on `backend`, waits for the job and answers its final state. */
async function run(yaml: string, backend = 'duckdb'): Promise<{ status: string; error?: string }> {
  const submitted = await request(`${url}/api/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ yaml, backend }) });
  expect(submitted.status).toBe(202);
  return (await request(`${url}/api/jobs/${submitted.body.job_id}/wait?timeout=120`)).body;
}

async function expectAlive(): Promise<void> {
  expect(child?.exitCode).toBeNull();
  expect(child?.signalCode).toBeNull();
  expect((await request(`${url}/api/health`)).body.status).toBe('ok');
}

describe('deeply nested JSON on the built server', () => {
  it('fails schema_of_variant over 100,000 nested arrays from the data, naming the function, and keeps serving', async () => {
    const job = await run(document('docs', 'docs.csv', 'csv', 'schema_of_variant(parse_json(doc)) AS s'));
    expect(job).toMatchObject({ status: 'failed', error: expect.stringContaining('parse_json reads JSON nested at most 1000 levels deep') });
    await expectAlive();
  }, 120_000);

  it('fails schema_of_variant over 100,000 levels built inside the expression', async () => {
    // 4,000 copies of a 25-bracket field on each side: 8,000x growth, within the static bound
    // (a sum of literal repeats this deep is refused at validation since the growth bound adds
    // up sums), so the value reaches the run-time guard.
    const job = await run(document('br', 'brackets.csv', 'csv', 'schema_of_variant(parse_json(concat(repeat(open, 4000), repeat(close, 4000)))) AS s'));
    expect(job).toMatchObject({ status: 'failed', error: expect.stringContaining('reads JSON nested at most 1000 levels deep') });
    await expectAlive();
  }, 120_000);

  it.each(['duckdb', 'danfo'])('fails a JSON input of 100,000 levels on %s, naming the asset and path', async (backend) => {
    const job = await run(document('deep', 'deep.json', 'json', 'id'), backend);
    expect(job).toMatchObject({ status: 'failed', error: expect.stringContaining('asset "deep": E-IO-001: cannot read deep.json: its JSON nests deeper than 1000 levels') });
    await expectAlive();
  }, 120_000);
});
