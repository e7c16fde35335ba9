/**
 * The spark backend's driver: a whole plan runs in a Spark Connect session of its own (the pinned
 * settings first), released when the run ends, whatever the outcome. Spark is an external server:
 * a run only waits on it, so a worker slot burns no CPU meanwhile.
 */
import { connectSpark } from '@pipeline/spark-connect';
import {
  type BackendDriver,
  type EngineConfig,
  engineError,
  executePhysicalPlan,
  functionSupportOf,
  kindSupportOf,
  openDataRoot,
} from '@pipeline/engine-core';
import { SPARK_FUNCTIONS } from './compile-expression';
import { SPARK_KINDS } from './kinds';
import { compileSparkPlan } from './physical-compiler';
import { sessionSettingStatements } from './session-settings';
import { sparkFailure } from './spark-errors';
import { sparkDataRootOf } from './spark-paths';
import { sparkPrimitives } from './spark-primitives';

/** The engine's refusal of a spark run without a Spark Connect server (validation refuses it first, see spark-readiness.ts). */
export function sparkNotConfiguredError(): Error {
  return engineError('E_UNKNOWN_BACKEND', { backend: 'spark', problem: 'backend "spark" is not configured on this server (set --spark-remote)' });
}

/** The Spark Connect URL of `config`, or the refusal when it has none. */
function remoteOf(config: EngineConfig): string {
  const remote = config.spark?.remote;
  if (remote === undefined || remote === '') throw sparkNotConfiguredError();
  return remote;
}

export const sparkDriver = {
  name: 'spark',
  description: 'Apache Spark through Spark Connect (--spark-remote): the same pipelines on a cluster, each job in a session of its own',
  computesInJavaScript: false,
  kinds: kindSupportOf(SPARK_KINDS),
  functions: functionSupportOf(SPARK_FUNCTIONS),
  open: () => Promise.reject(engineError('E_UNKNOWN_BACKEND', { backend: 'spark', problem: 'backend "spark" does not run low-level sessions yet; submit whole pipelines' })),
  compile: (plan, options = {}) => compileSparkPlan(plan, options),
  async runPlan(plan, config, options) {
    const client = connectSpark(remoteOf(config));
    const session = client.session();
    try {
      const signal = options.signal === undefined ? {} : { signal: options.signal };
      for (const statement of sessionSettingStatements()) {
        try {
          await session.sql(statement, signal);
        } catch (e) {
          throw sparkFailure(e);
        }
      }
      const root = openDataRoot(config.dataRoot);
      let views = 0;
      const context = { session, root, sparkRoot: sparkDataRootOf(root, config.spark?.dataRoot), nextName: (prefix: string) => `__${prefix}_${++views}` };
      return (await executePhysicalPlan(compileSparkPlan(plan), sparkPrimitives(context), options)).result;
    } finally {
      // The session's views and cached relations go with it; a Spark that is down cannot hold any.
      await session.release().catch(() => undefined);
      client.close();
    }
  },
} as const satisfies BackendDriver & { readonly name: 'spark' };
