/**
 * The command line: each command parses its arguments with commander and calls one function of
 * commands/, which calls the libraries. `--json` on every command prints one JSON document.
 */
import { SERVICE_VERSION } from '@pipeline/server-kit';
import { Command, InvalidArgumentError, Option } from 'commander';
import { functionsCommand, kindsCommand } from './commands/catalogue';
import { explainCommand, GRAPH_CHOICES } from './commands/explain';
import { inspectCommand } from './commands/inspect';
import { jobsCancelCommand, jobsGetCommand, jobsLineageCommand, jobsListCommand, jobsWaitCommand } from './commands/jobs';
import { jobsWatchCommand } from './commands/jobs-watch';
import { jobsRowsCommand, previewCommand } from './commands/preview';
import { runCommand, submitCommand } from './commands/run';
import { validateCommand } from './commands/validate';
import { BACKEND_CHOICES, collectPair, dataRootOf, requireServer, tokenOf } from './inputs';
import type { Io } from './io';

/** What running a command produced: its exit status, and the data root of a local command that resolved one. */
export interface Outcome {
  status: number;
  /** Error messages write it as `<data root>` (a server must not show it); main.ts names it for the user here. */
  dataRoot?: string;
}

const json = () => new Option('--json', 'print one JSON document (machine-readable)');
const vars = () => new Option('--var <NAME=VALUE>', 'a pipeline variable (repeatable)').argParser(collectPair('NAME'));
const backend = () => new Option('--backend <name>', 'execution backend (default duckdb)').choices(BACKEND_CHOICES);
const server = () => new Option('--server <url>', 'base URL of a running HTTP server (default: $PIPELINE_SERVER)');
const token = () => new Option('--token <token>', 'access token of a server started with one (default: $PIPELINE_TOKEN)');
const dataRoot = () => new Option('--data-root <dir>', 'folder input and output paths resolve in (default: the working directory)');

function rowLimit(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 10_000) throw new InvalidArgumentError('expected a whole number of rows from 0 to 10000');
  return Number(value);
}

function seconds(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number of seconds');
  return Number(value);
}

function positiveSeconds(value: string): number {
  const n = seconds(value);
  if (n === 0) throw new InvalidArgumentError('expected at least 1 second');
  return n;
}

/** The program; an action stores its exit status in `outcome`. */
export function createProgram(io: Io, env: NodeJS.ProcessEnv, outcome: Outcome): Command {
  const program = new Command('pipeline')
    .description('Validate, explain, run and inspect Teckel v3.0 pipelines, on this machine or on a running server.')
    .version(SERVICE_VERSION, '--version', 'print the version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (text) => io.out.write(text), writeErr: (text) => io.err.write(text) })
    .exitOverride();
  const set = (status: number) => {
    outcome.status = status;
  };
  // The server a remote command talks to: --server (or PIPELINE_SERVER) and --token (or PIPELINE_TOKEN).
  const target = (options: { server?: string; token?: string }) => ({ url: requireServer(options.server, env), token: tokenOf(options.token, env) });

  program
    .command('validate')
    .description('check pipeline files; exit 1 when any is invalid')
    .argument('<file...>', 'pipeline YAML files')
    .addOption(vars())
    .addOption(new Option('--backend <name>', 'also check that this backend runs every kind (V-014)').choices(BACKEND_CHOICES))
    .addOption(new Option('--merge', 'check the files as one pipeline, merged left to right (the last wins)'))
    .addOption(dataRoot())
    .addOption(server())
    .addOption(token())
    .addOption(json())
    .action(async (files: string[], options) => set(await validateCommand(files, options, io, env)));

  program
    .command('explain')
    .description('print the execution plan (the service\'s text, or a Mermaid or dot diagram)')
    .argument('<file...>', 'pipeline YAML file (several are merged left to right, the last winning)')
    // Bare `--graph` draws Mermaid, as Teckel's CLI does; without it the plan is text.
    .addOption(new Option('--graph [format]', 'draw the plan as a diagram (bare: mermaid)').choices(GRAPH_CHOICES).preset('mermaid').default('text'))
    .addOption(new Option('--physical', 'print the steps the backend would run (with the SQL or command each sends); runs nothing').conflicts('graph'))
    .addOption(new Option('--lineage', 'print each asset\'s upstream, downstream, propagated tags, URN and metadata (spec 18)').conflicts(['graph', 'physical']))
    .addOption(backend())
    .addOption(vars())
    .addOption(json())
    .action((files: string[], options) => set(explainCommand(files, options, io)));

  program
    .command('run')
    .description('run a pipeline here (or on --server) and follow it; exit 0 completed, 1 failed, 130 cancelled')
    .argument('<file...>', 'pipeline YAML file (several are merged left to right, the last winning)')
    .addOption(new Option('--dry-run', 'check the pipeline and print its execution plan; run nothing (as Teckel\'s --dry-run)'))
    .addOption(vars())
    .addOption(backend())
    .addOption(dataRoot())
    .addOption(server())
    .addOption(token())
    .addOption(json())
    .action(async (files: string[], options) => set(await runCommand(files, options, io, env)));

  program
    .command('submit')
    .description('submit a pipeline to a server and print the job id')
    .argument('<file>', 'pipeline YAML file')
    .addOption(vars())
    .addOption(backend())
    .addOption(server())
    .addOption(token())
    .addOption(json())
    .action(async (file: string, options) => set(await submitCommand(file, { ...options, server: target(options) }, io)));

  program
    .command('preview')
    .description('print the first rows of one asset, computed from its upstream assets only; nothing is written')
    .argument('<file>', 'pipeline YAML file')
    .requiredOption('--asset <name>', 'the asset to preview (an output name previews the asset it writes)')
    .addOption(new Option('--limit <rows>', 'rows to print (default 100, at most 10000)').argParser(rowLimit))
    .addOption(vars())
    .addOption(backend())
    .addOption(dataRoot())
    .addOption(server())
    .addOption(token())
    .addOption(json())
    .action(async (file: string, options) => set(await previewCommand(file, options, io, env)));

  const jobs = program.command('jobs').description('list, read, wait for, watch and cancel jobs of a server');
  const jobsCommand = (name: string, description: string) =>
    jobs.command(name).description(description).addOption(server()).addOption(token()).addOption(json());
  jobsCommand('list', 'every job, oldest first').action(async (options) =>
    set(await jobsListCommand({ ...options, server: target(options) }, io)),
  );
  jobsCommand('get', 'one job')
    .argument('<id>', 'job id')
    .action(async (id: string, options) => set(await jobsGetCommand(id, { ...options, server: target(options) }, io)));
  jobsCommand('lineage', 'the job\'s OpenLineage run events; each output column with the input columns it derives from')
    .argument('<id>', 'job id')
    .action(async (id: string, options) => set(await jobsLineageCommand(id, { ...options, server: target(options) }, io)));
  jobsCommand('wait', 'wait for a job to end; exit 0 completed, 1 failed, 130 cancelled, 124 still running')
    .argument('<id>', 'job id')
    .addOption(new Option('--timeout <seconds>', 'longest wait (default 300; the server caps it at 3600)').argParser(seconds))
    .action(async (id: string, options) => set(await jobsWaitCommand(id, { ...options, server: target(options) }, io)));
  jobsCommand('watch', 'follow jobs as they change, one line per change; with ids, until they end; Ctrl-C stops')
    .argument('[id...]', 'job ids (default: every job of the server)')
    .addOption(new Option('--interval <seconds>', 'seconds between reads (default 1)').argParser(positiveSeconds))
    .action(async (ids: string[], options) => set(await jobsWatchCommand(ids, { ...options, server: target(options) }, io)));
  jobsCommand('rows', 'the first rows of an output of a completed job, read back by the server')
    .argument('<id>', 'job id')
    .argument('<asset>', 'output asset')
    .addOption(new Option('--limit <rows>', 'rows to print (default 100, at most 10000)').argParser(rowLimit))
    .action(async (id: string, asset: string, options) => set(await jobsRowsCommand(id, asset, { ...options, server: target(options) }, io)));
  jobsCommand('cancel', 'cancel a queued or running job')
    .argument('<id>', 'job id')
    .action(async (id: string, options) => set(await jobsCancelCommand(id, { ...options, server: target(options) }, io)));

  program
    .command('inspect')
    .description('print the fields and row count of a data file')
    .argument('<format>', 'csv, parquet or json')
    .argument('<path>', 'the file, inside the data root')
    .addOption(new Option('--option <NAME=VALUE>', 'a read option such as header=false (repeatable)').argParser(collectPair('NAME')))
    .addOption(dataRoot())
    .addOption(json())
    .action(async (format: string, path: string, options) => {
      outcome.dataRoot = dataRootOf(options.dataRoot, io.cwd);
      set(await inspectCommand(format, path, options, io));
    });

  program
    .command('kinds')
    .description('print every source kind and which backends run it')
    .addOption(json())
    .action((options) => set(kindsCommand(options, io)));

  program
    .command('functions')
    .description('print every expression function and which backends run it')
    .addOption(json())
    .action((options) => set(functionsCommand(options, io)));

  return program;
}
