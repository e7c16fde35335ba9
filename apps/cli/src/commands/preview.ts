/**
 * `pipeline preview FILE --asset NAME [--limit N]`: the first rows of one asset, computed from its
 * upstream assets only and never written (like `dbt show`), on this machine through the jobs
 * library (one worker thread) or with `--server` through `POST /api/preview`; and `pipeline jobs
 * rows ID ASSET`: the first rows of a completed job's output, read back by the server.
 */
import { createJobService, type JobRequest } from '@pipeline/jobs';
import { createApiClient, type RowsView, type ServerTarget } from '../api-client';
import { EXIT, usageError } from '../errors';
import { dataRootOf, serverUrlOf, tokenOf } from '../inputs';
import { printJson, println, printTable, type Io } from '../io';
import { checkedRequest } from './run';

/** Options of `preview`. */
export interface PreviewOptions {
  readonly asset: string;
  readonly limit?: number;
  readonly var?: Record<string, string>;
  readonly backend?: string;
  readonly dataRoot?: string;
  readonly server?: string;
  readonly token?: string;
  readonly json?: boolean;
}

/** Previews `options.asset` of `file` locally or on the server and prints its rows. */
export async function previewCommand(file: string, options: PreviewOptions, io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  const server = serverUrlOf(options.server, env);
  if (server !== undefined && options.dataRoot !== undefined) {
    throw usageError('--data-root applies to local previews; a server resolves paths against its own data root');
  }
  const { plan: _plan, ...body } = checkedRequest(file, options, io);
  const limit = options.limit ?? 100;
  const rows =
    server === undefined
      ? await previewHere(body, options.asset, limit, dataRootOf(options.dataRoot, io.cwd), io)
      : await createApiClient({ url: server, token: tokenOf(options.token, env) }).preview({ ...body, asset: options.asset, limit });
  printRows(io, rows, options.json);
  return EXIT.ok;
}

/** Runs the preview on a job service of its own over `dataRoot`, then shuts it down. */
async function previewHere(request: JobRequest, asset: string, limit: number, dataRoot: string, io: Io): Promise<RowsView> {
  const jobs = createJobService({ dataRoot, workers: 1, staleTempSweepMs: 0, onError: (error) => io.err.write(`pipeline: ${error.message}\n`) });
  try {
    return await jobs.preview(request, asset, { limit });
  } finally {
    await jobs.shutdown({ graceMs: 0 });
  }
}

/** Options of `jobs rows`. */
export interface JobRowsOptions {
  readonly server: ServerTarget;
  readonly limit?: number;
  readonly json?: boolean;
}

/** The first rows of output `asset` of job `id`, as the server reads them back. */
export async function jobsRowsCommand(id: string, asset: string, options: JobRowsOptions, io: Io): Promise<number> {
  printRows(io, await createApiClient(options.server).rows(id, asset, options.limit ?? 100), options.json);
  return EXIT.ok;
}

/** A table (header `name:type`, values as JSON except plain text, NULL empty) and a last line on truncation; or the answer as JSON. */
export function printRows(io: Io, rows: RowsView, json: boolean | undefined): void {
  if (json === true) {
    printJson(io, rows);
    return;
  }
  const header = rows.columns.map((c) => `${c.name}:${c.type}`);
  const cell = (v: unknown): string => (v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  printTable(io, [header, ...rows.rows.map((r) => r.map(cell))]);
  println(io, `${rows.rows.length} row${rows.rows.length === 1 ? '' : 's'}${rows.truncated ? ' (more not shown)' : ''}`);
}
