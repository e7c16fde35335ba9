/**
 * Jest global setup of projects whose tests need Spark: joins (or starts) the run's shared Spark
 * Connect server and publishes its URL in PIPELINE_TEST_SPARK_REMOTE (its log file in
 * PIPELINE_TEST_SPARK_LOG), which the test workers inherit. Pair it with jest-global-teardown.ts.
 */
import { TEST_SPARK_LOG_ENV } from './session-log';
import { acquireSharedSpark, TEST_SPARK_REMOTE_ENV } from './shared-server';

export default async function setup(): Promise<void> {
  const own = process.env[TEST_SPARK_REMOTE_ENV];
  const spark = await acquireSharedSpark();
  // Remember that this process registered (a user-given server needs no release).
  if (!own) process.env['PIPELINE_TEST_SPARK_ACQUIRED'] = '1';
  process.env[TEST_SPARK_REMOTE_ENV] = spark.url;
  if (spark.logFile !== undefined) process.env[TEST_SPARK_LOG_ENV] = spark.logFile;
  if (!spark.reused) process.stderr.write(`test Spark Connect server started at ${spark.url} in ${spark.startMs} ms\n`);
}
