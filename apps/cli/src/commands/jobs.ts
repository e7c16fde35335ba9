/**
 * `pipeline jobs list|get|wait|cancel|lineage` against a server's `/api/jobs` (`jobs watch` is
 * in jobs-watch.ts). `get` and `wait` print the job's quality results; either exits 1 when an
 * error-severity check failed.
 */
import { createApiClient, type LineageEventView, type ServerTarget } from '../api-client';
import { EXIT } from '../errors';
import { exitStatusOfJob } from '../follow';
import { printJson, printTable, println, type Io } from '../io';
import { jobLines, qualityFailed, type JobView } from '../job-view';
import { count, paintStatus } from '../output-style';
import { layoutTable } from '../table';

/** Options every `jobs` subcommand takes. */
export interface JobsOptions {
  readonly server: ServerTarget;
  readonly json?: boolean;
}

function printJob(io: Io, job: JobView, json: boolean | undefined): void {
  if (json === true) {
    printJson(io, job);
    return;
  }
  // The status, and the status a quality row starts with, in their colours.
  const decorate = (text: string, _row: number, column: number) =>
    column === 1 && (text === job.status || /^(pass|fail|warn|info) /.test(text))
      ? text.replace(/^\w+/, (status) => paintStatus(io.style, status))
      : text;
  for (const line of layoutTable(jobLines(job), io.style.width, decorate)) println(io, line);
}

/** Every job of the server, oldest first: a table, or `{jobs: [...]}`. */
export async function jobsListCommand(options: JobsOptions, io: Io): Promise<number> {
  const jobs = await createApiClient(options.server).list();
  if (options.json === true) {
    printJson(io, { jobs });
    return EXIT.ok;
  }
  const rows = jobs.map((j) => [j.id, j.status, j.created_at, j.duration_ms === undefined ? '' : `${count(io.style, j.duration_ms)} ms`]);
  printTable(io, [['ID', 'STATUS', 'CREATED', 'DURATION'], ...rows], (text, _row, column) => (column === 1 ? paintStatus(io.style, text) : text));
  return EXIT.ok;
}

/** One job; exit 1 when an error-severity quality check of it failed. */
export async function jobsGetCommand(id: string, options: JobsOptions, io: Io): Promise<number> {
  const job = await createApiClient(options.server).get(id);
  printJob(io, job, options.json);
  return qualityFailed(job) ? EXIT.failed : EXIT.ok;
}

/** Waits for a job (`--timeout` seconds, the server's default 300 when absent); exit status from the job, 124 if it has not ended. */
export async function jobsWaitCommand(id: string, options: JobsOptions & { readonly timeout?: number }, io: Io): Promise<number> {
  const job = await createApiClient(options.server).wait(id, options.timeout ?? 300);
  printJob(io, job, options.json);
  return exitStatusOfJob(job);
}

/** Asks the server to cancel a job; a job already ended is an error (the server's 409). */
export async function jobsCancelCommand(id: string, options: JobsOptions, io: Io): Promise<number> {
  const answer = await createApiClient(options.server).cancel(id);
  if (options.json === true) printJson(io, { id, ...answer });
  else println(io, `${id}: ${answer.status}`);
  return EXIT.ok;
}

/**
 * A job's OpenLineage run events: with --json `{events: [...]}` as the server answers them (to post
 * to a lineage backend), else one line per event and, for each output column of a completed job,
 * the input columns it derives from: `out.csv total <- orders.csv.amount (DIRECT AGGREGATION)`.
 */
export async function jobsLineageCommand(id: string, options: JobsOptions, io: Io): Promise<number> {
  const { events } = await createApiClient(options.server).lineage(id);
  if (options.json === true) {
    printJson(io, { events });
    return EXIT.ok;
  }
  if (events.length === 0) println(io, `${id}: no run events yet (the job has not run)`);
  for (const event of events) printEvent(io, event);
  return EXIT.ok;
}

function printEvent(io: Io, event: LineageEventView): void {
  const names = (list: LineageEventView['inputs']) => list.map((d) => d.name).join(', ') || '-';
  println(io, `${event.eventType} ${event.eventTime} ${event.job.namespace}/${event.job.name}: ${names(event.inputs)} -> ${names(event.outputs)}`);
  for (const output of event.outputs) {
    for (const [column, { inputFields }] of Object.entries(output.facets?.columnLineage?.fields ?? {})) {
      const from = inputFields.map((f) => `${f.name}.${f.field} (${(f.transformations ?? []).map((t) => [t.type, t.subtype].filter(Boolean).join(' ')).join(', ')})`);
      println(io, `  ${output.name} ${column} <- ${from.join(', ') || '(no input column)'}`);
    }
  }
}
