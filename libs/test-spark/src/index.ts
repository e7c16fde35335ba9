/**
 * @pipeline/test-spark: a real Spark Connect server for tests (pyspark's Spark, `local[2]`, bound
 * to 127.0.0.1 on a free port), started once per test run and shared by the run's Jest
 * processes (tests only: the lint rules keep it out of production code).
 *
 * @example
 * // jest.config.js
 * globalSetup: require.resolve('../test-spark/src/jest-global-setup.ts'),
 * globalTeardown: require.resolve('../test-spark/src/jest-global-teardown.ts'),
 * // a spec
 * const spark = connectSpark(testSparkUrl());
 */
export { ensureSparkHome, findSparkHome, sparkCacheDir, TEST_SPARK_VERSION } from './spark-install';
export { freePort, isListening, peakRssKb, sparkConnectArgs, startSparkConnect, stopSparkProcess } from './spark-server';
export type { SparkServer, SparkServerOptions } from './spark-server';
export { acquireSharedSpark, releaseSharedSpark, TEST_SPARK_REMOTE_ENV, testSparkUrl } from './shared-server';
export type { SharedSpark } from './shared-server';
export { settledSparkSessions, sparkSessionLog, TEST_SPARK_LOG_ENV, testSparkLogFile } from './session-log';
export type { SparkSessionLog } from './session-log';
