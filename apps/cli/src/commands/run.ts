/**
 * `pipeline run FILE`: validates locally (errors with their position), then runs the job on this
 * machine through the jobs library, or with `--server` submits it to a server, and follows it to
 * the end with the progress display. Exit status from the job: 0 completed, 1 failed, 130 cancelled.
 */
import { createApiClient, type ServerTarget } from '../api-client';
import { checkPipeline } from '../check-pipeline';
import { EXIT, usageError } from '../errors';
import { followJob, exitStatusOfJob, type FollowedJob } from '../follow';
import { dataRootOf, invalidPipeline, readPipelineFile, serverUrlOf, tokenOf } from '../inputs';
import { printJson, type Io } from '../io';
import { startLocalJob } from '../local-jobs';
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
}

/** The pipeline of `file`, checked; an invalid one throws CLI_PIPELINE_INVALID. */
export function checkedRequest(file: string, options: Pick<RunOptions, 'var' | 'backend'>, io: Io) {
  const { yaml } = readPipelineFile(file, io.cwd);
  const variables = options.var ?? {};
  const checked = checkPipeline(yaml, variables, options.backend);
  if (!checked.ok) throw invalidPipeline(file, checked.error);
  return { yaml, variables, plan: checked.plan, ...(options.backend === undefined ? {} : { backend: options.backend }) };
}

/** Runs `file` locally or on the server and returns the exit status of the job. */
export async function runCommand(file: string, options: RunOptions, io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  const server = serverUrlOf(options.server, env);
  if (server !== undefined && options.dataRoot !== undefined) {
    throw usageError('--data-root applies to local runs; a server resolves paths against its own data root');
  }
  const request = checkedRequest(file, options, io);
  const { plan, ...body } = request;
  const display = options.json === true ? undefined : createProgressDisplay(io, plan.steps.length);

  let job: FollowedJob;
  let close = async () => undefined as void;
  if (server === undefined) {
    const local = await startLocalJob(body, dataRootOf(options.dataRoot, io.cwd), (error) => io.err.write(`pipeline: ${error.message}\n`));
    job = local;
    close = () => local.close();
  } else {
    const client = createApiClient({ url: server, token: tokenOf(options.token, env) });
    job = remoteJob(client, (await client.submit(body)).job_id);
  }
  try {
    const finished = await followJob(job, display, io);
    if (options.json === true) printJson(io, finished);
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
