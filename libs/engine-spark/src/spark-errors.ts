/** Spark Connect failures as engine errors: unavailable, cancelled, or a step's failure blamed on its asset and field. */
import { isSparkError } from '@pipeline/spark-connect';
import { cancelled, engineError, isEngineError, type EngineError, type Blame } from '@pipeline/engine-core';

/**
 * The engine error of a failure of a Spark call made for `blame`. An unreachable (or restarted)
 * server is `spark unavailable: ...` without an asset: no step is at fault.
 */
export function sparkFailure(e: unknown, blame?: Blame): EngineError | unknown {
  if (isEngineError(e)) return e;
  if (!isSparkError(e)) return e;
  switch (e.code) {
    case 'SPARK_UNAVAILABLE':
    case 'SPARK_AUTH_FAILED':
    case 'SPARK_SESSION_RELEASED':
      return engineError('E_SPARK_UNAVAILABLE', { problem: e.code === 'SPARK_UNAVAILABLE' ? e.message : `spark unavailable: ${e.message}` }, { cause: e });
    case 'SPARK_CANCELLED':
      return cancelled(blame?.asset);
    default: {
      const { errorClass, exception } = e.details as { errorClass?: unknown; exception?: unknown };
      // A pattern read from a column that Java cannot compile, as DuckDB's RE2 cannot (literal
      // patterns are checked at submission, so no other pattern reaches Spark unchecked). A task's
      // failure arrives as "Job aborted due to stage failure: ... PatternSyntaxException: ...".
      if (exception === PATTERN_SYNTAX || errorClass === 'INVALID_PARAMETER_VALUE.PATTERN' || e.message.includes(`${PATTERN_SYNTAX}: `)) {
        return engineError('E_BAD_PATTERN', { asset: blame?.asset, field: blame?.field, problem: `invalid regular expression: ${e.message}` }, { cause: e });
      }
      return byErrorClass(`[${String(errorClass ?? '')}] ${e.message}`, { asset: blame?.asset, field: blame?.field }, e);
    }
  }
}

const PATTERN_SYNTAX = 'java.util.regex.PatternSyntaxException';

/** How the compiler's raise_error of a failed conversion starts (compile-expression's decimal casts): read back as a conversion failure. */
export const SPARK_CONVERSION_FAILURE = 'cannot convert the value';

/** Spark's error classes of a value that cannot be converted (a cast out of range too, as DuckDB's Conversion Error), and of one out of its type's range. */
const CONVERSION = /\[(CAST_INVALID_INPUT|CONVERSION_INVALID_INPUT|CAST_OVERFLOW|CAST_OVERFLOW_IN_TABLE_INSERT)\]/;
const OUT_OF_RANGE = /\[(ARITHMETIC_OVERFLOW|BINARY_ARITHMETIC_OVERFLOW|NUMERIC_VALUE_OUT_OF_RANGE|NUMERIC_OUT_OF_SUPPORTED_RANGE|DATETIME_OVERFLOW|INVALID_FRACTION_OF_SECOND)[\].]/;

/** A failed query by its error class, with the codes DuckDB's failures of the same kind get (duckdb-database). */
function byErrorClass(message: string, where: { asset?: string; field?: string }, cause: unknown): EngineError {
  if (CONVERSION.test(message)) return engineError('E_TYPE', { ...where, specCode: 'E-TYPE-001', problem: `cannot convert a value: ${message}` }, { cause });
  // Only the compiler's own raise_error calls raise (a user's text never reaches Spark as SQL).
  if (/\[USER_RAISED_EXCEPTION\]/.test(message) && message.includes(`${SPARK_CONVERSION_FAILURE} `)) return engineError('E_TYPE', { ...where, specCode: 'E-TYPE-001', problem: message }, { cause });
  if (/\[USER_RAISED_EXCEPTION\]/.test(message)) return engineError('E_VALUE', { ...where, problem: `value out of range: ${message}` }, { cause });
  if (OUT_OF_RANGE.test(message)) return engineError('E_VALUE', { ...where, problem: `value out of range: ${message}` }, { cause });
  return engineError('E_EXECUTION', { ...where, problem: message }, { cause });
}
