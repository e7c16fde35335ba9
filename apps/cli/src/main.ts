/**
 * The `pipeline` command: parses the command line, runs the command and exits with its status
 * (0 success, 1 invalid pipeline / failed job / failed request, 2 usage, 124 wait timed out,
 * 130 cancelled). An error is one line on stderr (and `{"error": ...}` on stdout with `--json`).
 */
import { CommanderError } from 'commander';
import { EXIT, cliCatalogue, exitStatusOf } from './errors';
import type { Io } from './io';
import { outputStyleOf } from './output-style';
import { createProgram, type Outcome } from './program';

/** Runs the tool on `argv` (the arguments after the script) and resolves with the exit status. */
export async function runCli(argv: readonly string[], io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  const outcome: Outcome = { status: EXIT.ok };
  const program = createProgram(io, env, outcome);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return outcome.status;
  } catch (error) {
    // commander has already printed its message (or the help, or the version).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    const said = error instanceof Error ? error.message : String(error);
    const message = outcome.dataRoot === undefined ? said : said.replaceAll('<data root>', outcome.dataRoot);
    const known = cliCatalogue.is(error) || (error instanceof Error && typeof (error as { code?: unknown }).code === 'string');
    io.err.write(cliCatalogue.is(error) && error.code === 'CLI_PIPELINE_INVALID' ? `${message}\n` : `pipeline: ${message}\n`);
    if (!known && error instanceof Error && error.stack !== undefined) io.err.write(`${error.stack}\n`);
    if (argv.includes('--json')) {
      const code = (error as { code?: unknown }).code;
      const details = cliCatalogue.is(error) ? error.details : {};
      io.out.write(`${JSON.stringify({ error: { code: typeof code === 'string' ? code : 'INTERNAL', message, ...details } })}\n`);
    }
    return exitStatusOf(error);
  }
}

// A reader that stops early (`pipeline kinds | head -1`) closes the pipe: what it wanted it has.
// The rest of the output is dropped and the command ends as it would have (a job still runs to its
// end: exiting at once could stop a worker inside DuckDB), rather than dying on an unhandled EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  });
}

const io = { out: process.stdout, err: process.stderr, cwd: process.cwd(), style: outputStyleOf(process.stdout, process.env) };
runCli(process.argv.slice(2), io, process.env).then((status) => {
  process.exitCode = status;
  // Every job service and session has been shut down by now (no worker is inside DuckDB): a
  // handle something left open must not keep the tool alive.
  setTimeout(() => process.exit(status), 2_000).unref();
});
