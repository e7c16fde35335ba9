/**
 * `pipeline run FILE`: validates locally (errors with their position), then runs the job on this
 * machine through the jobs library, or with `--server` submits it to a server, and follows it to
 * the end with the progress display. Exit status from the job: 0 completed, 1 failed (or an
 * error-severity quality check failed), 130 cancelled. `--dry-run` stops after the check and
 * prints the plan, as Teckel's CLI does (validate the references, print the execution plan, run
 * nothing).
 */
import { explainPlan } from '@pipeline/planner';
import { createApiClient, type ServerTarget } from '../api-client';
import { checkPipeline, checkPipelineWithData } from '../check-pipeline';
import { EXIT, usageError } from '../errors';
import { followJob, exitStatusOfJob, type FollowedJob } from '../follow';
import { dataRootOf, invalidPipeline, serverUrlOf, tokenOf } from '../inputs';
import { printJson, println, type Io } from '../io';
import type { JobView } from '../job-view';
import { startLocalJob } from '../local-jobs';
import { loadPipeline } from '../merge-files';
import { createProgressDisplay } from '../progress';
import { remoteJob } from '../remote-jobs';

/** Options of `run` (and `submit`). */
export interface RunOptions {
  readonly var?: Record<string, string>;
  readonly backend?: string;
  readonly dataRoot?: string;
  readonly server?: string;
  /** The server's access token (`--token`; PIPELINE_TOKEN otherwise). */
  readonly token?: string;
  readonly json?: boolean;
  /** Check and print the plan; run nothing. */
  readonly dryRun?: boolean;
}

/** Engine errors about a path, whose message names the path but not the folder it resolved in. */
const PATH_ERRORS: ReadonlySet<string> = new Set(['E_FILE_NOT_FOUND', 'E_PATH_OUTSIDE_ROOT']);

/**
 * The pipeline of `file` (several merged left to right, spec 21), checked; an invalid one throws
 * CLI_PIPELINE_INVALID naming the file the error comes from.
 */
export function checkedRequest(file: string | readonly string[], options: Pick<RunOptions, 'var' | 'backend'>, io: Io) {
  const { yaml, locate } = loadPipeline(typeof file === 'string' ? [file] : file, io.cwd);
  const variables = options.var ?? {};
  const checked = checkPipeline(yaml, variables, options.backend);
  if (!checked.ok) {
    const located = locate(checked.error);
    throw invalidPipeline(located.file, located.error);
  }
  return { yaml, variables, plan: checked.plan, ...(options.backend === undefined ? {} : { backend: options.backend }) };
}

/**
 * A local run's last check before it starts: the columns its inputs' CSV headers in `dataRoot`
 * tell (V-009), thrown as CLI_PIPELINE_INVALID at the file and line, as `validate` prints it.
 */
async function checkColumnsHere(file: string | readonly string[], options: Pick<RunOptions, 'var' | 'backend'>, io: Io, dataRoot: string): Promise<void> {
  const { yaml, locate } = loadPipeline(typeof file === 'string' ? [file] : file, io.cwd);
  const checked = await checkPipelineWithData(yaml, options.var ?? {}, options.backend, dataRoot);
  if (!checked.ok) {
    const located = locate(checked.error);
    throw invalidPipeline(located.file, located.error);
  }
}

/** Runs `file` (several merged) locally or on the server and returns the exit status of the job. */
export async function runCommand(file: string | readonly string[], options: RunOptions, io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  const server = serverUrlOf(options.server, env);
  if (server !== undefined && options.dataRoot !== undefined) {
    throw usageError('--data-root applies to local runs; a server resolves paths against its own data root');
  }
  const request = checkedRequest(file, options, io);
  const { plan, ...body } = request;
  if (options.dryRun === true) {
    // A local dry run still refuses a data root that does not exist, as the run would.
    const dataRoot = server === undefined ? dataRootOf(options.dataRoot, io.cwd) : undefined;
    if (dataRoot !== undefined) await checkColumnsHere(file, options, io, dataRoot);
    if (options.json === true) printJson(io, { valid: true, plan: explainPlan(plan), ...(dataRoot === undefined ? {} : { data_root: dataRoot }) });
    else println(io, explainPlan(plan));
    return EXIT.ok;
  }
  const display = options.json === true ? undefined : createProgressDisplay(io, plan.steps.map((s) => s.ref));

  let job: FollowedJob;
  let close = async () => undefined as void;
  let hintOf: (job: JobView) => string | undefined = () => undefined;
  if (server === undefined) {
    const root = dataRootOf(options.dataRoot, io.cwd);
    await checkColumnsHere(file, options, io, root);
    const local = await startLocalJob(body, root, (error) => io.err.write(`pipeline: ${error.message}\n`));
    job = local;
    close = () => local.close();
    hintOf = () => (PATH_ERRORS.has(local.errorCode() ?? '') ? `looked in the data root ${root}; --data-root sets it` : undefined);
  } else {
    const client = createApiClient({ url: server, token: tokenOf(options.token, env) });
    job = remoteJob(client, (await client.submit(body)).job_id);
  }
  try {
    const finished = await followJob(job, display, io, hintOf);
    if (options.json === true) {
      printJson(io, finished);
      const hint = hintOf(finished);
      if (hint !== undefined) io.err.write(`pipeline: ${hint}\n`);
    }
    return exitStatusOfJob(finished);
  } finally {
    await close();
  }
}

/** `pipeline submit FILE --server URL`: prints the new job's id (or `{job_id, status}`). */
export async function submitCommand(file: string, options: Omit<RunOptions, 'server'> & { readonly server: ServerTarget }, io: Io): Promise<number> {
  const { plan: _plan, ...body } = checkedRequest(file, options, io);
  const submitted = await createApiClient(options.server).submit(body);
  if (options.json === true) printJson(io, submitted);
  else io.out.write(`${submitted.job_id}\n`);
  return EXIT.ok;
}
