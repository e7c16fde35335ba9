import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureSparkHome, TEST_SPARK_VERSION } from './spark-install';

// A stand-in for `python3 -m pip install --target T pyspark==V`: it records each call and, after
// a pause (so that a second caller arrives meanwhile), lays out what the real package holds of
// interest (pyspark/bin/spark-submit), or fails as pip does when FAIL is set.
const FAKE_PYTHON = `#!/usr/bin/env bash
echo "$*" >> "$FAKE_CALLS"
if [ -n "\${FAKE_FAIL:-}" ]; then echo "ERROR: No matching distribution found for pyspark" >&2; exit 1; fi
while [ "$#" -gt 0 ]; do if [ "$1" = "--target" ]; then target=$2; fi; shift; done
sleep 1
mkdir -p "$target/pyspark/bin"
printf '#!/bin/sh\\n' > "$target/pyspark/bin/spark-submit"
chmod +x "$target/pyspark/bin/spark-submit"
`;

describe('ensureSparkHome (the first Spark test run of a machine installs the test Spark)', () => {
  let dir: string;
  const saved = { ...process.env };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spark-install-'));
    fs.mkdirSync(path.join(dir, 'bin'));
    fs.writeFileSync(path.join(dir, 'bin', 'python3'), FAKE_PYTHON, { mode: 0o755 });
    process.env['PATH'] = `${path.join(dir, 'bin')}:${saved['PATH']}`;
    process.env['PIPELINE_TEST_SPARK_CACHE'] = path.join(dir, 'cache');
    process.env['FAKE_CALLS'] = path.join(dir, 'calls');
    delete process.env['PIPELINE_TEST_SPARK_HOME'];
    delete process.env['FAKE_FAIL'];
  });

  afterEach(() => {
    process.env = { ...saved };
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const calls = (): string[] => (fs.existsSync(path.join(dir, 'calls')) ? fs.readFileSync(path.join(dir, 'calls'), 'utf8').trim().split('\n') : []);

  it('installs once when the cache is empty, and two callers at once share that one install', async () => {
    const home = path.join(dir, 'cache', `pyspark-${TEST_SPARK_VERSION}`, 'pyspark');
    const [a, b] = await Promise.all([ensureSparkHome(), ensureSparkHome()]);
    expect([a, b]).toEqual([home, home]);
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toContain(`pyspark==${TEST_SPARK_VERSION}`);
    // Installed: later runs do not call pip again.
    expect(await ensureSparkHome()).toBe(home);
    expect(calls()).toHaveLength(1);
  }, 30_000);

  it('rejects with the install script words when pip fails, and leaves no install behind', async () => {
    process.env['FAKE_FAIL'] = '1';
    await expect(ensureSparkHome()).rejects.toThrow(/failed with exit code 1: .*No matching distribution found for pyspark/);
    expect(fs.existsSync(path.join(dir, 'cache', `pyspark-${TEST_SPARK_VERSION}`))).toBe(false);
  }, 30_000);

  it('never installs into a Spark home named by PIPELINE_TEST_SPARK_HOME', async () => {
    process.env['PIPELINE_TEST_SPARK_HOME'] = path.join(dir, 'elsewhere');
    await expect(ensureSparkHome()).rejects.toThrow(/has no bin\/spark-submit/);
    expect(calls()).toHaveLength(0);
  });
});
