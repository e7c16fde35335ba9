/**
 * `pipeline validate FILE...`: every file checked, one line each; exit 1 when any is invalid. Here
 * the inputs' CSV headers in the data root (--data-root, default the working directory) are looked
 * at too; with --server the server validates, against its own data root.
 */
import type { ValidationError } from '@pipeline/validation';
import { createApiClient, type ServerTarget, type ValidateView } from '../api-client';
import { checkPipelineWithData } from '../check-pipeline';
import { EXIT, cliCatalogue, usageError } from '../errors';
import { dataRootOf, problemJson, problemLine, serverUrlOf, tokenOf } from '../inputs';
import { printJson, println, type Io } from '../io';
import { loadPipeline } from '../merge-files';

/** Options of `validate`. */
export interface ValidateOptions {
  readonly var?: Record<string, string>;
  readonly backend?: string;
  readonly json?: boolean;
  /** Check the files as one document, merged left to right. */
  readonly merge?: boolean;
  readonly dataRoot?: string;
  readonly server?: string;
  readonly token?: string;
}

/**
 * Validates each file; prints `<file>: valid`, or one `<file>:<line>:<column>: V-0xx: ...` line per
 * problem in document order (or JSON: `error` the first, `errors` all).
 */
export async function validateCommand(files: readonly string[], options: ValidateOptions, io: Io, env: NodeJS.ProcessEnv = {}): Promise<number> {
  const server = serverUrlOf(options.server, env);
  if (server !== undefined && options.dataRoot !== undefined) {
    throw usageError('--data-root applies to local validation; a server resolves paths against its own data root');
  }
  const check = server === undefined ? localCheck(dataRootOf(options.dataRoot, io.cwd)) : serverCheck({ url: server, token: tokenOf(options.token, env) });
  // `--merge`: the files are one document, merged left to right (spec 21).
  const groups = options.merge === true ? [files] : files.map((file) => [file]);
  const results = [];
  for (const group of groups) {
    const file = group.join('+');
    try {
      const { yaml, locate } = loadPipeline(group, io.cwd);
      const checked = await check(yaml, options.var ?? {}, options.backend);
      if (checked.ok) {
        results.push({ file, valid: true as const });
        continue;
      }
      const located = checked.errors.map(locate);
      const first = locate(checked.error);
      results.push({
        file,
        valid: false as const,
        line: located.map((l) => problemLine(l.file, l.error)).join('\n'),
        error: problemJson(first.error),
        errors: located.map((l) => problemJson(l.error)),
      });
    } catch (error) {
      if (!cliCatalogue.is(error)) throw error;
      // A merged file that does not parse is named by that error already.
      const line = error.code === 'CLI_PIPELINE_INVALID' ? error.message : `${file}: ${error.message}`;
      const problem = { code: error.code, message: error.message };
      results.push({ file, valid: false as const, line, error: problem, errors: [problem] });
    }
  }
  const invalid = results.filter((r) => !r.valid).length;
  if (options.json === true) {
    printJson(io, {
      valid: invalid === 0,
      files: results.map((r) => (r.valid ? { file: r.file, valid: true } : { file: r.file, valid: false, error: r.error, errors: r.errors })),
    });
  } else {
    for (const r of results) println(io, r.valid ? `${r.file}: valid` : r.line);
    if (results.length > 1) println(io, `${results.length} files: ${results.length - invalid} valid, ${invalid} invalid`);
  }
  return invalid === 0 ? EXIT.ok : EXIT.failed;
}

type Checked = { readonly ok: true } | { readonly ok: false; readonly error: ValidationError; readonly errors: readonly ValidationError[] };
type Check = (yaml: string, variables: Readonly<Record<string, string>>, backend: string | undefined) => Promise<Checked>;

function localCheck(dataRoot: string): Check {
  return (yaml, variables, backend) => checkPipelineWithData(yaml, variables, backend, dataRoot);
}

function serverCheck(target: ServerTarget): Check {
  const client = createApiClient(target);
  return async (yaml, variables, backend) => {
    const answer = await client.validate({ yaml, variables, ...(backend === undefined ? {} : { backend }) });
    if (answer.valid) return { ok: true };
    const errors = (answer.errors ?? [{ code: 'V-000', message: String(answer.error) }]).map(asValidationError);
    return { ok: false, error: errors[0] as ValidationError, errors };
  };
}

/** The server's list entry in the shape the local check gives (so both print alike). */
function asValidationError(p: NonNullable<ValidateView['errors']>[number]): ValidationError {
  const { code, message, ...details } = p;
  return { kind: code === 'PARSE' ? 'parse' : 'validation', code: code as ValidationError['code'], message, details };
}
