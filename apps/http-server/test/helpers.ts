/**
 * Black-box test helpers: a real server on 127.0.0.1 port 0 over a temporary data root, and
 * small fetch wrappers that return status, headers and parsed JSON.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRecordingLogger } from '@pipeline/server-kit';
import { startPostgres, type PostgresServer } from '@pipeline/test-postgres';
import { startServer, type RunningServer, type ServerOptions, type ServerSettings } from '../src/server';
import { checkResponse } from './openapi-check';

/** A started server with its data root and the log lines it wrote. */
export interface TestServer extends RunningServer {
  readonly dataRoot: string;
  readonly errors: string[];
  /** Every log line written so far, parsed. */
  readonly logLines: readonly Record<string, unknown>[];
  stop(): Promise<void>;
}

/** Makes a fresh database for the next server, while a file runs its servers on PostgreSQL. */
let jobDatabase: (() => Promise<string>) | undefined;

/**
 * Runs the servers this file starts on the PostgreSQL job store: a real server is started before
 * the file's tests (a fresh database for each test server) and stopped after them. Call it at the
 * top of a file, then define (or `require`) the suites inside a `describe`, so that their servers
 * stop before the database does.
 */
export function usePostgresJobStore(): void {
  let postgres: PostgresServer | undefined;
  beforeAll(async () => {
    const started = await startPostgres();
    postgres = started;
    jobDatabase = () => started.createDatabase();
  }, 60_000);
  afterAll(async () => {
    jobDatabase = undefined;
    await postgres?.stop();
  });
}

/**
 * Starts a server on an ephemeral port over a fresh temporary data root (or `dataRoot`), its jobs
 * in memory, or in a fresh PostgreSQL database under {@link usePostgresJobStore}.
 */
export async function startTestServer(
  settings: Partial<ServerSettings> = {},
  options: Pick<ServerOptions, 'access' | 'consoleDir'> = {},
): Promise<TestServer> {
  const dataRoot = settings.dataRoot ?? fs.mkdtempSync(path.join(os.tmpdir(), 'http-server-test-'));
  const databaseUrl = settings.databaseUrl ?? (await jobDatabase?.());
  const { logger, lines } = createRecordingLogger('http-server');
  const server = await startServer(
    { port: 0, host: '127.0.0.1', workers: 1, queueCapacity: 100, bodyLimit: 10 * 1024 * 1024, ...settings, dataRoot, databaseUrl },
    { logger, shutdownGraceMs: 2_000, ...options },
  );
  return {
    ...server,
    dataRoot,
    logLines: lines,
    // The error lines logged so far, as `<msg>: <error message>`.
    get errors() {
      return lines
        .filter((line) => Number(line['level']) >= 50)
        .map((line) => `${String(line['msg'])}: ${String((line['error'] as { message?: unknown } | undefined)?.message ?? line['error'])}`);
    },
    stop: async () => {
      await server.close();
      if (settings.dataRoot === undefined) fs.rmSync(dataRoot, { recursive: true, force: true });
    },
  };
}

/** A response read whole: status, headers and the body parsed as JSON (undefined when empty). */
export interface JsonResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  readonly text: string;
}

/** Sends a request and reads the whole answer; an `/api` answer must match the OpenAPI document (see openapi-check.ts). */
export async function request(url: string, init: RequestInit = {}): Promise<JsonResponse> {
  const response = await fetch(url, init);
  const text = await response.text();
  checkResponse(init.method ?? 'GET', url, response.status, response.headers.get('content-type'), text);
  return { status: response.status, headers: response.headers, text, body: text === '' ? undefined : JSON.parse(text) };
}

/** POSTs `body` as JSON. */
export function postJson(url: string, body: unknown): Promise<JsonResponse> {
  return request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Polls a job until `predicate` holds (tests observe; the server itself never polls). */
export async function pollJob(
  base: string,
  id: string,
  predicate: (job: { status: string }) => boolean,
  timeoutMs = 30_000,
): Promise<{ status: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await request(`${base}/api/jobs/${id}`);
    if (predicate(body)) return body;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A pipeline reading `input` (CSV) and writing `output` with the given filter. */
export function pipelineYaml(input: string, output: string, options: { filter?: string; format?: string } = {}): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  name: test',
    '  assets:',
    '    - asset_ref: raw',
    '      source:',
    '        input: { format: csv, path: "' + input + '" }',
    '    - asset_ref: kept',
    '      source:',
    '        where: { from: raw, filter: "' + (options.filter ?? 'salary > 50000') + '" }',
    '    - asset_ref: out',
    '      source:',
    '        output: { from: kept, format: ' + (options.format ?? 'csv') + ', path: "' + output + '", mode: overwrite }',
  ].join('\n');
}

/**
 * A filter that keeps every row of writeBigCsv's file but costs DuckDB several string passes per
 * row: over 4 million rows the job runs for seconds (about 4.5 s on the 2-core test machine).
 */
export const SLOW_FILTER =
  "length(replace(replace(replace(replace(replace(replace(upper(concat(name, grp, name, grp, name, name, name)), 'A', 'bb'), 'B', 'cc'), 'N', 'dd'), 'M', 'ee'), 'E', 'ff'), '_', 'gg')) > 3";

/** Rows of the big CSV the slow tests write once per test file. */
export const BIG_ROWS = 4_000_000;

/** The CSV the small tests read. */
export const EMPLOYEES_CSV = 'id,name,department,salary\n1,Ada,eng,90000\n2,Bob,ops,40000\n3,Cy,eng,60000\n';

/**
 * Writes a CSV of `rows` rows (id, grp, salary) to `file` once; big enough that a pipeline over it
 * runs for a while on DuckDB.
 */
export function writeBigCsv(file: string, rows: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, 'id,grp,salary,name\n');
    const chunk = 100_000;
    for (let start = 0; start < rows; start += chunk) {
      let text = '';
      for (let i = start; i < Math.min(rows, start + chunk); i++) {
        text += `${i},g${i % 1000},${(i * 7919) % 200000},name_${i}\n`;
      }
      fs.writeSync(fd, text);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The document the Teckel contract tests submit: input `input`, an asset `computed` selecting
 * `columns` from it, `ordered` sorting it by id, and `ordered` written to `output`.
 */
export function selectByIdDocument(
  input: { readonly name: string; readonly format: string; readonly path: string },
  columns: readonly string[],
  output: { readonly format: string; readonly path: string },
): string {
  return [
    'version: "3.0"',
    'input:',
    `  - name: ${input.name}`,
    `    format: ${input.format}`,
    `    path: ${input.path}`,
    'transformation:',
    '  - name: computed',
    '    select:',
    `      from: ${input.name}`,
    '      columns:',
    ...columns.map((c) => `        - ${JSON.stringify(c)}`),
    '  - name: ordered',
    '    orderBy:',
    '      from: computed',
    '      columns: [id]',
    'output:',
    '  - name: ordered',
    `    format: ${output.format}`,
    `    path: ${output.path}`,
    '    mode: overwrite',
  ].join('\n');
}

/** Submits `yaml` on `backend` to the server at `api`, waits for the job and expects it completed. */
export async function runToCompletion(api: string, yaml: string, backend: string): Promise<void> {
  const submitted = await postJson(`${api}/jobs`, { yaml, backend });
  expect(submitted.status).toBe(202);
  const done = await request(`${api}/jobs/${submitted.body.job_id}/wait?timeout=60`);
  expect([done.body.status, done.body.error]).toEqual(['completed', undefined]);
}

/** The input of {@link slowSparkYaml}: 600 numbers. */
export const SPARK_N_CSV = `n\n${Array.from({ length: 600 }, (_, i) => i).join('\n')}\n`;

/** A job Spark works on for minutes: a three-way cross join of n.csv's 600 rows (216 million) written to `output`. */
export function slowSparkYaml(output: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  name: slow',
    '  assets:',
    '    - asset_ref: a',
    '      source: { input: { format: csv, path: n.csv } }',
    '    - asset_ref: b',
    '      source: { input: { format: csv, path: n.csv } }',
    '    - asset_ref: c',
    '      source: { input: { format: csv, path: n.csv } }',
    '    - asset_ref: all',
    '      source: { join: { left: a, right: [ { name: b, type: cross, on: [] }, { name: c, type: cross, on: [] } ] } }',
    '    - asset_ref: out',
    `      source: { output: { from: all, format: csv, path: ${output}, mode: overwrite } }`,
  ].join('\n');
}

/** A port of 127.0.0.1 that nothing listens on (it was free a moment ago): a server that is down. */
export async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
