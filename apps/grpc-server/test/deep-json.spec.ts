/**
 * Deeply nested JSON against the real built server in a child process, through SubmitJob and
 * through a session (ExecutePipeline, ReadInput): schema_of_variant over 100,000 nested arrays and
 * a JSON input of 100,000 levels took the whole process down with SIGSEGV (DuckDB's JSON code
 * recurses on the native stack; a worker thread does not contain that). Each call now fails with
 * a message naming the function or the input, and the server keeps answering.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createChannel, createClient, type Channel, type Client } from 'nice-grpc';
import { PipelineServiceDefinition } from '../src/generated/pipeline/v1/pipeline';
import { failure } from './harness';

const { build } = require('../build.cjs') as { build(outdir: string): Promise<unknown> };

const ROOT = join(__dirname, '..', '..', '..');
const LEVELS = 100_000;
const arrays = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
let outdir: string;
let dataRoot: string;
let child: ChildProcessWithoutNullStreams | undefined;
let channel: Channel;
let client: Client<typeof PipelineServiceDefinition>;

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

const DEEP_VARIANT = document('docs', 'docs.csv', 'csv', 'schema_of_variant(parse_json(doc)) AS s');
const DEEP_INPUT = document('deep', 'deep.json', 'json', 'id');

beforeAll(async () => {
  outdir = mkdtempSync(join(ROOT, 'tmp', 'grpc-deep-json-'));
  dataRoot = mkdtempSync(join(ROOT, 'tmp', 'grpc-deep-data-'));
  writeFileSync(join(dataRoot, 'docs.csv'), `id,doc\n1,"${arrays}"\n`);
  writeFileSync(join(dataRoot, 'deep.json'), `{"id":1,"v":${arrays}}\n`);
  await build(outdir);
  const started = spawn(process.execPath, [join(outdir, 'main.js'), '--port', '0', '--host', '127.0.0.1'], {
    env: { PATH: process.env['PATH'] ?? '', DATA_ROOT: dataRoot, WORKERS: '1' },
  });
  child = started;
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    started.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      const match = /listening on 127\.0\.0\.1:(\d+)\n/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    started.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
  channel = createChannel(`127.0.0.1:${port}`);
  client = createClient(PipelineServiceDefinition, channel);
}, 180_000);

afterAll(() => {
  channel?.close();
  child?.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataRoot, { recursive: true, force: true });
});

async function expectAlive(): Promise<void> {
  expect(child?.exitCode).toBeNull();
  expect(child?.signalCode).toBeNull();
  await expect(client.health({})).resolves.toMatchObject({ status: 'ok' });
}

describe('deeply nested JSON on the built gRPC server', () => {
  it('SubmitJob: fails schema_of_variant over 100,000 levels and a 100,000-level JSON input, and keeps serving', async () => {
    const variant = await client.submitJob({ yaml: DEEP_VARIANT });
    await expect(client.waitForJob({ jobId: variant.jobId, timeoutSeconds: 120 })).resolves.toMatchObject({
      status: 'failed',
      error: expect.stringContaining('parse_json reads JSON nested at most 1000 levels deep'),
    });
    await expectAlive();
    const input = await client.submitJob({ yaml: DEEP_INPUT });
    await expect(client.waitForJob({ jobId: input.jobId, timeoutSeconds: 120 })).resolves.toMatchObject({
      status: 'failed',
      error: expect.stringContaining('asset "deep": E-IO-001: cannot read deep.json: its JSON nests deeper than 1000 levels'),
    });
    await expectAlive();
  }, 120_000);

  it.each(['duckdb', 'danfo'])('a %s session: ExecutePipeline and ReadInput fail the same way, and the server keeps serving', async (backend) => {
    const { sessionId } = await client.createSession({ backend });
    if (backend === 'duckdb') {
      await expect(client.executePipeline({ sessionId, yaml: DEEP_VARIANT })).resolves.toMatchObject({
        status: 'failed',
        error: expect.stringContaining('parse_json reads JSON nested at most 1000 levels deep'),
      });
      await expectAlive();
    }
    await expect(client.executePipeline({ sessionId, yaml: DEEP_INPUT })).resolves.toMatchObject({
      status: 'failed',
      error: expect.stringContaining('cannot read deep.json: its JSON nests deeper than 1000 levels'),
    });
    await expectAlive();
    const read = await failure(client.readInput({ sessionId, assetName: 'deep', format: 'json', path: 'deep.json' }));
    expect(read.details).toContain('cannot read deep.json: its JSON nests deeper than 1000 levels');
    await expectAlive();
    await client.closeSession({ sessionId });
  }, 120_000);
});
