/**
 * The tool's own errors and the one table that turns any error into an exit status. Exit
 * statuses: 0 success, 1 a pipeline is invalid / a job failed / a request failed, 2 a usage
 * error, 124 a wait ended before the job did, 130 the job was cancelled.
 */
import { defineErrorCatalogue, type CatalogueError } from '@pipeline/errors';

/** Exit statuses of the tool. */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  /** `jobs wait` returned with the job still queued or running (as timeout(1) does). */
  timedOut: 124,
  /** 128 + SIGINT: the job was cancelled. */
  cancelled: 130,
} as const;

/** The errors this tool raises itself; the message is what the user reads after `pipeline: `. */
export const cliCatalogue = defineErrorCatalogue({
  name: 'CliError',
  prefix: 'CLI',
  entries: {
    CLI_USAGE: { meaning: 'The command line is wrong (a bad option value, a missing option).', message: (a: { detail: string }) => a.detail },
    CLI_FILE_UNREADABLE: {
      meaning: 'A file named on the command line cannot be read.',
      message: (a: { file: string; reason: string }) => `cannot read ${a.file}: ${a.reason}`,
    },
    CLI_FILE_TOO_LARGE: {
      meaning: 'A pipeline file is longer than any pipeline the service accepts (it is not read further).',
      message: (a: { file: string; limitBytes: number }) => `cannot read ${a.file}: it is longer than ${a.limitBytes} bytes, the most a pipeline can take`,
    },
    CLI_PIPELINE_INVALID: {
      meaning: 'A pipeline file does not parse or breaks a validation rule.',
      // `<file>:<line>:<column>: V-0xx: ...`, as `validate` prints it.
      message: (a: { file: string; problem: string; validation: Record<string, unknown> }) => a.problem,
      details: (a: { file: string; problem: string; validation: Record<string, unknown> }) => ({ file: a.file, validation: a.validation }),
    },
    CLI_SERVER_UNREACHABLE: {
      meaning: 'No HTTP connection could be made to the server.',
      message: (a: { url: string; reason: string }) => `cannot reach the server at ${a.url}: ${a.reason}`,
    },
    CLI_SERVER_ERROR: {
      meaning: 'The server answered a request with an error status.',
      message: (a: { status: number; error: string }) => `server answered ${a.status}: ${a.error}`,
    },
    CLI_INSPECT_FAILED: {
      meaning: 'A data file could not be inspected (missing, outside the data root, unreadable).',
      message: (a: { detail: string }) => a.detail,
    },
  },
});

/** A code this tool raises. */
export type CliErrorCode = (typeof cliCatalogue.codes)[number];

/** An error this tool raises. */
export type CliError = CatalogueError<CliErrorCode>;

/** Exit status of each of the tool's errors. */
export const EXIT_STATUS_OF = {
  CLI_USAGE: EXIT.usage,
  CLI_FILE_UNREADABLE: EXIT.failed,
  CLI_FILE_TOO_LARGE: EXIT.failed,
  CLI_PIPELINE_INVALID: EXIT.failed,
  CLI_SERVER_UNREACHABLE: EXIT.failed,
  CLI_SERVER_ERROR: EXIT.failed,
  CLI_INSPECT_FAILED: EXIT.failed,
} as const satisfies Record<CliErrorCode, number>;

/** A usage error (exit 2). */
export function usageError(detail: string): CliError {
  return cliCatalogue.create('CLI_USAGE', { detail });
}

/** The exit status for an error that ended a command: its table entry, else 1. */
export function exitStatusOf(error: unknown): number {
  return cliCatalogue.is(error) ? EXIT_STATUS_OF[error.code] : EXIT.failed;
}
