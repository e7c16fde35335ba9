/**
 * The spark backend's driver: a whole plan, or a preview, runs in a Spark Connect session of its
 * own (the pinned settings first), released when the run ends, whatever the outcome. Spark is an
 * external server: a run only waits on it, so a worker slot burns no CPU meanwhile.
 */
import {
  type BackendDriver,
  executePhysicalPlan,
  functionSupportOf,
  kindSupportOf,
} from '@pipeline/engine-core';
import { SPARK_FUNCTIONS } from './compile-expression';
import { sparkOutputRefusal } from './json-lines';
import { SPARK_KINDS } from './kinds';
import { compileSparkPlan } from './physical-compiler';
import { sparkPreview } from './spark-preview';
import { sparkPrimitives } from './spark-primitives';
import { SparkBackend } from './spark-backend';
import { remoteOf, withSparkRun } from './spark-run';

export { sparkNotConfiguredError } from './spark-run';

export const sparkDriver = {
  name: 'spark',
  description: 'Apache Spark through Spark Connect (--spark-remote): the same pipelines on a cluster, each job in a session of its own',
  computesInJavaScript: false,
  kinds: kindSupportOf(SPARK_KINDS),
  functions: functionSupportOf(SPARK_FUNCTIONS),
  outputs: sparkOutputRefusal,
  // A gRPC session is a Spark Connect session of its own, released when the session closes.
  open: async (config) => SparkBackend.open({ ...config, spark: { ...config.spark, remote: remoteOf(config) } }),
  compile: (plan, options = {}) => compileSparkPlan(plan, options),
  runPlan: (plan, config, options) => withSparkRun(config, options, async (context) => (await executePhysicalPlan(compileSparkPlan(plan), sparkPrimitives(context), options)).result),
  preview: (plan, target, limit, config, options) => sparkPreview(plan, target, limit, config, options),
  // Outputs are directories of part files in the server's own data root (spark-primitives' stage):
  // the embedded default backend reads them back, without a Spark session.
  outputReader: 'duckdb',
} as const satisfies BackendDriver & { readonly name: 'spark' };
