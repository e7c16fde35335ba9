/**
 * A Spark Connect session of its own for one run (a whole plan, a preview): the pinned settings
 * first, released when the run ends whatever the outcome, so nothing a run made outlives it.
 */
import { engineError, openDataRoot, type EngineConfig, type RunOptions } from '@pipeline/engine-core';
import { openSparkSession } from './spark-backend';
import { sparkDataRootOf } from './spark-paths';
import type { SparkRunContext } from './spark-primitives';

/** The engine's refusal of a spark run without a Spark Connect server (validation refuses it first, see spark-readiness.ts). */
export function sparkNotConfiguredError(): Error {
  return engineError('E_UNKNOWN_BACKEND', { backend: 'spark', problem: 'backend "spark" is not configured on this server (set --spark-remote)' });
}

/** The Spark Connect URL of `config`, or the refusal when it has none. */
export function remoteOf(config: EngineConfig): string {
  const remote = config.spark?.remote;
  if (remote === undefined || remote === '') throw sparkNotConfiguredError();
  return remote;
}

/** Runs `body` in a new session of `config`'s Spark, released afterwards. */
export async function withSparkRun<T>(config: EngineConfig, options: RunOptions, body: (context: SparkRunContext) => Promise<T>): Promise<T> {
  const { client, session } = await openSparkSession(remoteOf(config), options.signal);
  try {
    const root = openDataRoot(config.dataRoot);
    let views = 0;
    return await body({ session, root, sparkRoot: sparkDataRootOf(root, config.spark?.dataRoot), nextName: (prefix: string) => `__${prefix}_${++views}` });
  } finally {
    // The session's views and cached relations go with it; a Spark that is down cannot hold any.
    await session.release().catch(() => undefined);
    client.close();
  }
}
