/**
 * Where the test Spark comes from: `pyspark` from PyPI (it carries Spark's jars, the
 * spark-connect server jar included since 4.0, and `bin/spark-submit`), installed once into a
 * cache outside the repository by tools/scripts/install-test-spark.sh; `.ci/run` calls that
 * script when the cache is missing. Tests never download it.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The Spark release the tests run (the pyspark version the install script pins). */
export const TEST_SPARK_VERSION = '4.0.5';

/** The cache folder (`PIPELINE_TEST_SPARK_CACHE`, else `~/.cache/pipeline-test-spark`). */
export function sparkCacheDir(): string {
  return process.env['PIPELINE_TEST_SPARK_CACHE'] || path.join(os.homedir(), '.cache', 'pipeline-test-spark');
}

/**
 * The Spark home (pyspark's package folder, with bin/ and jars/): `PIPELINE_TEST_SPARK_HOME`,
 * else the cached install's. Throws naming the install command when it is missing.
 */
export function findSparkHome(): string {
  const explicit = process.env['PIPELINE_TEST_SPARK_HOME'];
  if (explicit) {
    if (!fs.existsSync(path.join(explicit, 'bin', 'spark-submit'))) {
      throw new Error(`PIPELINE_TEST_SPARK_HOME=${explicit} has no bin/spark-submit`);
    }
    return explicit;
  }
  const target = path.join(sparkCacheDir(), `pyspark-${TEST_SPARK_VERSION}`);
  const home = path.join(target, 'pyspark');
  if (fs.existsSync(path.join(home, 'bin', 'spark-submit'))) return home;
  throw new Error(
    `the test Spark (pyspark ${TEST_SPARK_VERSION}) is not installed in ${target}: run tools/scripts/install-test-spark.sh (needs python3 with pip, and PyPI once)`,
  );
}
