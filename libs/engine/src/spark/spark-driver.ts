/**
 * The spark backend's driver: a whole plan runs in a Spark Connect session of its own (the pinned
 * settings first), released when the run ends, whatever the outcome. Spark is an external server:
 * a run only waits on it, so a worker slot burns no CPU meanwhile.
 */
import type { BackendDriver } from '../backend-driver';
import type { EngineConfig } from '../config';
import { engineError } from '../errors';
import { executePhysicalPlan } from '../exec/execute-physical-plan';
import { functionSupportOf } from '../kinds/function-support';
import { kindSupportOf } from '../kinds/kind-support';
import { openDataRoot } from '../paths/data-root';
import { SPARK_FUNCTIONS } from './compile-expression';
import { SPARK_KINDS } from './kinds';
import { compileSparkPlan } from './physical-compiler';
import { openSparkSession, SparkBackend } from './spark-backend';
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
  // A gRPC session is a Spark Connect session of its own, released when the session closes.
  open: async (config) => SparkBackend.open({ ...config, spark: { ...config.spark, remote: remoteOf(config) } }),
  compile: (plan, options = {}) => compileSparkPlan(plan, options),
  async runPlan(plan, config, options) {
    const { client, session } = await openSparkSession(remoteOf(config), options.signal);
    try {
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
