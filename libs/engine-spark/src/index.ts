/**
 * @pipeline/engine-spark: the Spark backend over Spark Connect (@pipeline/spark-connect): kinds and
 * expressions compiled to Spark SQL, outputs staged in a directory and committed. It imports the
 * engine core, never another backend.
 *
 * @example
 * const backend = await sparkDriver.create({ dataRoot: '/srv/data', spark: { remote: 'sc://localhost:15002' } });
 */
export { SPARK_FUNCTIONS } from './compile-expression';
export { SPARK_KINDS } from './kinds';
export { SPARK_SESSION_SETTINGS } from './session-settings';
export { sparkDriver } from './spark-driver';
export { sparkNotConfigured, sparkReadiness } from './spark-readiness';
