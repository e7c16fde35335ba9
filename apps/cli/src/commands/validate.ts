/** `pipeline validate FILE...`: every file checked, one line each; exit 1 when any is invalid. */
import { checkPipeline } from '../check-pipeline';
import { EXIT, cliCatalogue } from '../errors';
import { problemJson, problemLine, readPipelineFile } from '../inputs';
import { printJson, println, type Io } from '../io';

/** Options of `validate`. */
export interface ValidateOptions {
  readonly var?: Record<string, string>;
  readonly backend?: string;
  readonly json?: boolean;
}

/**
 * Validates each file; prints `<file>: valid`, or one `<file>:<line>:<column>: V-0xx: ...` line per
 * problem in document order (or JSON: `error` the first, `errors` all).
 */
export function validateCommand(files: readonly string[], options: ValidateOptions, io: Io): number {
  const results = files.map((file) => {
    try {
      const { yaml } = readPipelineFile(file, io.cwd);
      const checked = checkPipeline(yaml, options.var ?? {}, options.backend);
      return checked.ok
        ? { file, valid: true as const }
        : {
            file,
            valid: false as const,
            line: checked.errors.map((error) => problemLine(file, error)).join('\n'),
            error: problemJson(checked.error),
            errors: checked.errors.map(problemJson),
          };
    } catch (error) {
      if (!cliCatalogue.is(error)) throw error;
      const problem = { code: error.code, message: error.message };
      return { file, valid: false as const, line: `${file}: ${error.message}`, error: problem, errors: [problem] };
    }
  });
  const invalid = results.filter((r) => !r.valid).length;
  if (options.json === true) {
    printJson(io, {
      valid: invalid === 0,
      files: results.map((r) => (r.valid ? { file: r.file, valid: true } : { file: r.file, valid: false, error: r.error, errors: r.errors })),
    });
  } else {
    for (const r of results) println(io, r.valid ? `${r.file}: valid` : r.line);
    if (files.length > 1) println(io, `${files.length} files: ${files.length - invalid} valid, ${invalid} invalid`);
  }
  return invalid === 0 ? EXIT.ok : EXIT.failed;
}
