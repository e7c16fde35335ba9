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
    default:
      return engineError('E_EXECUTION', { asset: blame?.asset, field: blame?.field, problem: e.message }, { cause: e });
  }
}
