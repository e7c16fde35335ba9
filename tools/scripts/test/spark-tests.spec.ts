/**
 * The specs against a real Spark (`*.spark.spec.ts`) are part of `npm test` and of CI's totals:
 * each is run by exactly one project's jest.spark.config.js (its `test-spark` target, inferred by
 * tools/nx/spark-tests.js) and by no `test` run, which has no Spark server; the two runs of a
 * project keep separate counts, and a Spark run that left no results is a failure.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const SKIP = new Set(['node_modules', 'dist', 'tmp', '.git', '.nx', 'coverage']);

/** Files under `dir` (relative to the workspace) whose name matches `pattern`. */
function find(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : find(rel, pattern);
    return pattern.test(entry.name) ? [rel] : [];
  });
}

/** The spec files a Jest config runs, relative to the workspace. */
function listTests(config: string): string[] {
  const out = execFileSync(process.execPath, [require.resolve('jest/bin/jest'), '-c', config, '--listTests', '--json'], { cwd: ROOT, encoding: 'utf8' });
  return (JSON.parse(out) as string[]).map((file) => path.relative(ROOT, file)).sort();
}

function summarize(dir: string, ...runs: string[]): { status: number | null; stdout: string } {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'tools/ci/summarize-tests.js'), ...runs], { env: { ...process.env, PIPELINE_TEST_RESULTS_DIR: dir }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
}

describe('Spark specs in npm test and CI totals', () => {
  const sparkSpecs = find('.', /\.spark\.spec\.ts$/).map((f) => path.normalize(f)).sort();
  const sparkConfigs = find('.', /^jest\.spark\.config\.js$/);

  it('runs every *.spark.spec.ts under a jest.spark.config.js, and none in a project\'s plain test run', () => {
    expect(sparkSpecs.length).toBeGreaterThan(0);
    expect(sparkConfigs.flatMap(listTests).sort()).toEqual(sparkSpecs);
    const projectsWithSpark = [...new Set(sparkSpecs.map((spec) => sparkConfigs.map(path.dirname).find((root) => spec.startsWith(`${root}/`))))];
    for (const root of projectsWithSpark) {
      expect(listTests(path.join(root ?? '', 'jest.config.js')).filter((f) => f.endsWith('.spark.spec.ts'))).toEqual([]);
    }
  }, 120_000);

  it("names every Spark run in its count reporter, so it does not overwrite the project's test run", () => {
    expect(sparkConfigs.length).toBeGreaterThan(0);
    for (const config of sparkConfigs) {
      const { reporters } = require(path.join(ROOT, config)) as { reporters?: unknown[] };
      const counting = (reporters ?? []).filter((r): r is [string, { run?: string }] => Array.isArray(r) && String(r[0]).endsWith('count-reporter.js'));
      expect({ config, runs: counting.map(([, options]) => options.run) }).toEqual({ config, runs: ['spark'] });
    }
  });

  it('gives each project with Spark specs a test-spark target that npm test runs alone', async () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test']).toMatch(/^nx run-many -t test test-spark\b/);
    const roots = sparkConfigs.map(path.dirname).sort();
    const names = JSON.parse(execFileSync('npx', ['nx', 'show', 'projects', '--with-target', 'test-spark', '--json'], { cwd: ROOT, env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' }, encoding: 'utf8' })) as string[];
    expect(names.length).toBe(roots.length);
    const plugin = require(path.join(ROOT, 'tools/nx/spark-tests.js')) as { createNodes: [string, (files: string[]) => Promise<[string, { projects: Record<string, { targets: Record<string, unknown> }> }][]>] };
    const nodes = await plugin.createNodes[1](sparkConfigs);
    for (const [file, { projects }] of nodes) {
      expect(projects[path.dirname(file)]?.targets['test-spark']).toMatchObject({ parallelism: false, options: { cwd: path.dirname(file), command: 'jest -c jest.spark.config.js' } });
    }
    expect(nodes.flatMap(([, { projects }]) => Object.keys(projects)).sort()).toEqual(roots);
  }, 120_000);

  it('counts a project\'s Spark run beside its test run, and a Spark run without results as a failure', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-results-'));
    try {
      const CountReporter = require(path.join(ROOT, 'tools/jest/count-reporter.js')) as new (g: { rootDir: string }, o?: { run?: string }) => { onRunComplete(c: unknown, r: object): void };
      const results = (passed: number, failed: number) => ({ numPassedTests: passed, numFailedTests: failed, numRuntimeErrorTestSuites: 0, numPendingTests: 0, numTodoTests: 0 });
      process.env['PIPELINE_TEST_RESULTS_DIR'] = dir;
      new CountReporter({ rootDir: path.join(ROOT, 'libs/engine') }).onRunComplete(undefined, results(10, 0));
      new CountReporter({ rootDir: path.join(ROOT, 'libs/engine') }, { run: 'spark' }).onRunComplete(undefined, results(3, 1));
      expect(fs.readdirSync(dir).sort()).toEqual(['libs__engine.json', 'libs__engine.spark.json']);

      const both = summarize(dir, 'libs/engine', 'libs/engine:spark');
      expect(both.stdout.trim().split('\n').at(-1)).toBe('13 passed, 1 failed');
      expect(both.status).toBe(1);

      fs.rmSync(path.join(dir, 'libs__engine.spark.json'));
      const missing = summarize(dir, 'libs/engine', 'libs/engine:spark');
      expect(missing.stdout).toContain('libs/engine:spark: no results');
      expect(missing.stdout.trim().split('\n').at(-1)).toBe('10 passed, 1 failed');

      // CI exits 1 when lint or typecheck fails; its last line must say so too.
      const check = summarize(dir, '--failed=lint and typecheck', 'libs/engine');
      expect(check.stdout).toContain('  lint and typecheck: failed');
      expect(check.stdout.trim().split('\n').at(-1)).toBe('10 passed, 1 failed');
      expect(check.status).toBe(1);
    } finally {
      delete process.env['PIPELINE_TEST_RESULTS_DIR'];
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
