/** `pipeline validate FILE...`: every file checked, one line each; exit 1 when any is invalid. */
import { checkPipeline } from '../check-pipeline';
import { EXIT, cliCatalogue } from '../errors';
import { problemJson, problemLine } from '../inputs';
import { printJson, println, type Io } from '../io';
import { loadPipeline } from '../merge-files';

/** Options of `validate`. */
export interface ValidateOptions {
  readonly var?: Record<string, string>;
  readonly backend?: string;
  readonly json?: boolean;
  /** Check the files as one document, merged left to right. */
  readonly merge?: boolean;
}

/**
 * Validates each file; prints `<file>: valid`, or one `<file>:<line>:<column>: V-0xx: ...` line per
 * problem in document order (or JSON: `error` the first, `errors` all).
 */
export function validateCommand(files: readonly string[], options: ValidateOptions, io: Io): number {
  // `--merge`: the files are one document, merged left to right (spec 21).
  const groups = options.merge === true ? [files] : files.map((file) => [file]);
  const results = groups.map((group) => {
    const file = group.join('+');
    try {
      const { yaml, locate } = loadPipeline(group, io.cwd);
      const checked = checkPipeline(yaml, options.var ?? {}, options.backend);
      if (checked.ok) return { file, valid: true as const };
      const located = checked.errors.map(locate);
      const first = locate(checked.error);
      return {
        file,
        valid: false as const,
        line: located.map((l) => problemLine(l.file, l.error)).join('\n'),
        error: problemJson(first.error),
        errors: located.map((l) => problemJson(l.error)),
      };
    } catch (error) {
      if (!cliCatalogue.is(error)) throw error;
      // A merged file that does not parse is named by that error already.
      const line = error.code === 'CLI_PIPELINE_INVALID' ? error.message : `${file}: ${error.message}`;
      const problem = { code: error.code, message: error.message };
      return { file, valid: false as const, line, error: problem, errors: [problem] };
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
    if (results.length > 1) println(io, `${results.length} files: ${results.length - invalid} valid, ${invalid} invalid`);
  }
  return invalid === 0 ? EXIT.ok : EXIT.failed;
}
