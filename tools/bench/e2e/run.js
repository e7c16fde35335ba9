// End-to-end benchmark: the example pipeline submitted over HTTP to the built server and waited for,
// against one raw DuckDB statement and nodejs-polars lazy, each in a fresh process, alternating.
//
//   npx nx build http-server   (the bench runs dist/apps/http-server/main.js)
//   node tools/bench/e2e/run.js [--sizes 1000000,10000000] [--formats csv,parquet,json] [--runs 5]
//                               [--concurrent 4] [--concurrent-rows 10000000] [--tiny 1000] [--tiny-runs 3] [--tiny-warm 8000]
//                               [--server-node-args='--cpu-prof --cpu-prof-dir=...'] [--server=<old build>/dist/apps/http-server/main.js,dist/apps/http-server/main.js]
//
// Per size and format: median wall time of `--runs` runs and peak RSS of each contender (the
// server's VmHWM from /proc, a fresh server per run; the children's maxRSS). The service's job is
// submitted once `/api/ready` answers, as a load balancer would send it (every worker has loaded
// the engine and opened its database); the time from listening to ready is printed beside it. `--concurrent N`:
// N jobs of `--concurrent-rows` rows submitted at once (total wall time) against the same N run one
// after the other by DuckDB and by polars. `--tiny N`: N 10-row CSV filters submitted at once over
// HTTP, each waited for: jobs/s and the server's CPU per job (user + system from /proc), against
// the CPU per statement of the same `COPY` run N times on one in-process DuckDB connection,
// alternating, `--tiny-runs` times (with E2E_THREADS=1 each server thread's CPU per job too). `--only` skips parts: e.g. `--only tiny,concurrent`.
// Data goes to tools/bench/data (git-ignored). Uses the engine bench's generator and child.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ensureEmployees } = require('../engine/generate.js');
const { createHttpClient } = require('../lib/http-client.js');
const { examplePipeline } = require('../lib/pipelines.js');
const { polarsEnv } = require('../lib/polars-env.js');
const { startServerProcess } = require('../lib/server-process.js');

const repo = path.resolve(__dirname, '..', '..', '..');
const dataDir = path.join(repo, 'tools', 'bench', 'data');
const serverMain = path.join(repo, 'dist', 'apps', 'http-server', 'main.js');
// `--server a/main.js,b/main.js`: the sizes and tiny parts alternate these builds run by run (a copy
// of an earlier build against this one); the concurrent part uses the first.
const servers = (process.argv.find((a) => a.startsWith('--server='))?.slice('--server='.length) ?? serverMain).split(',').map((s) => path.resolve(s));
const child = path.join(__dirname, 'child.js');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
}
const sizes = arg('sizes', '1000000,10000000').split(',').map(Number);
const formats = arg('formats', 'csv,parquet').split(',');
const runs = Number(arg('runs', '5'));
const concurrent = Number(arg('concurrent', '4'));
const concurrentRows = Number(arg('concurrent-rows', '10000000'));
const tiny = Number(arg('tiny', '1000'));
const tinyRuns = Number(arg('tiny-runs', '3'));
// Jobs run before a tiny run is measured, so the figure is a running service's steady state: V8
// optimises a function once it has run enough bytecode, and many of a job's functions run once
// per job, so TurboFan still compiled 137 functions (614 ms of its threads' CPU, 0.6 ms per job)
// within 1,000 jobs after 2,000 warm-up ones, and 18 (61 ms) after 6,000 (--trace-opt).
const tinyWarm = Number(arg('tiny-warm', '8000'));
// e.g. `--server-node-args=--cpu-prof` (one argument; split on spaces) to profile the server.
const serverNodeArgs = (process.argv.find((a) => a.startsWith('--server-node-args='))?.slice('--server-node-args='.length) ?? '').split(' ').filter(Boolean);
const only = arg('only', 'sizes,concurrent,tiny').split(',');

/** The example pipeline reading `input` in `format`, its summary written as parquet. */
const PIPELINE = (input, format, out) => examplePipeline(input, out, { inputFormat: format });

/** A tiny job writing `out` (relative to the data root). */
const TINY = (out) => `
version: "3.0"
pipeline:
  name: tiny
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: tiny.csv } }
    - asset_ref: kept
      source: { where: { from: raw, filter: "age >= 18" } }
    - asset_ref: out
      source: { output: { from: kept, format: csv, path: "${out}", mode: overwrite } }
`;

const client = createHttpClient({ maxSockets: 64 });
const { request, runJob } = client;

/** Starts the built server on a free port with default settings; resolves { port, pid, stop, peakRssMb }. */
function startServer(main = servers[0]) {
  return startServerProcess({ main, nodeArgs: serverNodeArgs, args: ['--data-root', dataDir] });
}

/** Polls `/api/ready` until it answers 200 (every worker has opened its engine); resolves the ms it took. */
async function waitReady(server) {
  const t0 = performance.now();
  for (;; await new Promise((r) => setTimeout(r, 10))) {
    if (await request(server.port, 'GET', '/api/ready').then(() => true, () => false)) return Math.round(performance.now() - t0);
    if (performance.now() - t0 > 60_000) throw new Error('server not ready after 60 s');
  }
}

let childEnv;

function runChild(contender, input, format, out) {
  childEnv ??= { ...process.env, ...polarsEnv(repo, dataDir) };
  const text = execFileSync(process.execPath, [child, contender, input, format, out], { encoding: 'utf8', env: childEnv, cwd: repo });
  return JSON.parse(text.trim().split('\n').pop());
}

async function serviceRun(input, format, out, main) {
  const server = await startServer(main);
  try {
    const readyMs = await waitReady(server);
    const t0 = performance.now();
    const job = await runJob(server.port, PIPELINE(path.relative(dataDir, input), format, path.relative(dataDir, out)));
    // Where the wall time went: queued (created to started, the workers opening their engines) and run.
    const queuedMs = Date.parse(job.started_at) - Date.parse(job.created_at);
    return { ms: performance.now() - t0, maxRssMb: server.peakRssMb(), readyMs, queuedMs, runMs: job.duration_ms, cpuMs: processCpuMs(server.pid) };
  } finally {
    await server.stop();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmtMs = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const load = () => os.loadavg()[0].toFixed(2);

/** The CSV's data as parquet or as newline-delimited JSON, written once next to it. */
function ensureConverted(csv, format) {
  const file = csv.replace(/\.csv$/, `.${format}`);
  if (!fs.existsSync(file)) runChild('convert', csv, 'csv', file);
  return file;
}

/** The sizes part's contenders: one service per build given with `--server`, then DuckDB and polars. */
const serviceNames = servers.length === 1 ? ['service'] : servers.map((_, i) => `service ${String.fromCharCode(65 + i)}`);

async function sizesPart() {
  if (servers.length > 1) servers.forEach((s, i) => console.log(`${serviceNames[i]}: ${s}`));
  const services = serviceNames.map((n) => `${n} (HTTP)`).join(' | ');
  const ratios = serviceNames.map((n) => `${n} / DuckDB`).join(' | ');
  console.log(`| rows | input | ${services} | raw DuckDB | nodejs-polars lazy | ${ratios} | service / polars | load |`);
  console.log(`|${'---|'.repeat(6 + 2 * serviceNames.length)}`);
  for (const rows of sizes) {
    const csv = path.join(dataDir, `employees-${rows}.csv`);
    ensureEmployees(rows, dataDir);
    for (const format of formats) {
      const input = format === 'csv' ? csv : ensureConverted(csv, format);
      const loadBefore = load();
      const contenders = [...serviceNames, 'duckdb', 'polars'];
      const r = Object.fromEntries(contenders.map((c) => [c, []]));
      for (let i = 0; i < runs; i++) {
        // Each run starts with another contender, so that none always runs first (or always after the same one).
        const order = [...contenders];
        for (let k = 0; k < i % contenders.length; k++) order.push(order.shift());
        for (const c of order) {
          const s = serviceNames.indexOf(c);
          const out = path.join(dataDir, `e2e-${s < 0 ? c : `service-${s}`}.parquet`);
          r[c].push(s >= 0 ? await serviceRun(input, format, out, servers[s]) : runChild(c, input, format, out));
        }
      }
      const m = Object.fromEntries(Object.entries(r).map(([c, xs]) => [c, { ms: median(xs.map((x) => x.ms)), rss: Math.max(...xs.map((x) => x.maxRssMb)) }]));
      const cell = (c) => `${fmtMs(m[c].ms)}, ${Math.round(m[c].rss)} MB`;
      const serviceCells = serviceNames.map(cell).join(' | ');
      const ratioCells = serviceNames.map((n) => (m[n].ms / m.duckdb.ms).toFixed(2)).join(' | ');
      console.log(`| ${rows.toLocaleString('en')} | ${format} | ${serviceCells} | ${cell('duckdb')} | ${cell('polars')} | ${ratioCells} | ${(m[serviceNames[0]].ms / m.polars.ms).toFixed(2)} | ${loadBefore} -> ${load()} |`);
      for (const [c, xs] of Object.entries(r)) console.error(`  ${rows} ${format} ${c}: ${xs.map((x) => Math.round(x.ms)).join(', ')} ms`);
      for (const n of serviceNames) console.error(`  ${rows} ${format} ${n} listening to ready / queued / ran / server CPU (start-up included): ${r[n].map((x) => `${x.readyMs} / ${x.queuedMs} / ${x.runMs} / ${x.cpuMs}`).join(', ')} ms`);
      // Run by run: each build against the DuckDB run of the same round (the load changes between rounds).
      for (const n of serviceNames) console.error(`  ${rows} ${format} ${n} / DuckDB run by run: ${r[n].map((x, i) => (x.ms / r.duckdb[i].ms).toFixed(2)).join(', ')}`);
    }
  }
}

async function concurrentPart() {
  const csv = path.join(dataDir, `employees-${concurrentRows}.csv`);
  ensureEmployees(concurrentRows, dataDir);
  const loadBefore = load();
  const server = await startServer();
  let serviceMs;
  try {
    const t0 = performance.now();
    await Promise.all(Array.from({ length: concurrent }, (_, i) => runJob(server.port, PIPELINE(path.basename(csv), 'csv', `e2e-conc-${i}.parquet`))));
    serviceMs = performance.now() - t0;
  } finally {
    var rss = server.peakRssMb();
    await server.stop();
  }
  const seq = {};
  for (const c of ['duckdb', 'polars']) {
    const t0 = performance.now();
    for (let i = 0; i < concurrent; i++) runChild(c, csv, 'csv', path.join(dataDir, `e2e-seq-${i}.parquet`));
    seq[c] = performance.now() - t0;
  }
  console.log(`\n${concurrent} x ${concurrentRows.toLocaleString('en')} rows: service, submitted at once ${fmtMs(serviceMs)} (server peak RSS ${Math.round(rss)} MB); ` +
    `DuckDB one after the other ${fmtMs(seq.duckdb)}; polars one after the other ${fmtMs(seq.polars)}; service / DuckDB ${(serviceMs / seq.duckdb).toFixed(2)} (load ${loadBefore} -> ${load()})`);
}

/**
 * Writes the tiny jobs' input once and reuses it, as the bench does with its big inputs: a job
 * reads a file that existed before it was submitted. A file changed in the last 2 s is sniffed by
 * every job (the service only remembers how a file reads once it has been left alone that long),
 * so a file written just now is waited for.
 */
async function ensureTinyInput() {
  const file = path.join(dataDir, 'tiny.csv');
  const content = 'id,name,age\n' + Array.from({ length: 10 }, (_, i) => `${i},p${i},${10 + i * 3}`).join('\n') + '\n';
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return;
  fs.writeFileSync(file, content);
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

/** CPU (user + system) used so far, in ms, by the process `pid` (every thread) or by one of its threads. */
function processCpuMs(pid, tid) {
  const stat = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
  const fields = fs.readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU used so far by each thread of `pid`, by task id. */
function threadCpu(pid) {
  return new Map(fs.readdirSync(`/proc/${pid}/task`).sort((a, b) => a - b).map((tid) => [tid, processCpuMs(pid, tid)]));
}

/** One run of `tiny` jobs on a fresh server: wall time, server CPU and the load generator's CPU. */
async function tinyServiceRun(main, outDir) {
  const server = await startServer(main);
  try {
    // Every worker thread loads its modules and opens its database after the server listens: wait
    // for readiness, then warm each thread with a few jobs, so the figure is the steady state's.
    await waitReady(server);
    // In rounds: the server refuses jobs beyond its queue's bound (429).
    for (let done = 0; done < tinyWarm; done += 500) {
      await Promise.all(Array.from({ length: Math.min(500, tinyWarm - done) }, (_, i) => runJob(server.port, TINY(`${outDir}/warm${done + i}.csv`))));
    }
    const cpu = process.cpuUsage();
    const serverCpu = processCpuMs(server.pid);
    // The main thread's task id is the process id: the rest is the worker threads and DuckDB's.
    const mainCpu = processCpuMs(server.pid, server.pid);
    const threadsBefore = threadCpu(server.pid);
    const t0 = performance.now();
    await Promise.all(Array.from({ length: tiny }, (_, i) => runJob(server.port, TINY(`${outDir}/t${i}.csv`))));
    const s = (performance.now() - t0) / 1000;
    const serverMs = (processCpuMs(server.pid) - serverCpu) / tiny;
    const mainMs = (processCpuMs(server.pid, server.pid) - mainCpu) / tiny;
    if (process.env.E2E_THREADS) {
      // Every thread's CPU per job, by task id (creation order): main, libuv pool, workers, DuckDB's.
      const after = threadCpu(server.pid);
      console.error([...after].map(([tid, ms]) => `${tid}:${((ms - (threadsBefore.get(tid) ?? 0)) / tiny).toFixed(2)}`).join(' '));
    }
    const used = process.cpuUsage(cpu);
    return { jobsPerS: tiny / s, serverMs, mainMs, clientMs: (used.user + used.system) / 1000 / tiny, rssMb: server.peakRssMb() };
  } finally {
    await server.stop();
  }
}

/** Where each side's tiny outputs go, one directory per run, relative to the data root. */
const tinyOut = (side, run) => `tiny-out-${side}/run${run}`;

/**
 * `--tiny-runs` runs, alternating with the baseline: the same filter `COPY` run `tiny` times on one
 * in-process DuckDB connection (child.js `tiny`). The figure that compares is server CPU per job
 * against the baseline's CPU per statement, measured in the same run: wall time moves with the
 * load of a shared machine, CPU time much less.
 */
async function tinyPart() {
  await ensureTinyInput();
  // Each run's files go to a directory of their own and none is removed before the last run is
  // over: an ext4 file system without a journal (this machine's) passes over every inode freed in
  // the last one to six minutes when it allocates one, reading each, so files created right after
  // thousands were removed cost the server 0.4-1.0 ms of system CPU per job (perf:
  // \`recently_deleted\` under \`openat\`), while the baseline, overwriting its files in place,
  // created none. Both sides now create each of their files; runs started within minutes of a mass
  // removal (an earlier bench's clean-up included) still pay for it.
  const clean = () => ['service', 'duckdb'].forEach((side) => fs.rmSync(path.join(dataDir, `tiny-out-${side}`), { recursive: true, force: true }));
  clean();
  try {
    await tinyRunsAlternating();
  } finally {
    clean();
  }
}

async function tinyRunsAlternating() {
  const input = path.join(dataDir, 'tiny.csv');
  const loadBefore = load();
  const rows = servers.map(() => []);
  const label = (k) => (servers.length === 1 ? '' : ` [${path.relative(repo, servers[k])}]`);
  for (let i = 0; i < tinyRuns; i++) {
    const baselineFirst = i % 2 === 1;
    const base = () => runChild('tiny', input, String(tiny), path.join(dataDir, tinyOut('duckdb', i)));
    const b0 = baselineFirst ? base() : undefined;
    const order = servers.map((_, k) => (k + i) % servers.length);
    const svcs = [];
    for (const k of order) svcs[k] = await tinyServiceRun(servers[k], tinyOut('service', `${i}-${k}`));
    const b = b0 ?? base();
    svcs.forEach((svc, k) => {
      rows[k].push({ svc, b });
      console.error(`  tiny run ${i + 1}${label(k)}: server ${svc.serverMs.toFixed(2)} ms CPU per job (main thread ${svc.mainMs.toFixed(2)}), ${svc.jobsPerS.toFixed(0)} jobs/s; DuckDB ${b.cpuMs.toFixed(2)} ms CPU per statement`);
    });
  }
  const range = (xs, d = 2) => `${Math.min(...xs).toFixed(d)}-${Math.max(...xs).toFixed(d)}`;
  rows.forEach((runs, k) => {
    const ratios = runs.map((r) => r.svc.serverMs / r.b.cpuMs);
    console.log(`\n${tiny} tiny jobs over HTTP${label(k)}, submitted at once and each waited for, ${tinyRuns} runs: server CPU ${range(runs.map((r) => r.svc.serverMs))} ms per job ` +
      `(median ${median(runs.map((r) => r.svc.serverMs)).toFixed(2)}), raw DuckDB ${range(runs.map((r) => r.b.cpuMs))} ms per statement (median ${median(runs.map((r) => r.b.cpuMs)).toFixed(2)}); ` +
      `server / DuckDB ${range(ratios)}x, median ${median(ratios).toFixed(2)}x; ${range(runs.map((r) => r.svc.jobsPerS), 0)} jobs/s (median ${median(runs.map((r) => r.svc.jobsPerS)).toFixed(0)}; load generator CPU ${range(runs.map((r) => r.svc.clientMs))} ms per job; ` +
      `server peak RSS ${Math.round(Math.max(...runs.map((r) => r.svc.rssMb)))} MB, load ${loadBefore} -> ${load()})`);
  });
}

(async () => {
  for (const main of servers) if (!fs.existsSync(main)) throw new Error(`build the server first: npx nx build http-server (${main} is missing)`);
  fs.mkdirSync(dataDir, { recursive: true });
  console.log(`machine: ${os.cpus().length} x ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, node ${process.version}`);
  if (only.includes('sizes')) await sizesPart();
  if (only.includes('concurrent')) await concurrentPart();
  if (only.includes('tiny')) await tinyPart();
  client.destroy();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
