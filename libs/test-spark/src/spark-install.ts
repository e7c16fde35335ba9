/**
 * Where the test Spark comes from: `pyspark` from PyPI (it carries Spark's jars, the
 * spark-connect server jar included since 4.0, and `bin/spark-submit`), installed once into a
 * cache outside the repository by tools/scripts/install-test-spark.sh. The first Spark test run
 * of a machine runs that script (so `npm install && npm test` is the whole set-up); every later
 * run finds the cache. `.ci/run` runs it before the tests.
 */
import { spawn } from 'node:child_process';
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

/** The install script, from this library's folder in the repository. */
export const INSTALL_SCRIPT = path.resolve(__dirname, '..', '..', '..', 'tools', 'scripts', 'install-test-spark.sh');

/**
 * The Spark home, installed first when the cache has none (`PIPELINE_TEST_SPARK_HOME` is never
 * installed into). The install script's own lock makes concurrent callers wait for one install.
 * Its progress goes to stderr; a failed install rejects with the script's last words.
 */
export async function ensureSparkHome(script: string = INSTALL_SCRIPT): Promise<string> {
  if (process.env['PIPELINE_TEST_SPARK_HOME']) return findSparkHome();
  try {
    return findSparkHome();
  } catch {
    // Not installed yet: install below.
  }
  const tail: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('bash', [script], { env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer): void => {
      process.stderr.write(chunk);
      tail.push(...chunk.toString('utf8').split('\n').filter((l) => l.trim() !== ''));
      tail.splice(0, Math.max(0, tail.length - 5));
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) {
    throw new Error(`installing the test Spark (${script}) failed with exit code ${code}: ${tail.join(' | ')}`);
  }
  return findSparkHome();
}
