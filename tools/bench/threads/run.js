// Thread policy benchmark: how should the DuckDB databases of several job workers share the cores?
// `node tools/bench/threads/run.js [--rows 10000000] [--runs 3] [--workers 2]`
// Each worker thread holds one DuckDB instance (as a job worker does) and runs the example pipeline
// (CSV -> where -> group_by -> parquet) as one statement. For each policy (`cores / workers` threads
// per database, or every core per database) it measures a lone job and `workers` jobs at once,
// alternating the policies run by run, and prints medians.
'use strict';
const os = require('node:os');
const fs = require('node:fs');
const path = require('node:path');
const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const { generateEmployees } = require('../engine/generate.js');

const SQL = (csv, out) =>
  `COPY (SELECT department, count(*) AS employees, avg(salary) AS avg_salary, sum(salary) AS total, min(salary) AS low, ` +
  `max(salary) AS high FROM read_csv('${csv}') WHERE status = 'active' GROUP BY department) TO '${out}' (FORMAT parquet)`;

if (!isMainThread) {
  const { DuckDBInstance } = require('@duckdb/node-api');
  (async () => {
    const instance = await DuckDBInstance.create(':memory:', { threads: String(workerData.threads) });
    const conn = await instance.connect();
    parentPort.postMessage('ready');
    parentPort.on('message', async (msg) => {
      if (msg === 'close') {
        conn.closeSync();
        instance.closeSync();
        process.exit(0);
      }
      const t0 = performance.now();
      await conn.run(SQL(msg.csv, msg.out));
      parentPort.postMessage(performance.now() - t0);
    });
  })();
  return;
}

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
}
const rows = arg('rows', 10_000_000);
const runs = arg('runs', 3);
const workers = arg('workers', 2);
const cores = os.availableParallelism();
const dataDir = path.join(__dirname, '..', 'data');
const csv = path.join(dataDir, `employees-${rows}.csv`);
if (!fs.existsSync(csv)) generateEmployees(rows, csv);

async function pool(threads) {
  const ws = [];
  for (let i = 0; i < workers; i++) {
    const w = new Worker(__filename, { workerData: { threads } });
    await new Promise((resolve) => w.once('message', resolve));
    ws.push(w);
  }
  const run = (w, i) =>
    new Promise((resolve) => {
      w.once('message', resolve);
      w.postMessage({ csv, out: path.join(dataDir, `threads-out-${i}.parquet`) });
    });
  return {
    lone: async () => {
      const t0 = performance.now();
      await run(ws[0], 0);
      return performance.now() - t0;
    },
    together: async () => {
      const t0 = performance.now();
      await Promise.all(ws.map(run));
      return performance.now() - t0;
    },
    close: () => Promise.all(ws.map((w) => new Promise((resolve) => (w.once('exit', resolve), w.postMessage('close'))))),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
(async () => {
  const policies = { shared: Math.max(1, Math.floor(cores / workers)), all: cores };
  const pools = {};
  for (const [name, threads] of Object.entries(policies)) pools[name] = await pool(threads);
  const times = { shared: { lone: [], together: [] }, all: { lone: [], together: [] } };
  console.log(`cores ${cores}, workers ${workers}, rows ${rows}, load ${os.loadavg()[0].toFixed(2)}`);
  for (let r = 0; r < runs; r++) {
    for (const name of r % 2 === 0 ? ['shared', 'all'] : ['all', 'shared']) {
      times[name].lone.push(await pools[name].lone());
      times[name].together.push(await pools[name].together());
    }
  }
  for (const [name, threads] of Object.entries(policies)) {
    const t = times[name];
    console.log(`${name} (${threads} threads per database): lone job ${median(t.lone).toFixed(0)} ms, ${workers} jobs at once ${median(t.together).toFixed(0)} ms  [lone ${t.lone.map((x) => x.toFixed(0)).join(', ')}; together ${t.together.map((x) => x.toFixed(0)).join(', ')}]`);
  }
  console.log(`load after ${os.loadavg()[0].toFixed(2)}`);
  for (const p of Object.values(pools)) await p.close();
})();
