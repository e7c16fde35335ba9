/** `pipeline jobs list|get|wait|cancel` against a server's `/api/jobs`. */
import { createApiClient, type ServerTarget } from '../api-client';
import { EXIT } from '../errors';
import { exitStatusOfJob } from '../follow';
import { columns, printJson, println, type Io } from '../io';
import { jobLines, type JobView } from '../job-view';

/** Options every `jobs` subcommand takes. */
export interface JobsOptions {
  readonly server: ServerTarget;
  readonly json?: boolean;
}

function printJob(io: Io, job: JobView, json: boolean | undefined): void {
  if (json === true) printJson(io, job);
  else for (const line of columns(jobLines(job))) println(io, line);
}

/** Every job of the server, oldest first: a table, or `{jobs: [...]}`. */
export async function jobsListCommand(options: JobsOptions, io: Io): Promise<number> {
  const jobs = await createApiClient(options.server).list();
  if (options.json === true) {
    printJson(io, { jobs });
    return EXIT.ok;
  }
  const rows = jobs.map((j) => [j.id, j.status, j.created_at, j.duration_ms === undefined ? '' : `${j.duration_ms} ms`]);
  for (const line of columns([['ID', 'STATUS', 'CREATED', 'DURATION'], ...rows])) println(io, line);
  return EXIT.ok;
}

/** One job. */
export async function jobsGetCommand(id: string, options: JobsOptions, io: Io): Promise<number> {
  printJob(io, await createApiClient(options.server).get(id), options.json);
  return EXIT.ok;
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
