#!/usr/bin/env node
// Spark benchmark: the 10M-row example pipeline and the join benchmark submitted over HTTP with
// `backend: spark` to the built server pointed at a local Spark Connect server, against the same
// SQL sent to the same Spark Connect server by pyspark directly (baseline.py), alternating run by
// run (who goes first alternates too); every output is read back and compared (row count and a
// checksum of the values) with the baseline's.
//
//   npx nx build http-server      (the bench runs dist/apps/http-server/main.js)
//   tools/scripts/install-test-spark.sh   (pyspark 4.0.5 in ~/.cache/pipeline-test-spark)
//   node tools/bench/spark/run.cjs [--sizes 10000000] [--join-sizes 10000000] [--customers 1000]
//                                 [--runs 3] [--cases example,join,text] [--driver-memory 1g]   (cases run in that order)
//                                 [--text-sizes 1000000] [--text-kinds random,short] [--server-main dist/apps/http-server/main.js]
//                                 [--spark-remote sc://127.0.0.1:15002 (or SPARK_REMOTE)] [--first service|pyspark]
//
// Without --spark-remote it starts a Spark Connect server as the tests do (libs/test-spark:
// local[2], 127.0.0.1, 4 shuffle partitions) with `--driver-memory`, and stops it at the end; the
// Spark data root is the server's own data root, tools/bench/data (git-ignored), where the CSVs
// come from the engine bench's generators. The baseline's Python packages (requirements.txt) go
// into a virtual environment beside the cached pyspark, made once.
// The `text` case (not run by default) writes a CSV of one double column read from a CSV: the
// service spells each double as DuckDB does (engine-spark's duckdb-text.ts), pyspark writes Java's
// text; the baseline reads with the service's reader options, so the difference is the spelling.
// `random` doubles are 16-17 digits (as averages are), `short` ones have two decimals.
// Per case and size: the median of `--runs` wall times of each side and their ratio (target: the
// service at most 1.10x pyspark's time), the load average before and after.
'use strict';
const { execFile, execFileSync } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const esbuild = require('esbuild');
const execFileAsync = promisify(execFile);
const { ROOT, nodeBundleOptions } = require('../../scripts/node-bundle.cjs');
const { ensureEmployees, ensureSales, ensureCustomers, ensureDoubles } = require('../engine/generate.js');
const { createHttpClient } = require('../lib/http-client.js');
const { examplePipeline, joinPipeline } = require('../lib/pipelines.js');
const { startServerProcess } = require('../lib/server-process.js');

const dataDir = path.join(ROOT, 'tools', 'bench', 'data');
// `--server-main` runs another build of the server (a copy of an earlier dist/apps/http-server),
// to time a change against the build before it on the same Spark.
// Several, comma-separated, run alternating with pyspark, each named by its folder in the table.
const serverMains = arg('server-main', path.join('dist', 'apps', 'http-server', 'main.js'))
  .split(',')
  .map((main) => path.resolve(ROOT, main));
const baseline = path.join(__dirname, 'baseline.py');
// The children run in tools/bench and are named relative to it: their command lines name no folder
// of this machine.
const BENCH = path.join(ROOT, 'tools', 'bench');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
}
const list = (s) => (s === '' ? [] : s.split(',').map(Number));
const sizes = list(arg('sizes', '10000000'));
const joinSizes = list(arg('join-sizes', '10000000'));
const customers = Number(arg('customers', '1000'));
const textSizes = list(arg('text-sizes', '1000000'));
const textKinds = arg('text-kinds', 'random,short').split(',');
const runs = Number(arg('runs', '3'));
const cases = arg('cases', 'example,join').split(',');
const driverMemory = arg('driver-memory', '1g');
// Who goes first in the first round (then they alternate): runs of several invocations can balance.
const first = arg('first', 'service');

// The engine bench's cases (tools/bench/lib/pipelines.js), parquet out.
const EXAMPLE = (csv, out) => examplePipeline(csv, out);
const JOIN = (sales, custs, out) => joinPipeline(sales, custs, out);
/** A CSV of doubles written back as CSV: what the service spells, nothing else. */
const TEXT = (csv, out) => `
version: "3.0"
pipeline:
  name: bench-text
  assets:
    - asset_ref: doubles
      source: { input: { format: csv, path: ${JSON.stringify(csv)} } }
    - asset_ref: written
      source: { output: { from: doubles, format: csv, path: ${JSON.stringify(out)}, mode: overwrite } }
`;

const client = createHttpClient();
const runJob = (port, yaml) => client.runJob(port, yaml, { backend: 'spark' });

/** Starts the built server `main` on a free port with Spark configured; resolves { port, stop }. */
function startServer(main, sparkRemote) {
  return startServerProcess({
    main: path.relative(BENCH, main),
    args: ['--data-root', path.relative(BENCH, dataDir)],
    cwd: BENCH,
    // Through the environment, as a deployment would give it.
    env: { ...process.env, SPARK_REMOTE: sparkRemote },
  });
}

/** The test-spark library, bundled for this process (it is TypeScript). */
async function testSpark() {
  const out = path.join(ROOT, 'tmp', 'spark-bench', 'test-spark.js');
  await esbuild.build(nodeBundleOptions(path.join(ROOT, 'libs/test-spark/src/index.ts'), out, { logLevel: 'warning' }));
  return require(out);
}

/** The baseline's Python: a venv beside the cached pyspark with requirements.txt, made once. */
function python(sparkCache) {
  const venv = path.join(sparkCache, 'bench-venv');
  const bin = path.join(venv, 'bin', 'python');
  const requirements = fs.readFileSync(path.join(__dirname, 'requirements.txt'), 'utf8');
  const stamp = path.join(venv, 'requirements.txt');
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== requirements) {
    fs.rmSync(venv, { recursive: true, force: true });
    execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
    execFileSync(path.join(venv, 'bin', 'pip'), ['install', '--no-input', '--disable-pip-version-check', '-q', '-r', path.join(__dirname, 'requirements.txt')], { stdio: 'inherit' });
    fs.writeFileSync(stamp, requirements);
  }
  return bin;
}

let py;
// Asynchronous: a run blocking this process for minutes kept it from seeing the server close its
// idle keep-alive socket, and the next request wrote into the closed socket (EPIPE).
async function runPython(args) {
  const { stdout } = await execFileAsync(py.bin, [path.relative(BENCH, baseline), ...args], { cwd: BENCH, encoding: 'utf8', env: { ...process.env, PYTHONPATH: py.path }, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmtS = (ms) => `${(ms / 1000).toFixed(2)} s`;
const load = () => os.loadavg()[0].toFixed(2);
/** A data file as baseline.py takes it: relative to tools/bench (it makes the file:// URI). */
const rel = (file) => path.relative(BENCH, file);

/**
 * `runs` alternating runs of one case on each server and on pyspark (who goes first rotates);
 * each output compared with the baseline's. One table row per server build.
 */
async function measure(servers, label, yaml, baselineArgs, name, format = 'parquet') {
  const loadBefore = load();
  const service = servers.map(() => []);
  const spark = [];
  const outs = { service: servers.map((_, k) => path.join(dataDir, `spark-${name}-service${k}.${format}`)), pyspark: path.join(dataDir, `spark-${name}-pyspark.${format}`) };
  const sides = [...servers.keys(), 'pyspark'];
  for (let i = 0; i < runs; i++) {
    const shift = (i + (first === 'pyspark' ? sides.length - 1 : 0)) % sides.length;
    for (const side of [...sides.slice(shift), ...sides.slice(0, shift)]) {
      if (side === 'pyspark') {
        spark.push(await runPython(['run', py.remote, name.split('-')[0], rel(outs.pyspark), ...baselineArgs]));
      } else {
        const t0 = performance.now();
        const job = await runJob(servers[side].port, yaml(path.basename(outs.service[side])));
        service[side].push({ ms: performance.now() - t0, rowsWritten: job.outputs[0].rows_written, steps: job.steps });
      }
    }
    const digests = await runPython(['digest', ...outs.service.map(rel), rel(outs.pyspark)]);
    const b = digests.pop();
    const lines = servers.map((server, k) => {
      const a = digests[k];
      if (a.rows !== b.rows || a.checksum !== b.checksum || a.columns.join() !== b.columns.join()) {
        throw new Error(`${label}: outputs differ: service ${JSON.stringify(a)}, pyspark ${JSON.stringify(b)}`);
      }
      const run = service[k][i];
      if (run.rowsWritten !== a.rows) throw new Error(`${label}: the job reported ${run.rowsWritten} rows written, its output holds ${a.rows}`);
      const steps = run.steps.map((s) => `${s.asset} ${Math.round(s.ms)}`).join(', ');
      return `service${server.name} ${fmtS(run.ms)} (steps, ms: ${steps})`;
    });
    console.error(`  ${label} run ${i + 1}: ${lines.join(', ')}, pyspark ${fmtS(spark[i].ms)}; outputs agree (${b.rows} rows, ${b.checksum})`);
  }
  const p = median(spark.map((x) => x.ms));
  servers.forEach((server, k) => {
    const s = median(service[k].map((x) => x.ms));
    const ratios = service[k].map((x, i) => (x.ms / spark[i].ms).toFixed(2)).join(', ');
    console.log(`| ${label}${server.name} | ${fmtS(s)} | ${fmtS(p)} | ${(s / p).toFixed(2)} (run by run ${ratios}) | ${loadBefore} -> ${load()} |`);
  });
}

/**
 * A running server has started its worker threads and loaded the engine before a job comes: one
 * small spark job per worker, at once, outside the timing (the first job of a fresh server waited
 * about 5 s for its worker on a loaded machine).
 */
async function warmUp(server) {
  const csv = path.join(dataDir, 'spark-warm.csv');
  fs.writeFileSync(csv, 'id,name,department,salary,status,hired\n1,a,x,1.5,active,2020-01-01\n2,b,y,2.5,active,2021-01-01\n');
  await Promise.all([0, 1].map((i) => runJob(server.port, EXAMPLE(path.basename(csv), `spark-warm-${i}.parquet`))));
}

(async () => {
  for (const main of serverMains) if (!fs.existsSync(main)) throw new Error(`build the server first: npx nx build http-server (no ${main})`);
  fs.mkdirSync(dataDir, { recursive: true });
  const ts = await testSpark();
  py = { bin: python(ts.sparkCacheDir()), path: path.dirname(ts.findSparkHome()) };
  let sparkServer;
  let remote = arg('spark-remote', process.env.SPARK_REMOTE);
  if (remote === undefined) {
    sparkServer = await ts.startSparkConnect({ driverMemory });
    remote = sparkServer.url;
    console.error(`started Spark Connect at ${remote} in ${(sparkServer.startMs / 1000).toFixed(1)} s (driver memory ${driverMemory})`);
  }
  py.remote = remote;
  const servers = [];
  try {
    for (const main of serverMains) {
      const server = await startServer(main, remote);
      server.name = serverMains.length > 1 ? ` (${path.relative(ROOT, path.dirname(main))})` : '';
      servers.push(server);
      await warmUp(server);
    }
    console.log(`machine: ${os.cpus().length} x ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, node ${process.version}; Spark ${ts.TEST_SPARK_VERSION} local[2]`);
    console.log('| case | service (HTTP, backend spark) | pyspark | service / pyspark | load |');
    console.log('|---|---|---|---|---|');
    for (const work of cases) {
      if (work === 'example') {
        for (const rows of sizes) {
          const csv = ensureEmployees(rows, dataDir);
          await measure(servers, `example, ${rows.toLocaleString('en')} rows`, (out) => EXAMPLE(path.basename(csv), out), [rel(csv)], `example-${rows}`);
        }
      } else if (work === 'join') {
        const dimension = ensureCustomers(customers, dataDir);
        for (const rows of joinSizes) {
          const facts = ensureSales(rows, customers, dataDir);
          await measure(servers, `join, ${rows.toLocaleString('en')} x ${customers.toLocaleString('en')}`, (out) => JOIN(path.basename(facts), path.basename(dimension), out), [rel(facts), rel(dimension)], `join-${rows}`);
        }
      } else if (work === 'text') {
        for (const kind of textKinds) {
          for (const rows of textSizes) {
            const csv = ensureDoubles(rows, kind, dataDir);
            await measure(servers, `text, ${rows.toLocaleString('en')} ${kind} doubles to CSV`, (out) => TEXT(path.basename(csv), out), [rel(csv)], `text-${kind}-${rows}`, 'csv');
          }
        }
      } else {
        throw new Error(`unknown case ${work}: example, join or text`);
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    client.destroy();
    if (sparkServer !== undefined) await sparkServer.stop();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
