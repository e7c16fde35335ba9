/** Jest global teardown paired with jest-global-setup.ts: leaves the shared Spark server. */
import { releaseSharedSpark, TEST_SPARK_REMOTE_ENV } from './shared-server';

export default async function teardown(): Promise<void> {
  if (process.env['PIPELINE_TEST_SPARK_ACQUIRED'] !== '1') return;
  delete process.env['PIPELINE_TEST_SPARK_ACQUIRED'];
  delete process.env[TEST_SPARK_REMOTE_ENV];
  delete process.env['PIPELINE_TEST_SPARK_LOG'];
  await releaseSharedSpark();
}
