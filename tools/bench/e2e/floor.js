// The floor under a tiny job's server CPU: what each piece the server cannot skip costs on its own,
// measured as the e2e bench measures the server (process CPU from /proc per job, 1,000 jobs through
// 64 keep-alive sockets, each a submit and a wait), parts alternated round by round:
//   - `http`: a bare node:http server answering the submit (JSON body read and parsed) and the wait
//     (a job-sized JSON answer); `express`: the same two routes on express with express.json();
//     `express/born`: the same on requests and responses made with the application's prototypes,
//     so express swaps none (tried for the server on 2026-11-28: it costs more, docs/performance.md);
//   - `hop`: a task to a 2-thread piscina pool and its reply (a plan-sized message each way);
//   - `hop+copy`: the hop, and the server's typed `COPY` of the tiny job on a fresh connection of
//     the thread's one-thread database (what a small job's worker side cannot do without);
//     `hop+copy/kept`: the same on one connection the thread keeps (what reusing connections saves);
//   - `copy`, `copy/1t`: that statement alone on one connection in this process, on a database of
//     every core (as the e2e baseline's) and of one thread (statements.js gives more variants).
//
//   node tools/bench/e2e/floor.js [--rounds 3] [--jobs 1000] [--only express,express/born]
//
// Needs the tiny input the e2e bench writes (tools/bench/data/tiny.csv: run its tiny part once).
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { isMainThread } = require('node:worker_threads');

const root = `${path.resolve(__dirname, '..', 'data')}/`;
const input = `${root}tiny.csv`;
const outDir = `${root}tiny-floor/`;

// As the server writes it for the e2e bench's tiny pipeline (see statements.js).
const copySql = (i) =>
  `COPY (SELECT * FROM (SELECT * FROM (SELECT * FROM read_csv('${input}', header=true, delim=',', quote='"', escape='"', nullstr='', ` +
  `encoding='utf-8', compression='auto', dateformat='%Y-%m-%d', max_line_size=2000000, columns={'id': 'BIGINT', 'name': 'VARCHAR', 'age': 'BIGINT'}, ` +
  `auto_detect=false)) WHERE ("age" >= 18))) TO '${outDir}.f${i}.tmp' (FORMAT csv, HEADER true, DELIMITER ',', QUOTE '"', ESCAPE '"', NULLSTR '', ` +
  `COMPRESSION 'none', USE_TMP_FILE false)`;

// A completed tiny job as GET /api/jobs/:id/wait answers it (the shape, about its size).
const JOB = {
  job_id: '8a0c5c1e-5b0e-4a43-9d55-0c2f0a3f6a11',
  status: 'completed',
  created_at: '2026-11-28T16:50:45.123Z',
  started_at: '2026-11-28T16:50:45.130Z',
  finished_at: '2026-11-28T16:50:45.140Z',
  duration_ms: 10,
  outputs: [{ asset: 'out', path: 'tiny-out/t1.csv', rows_written: 4, skipped: false }],
  steps: [
    { asset: 'raw', ms: 1 },
    { asset: 'kept', ms: 0 },
    { asset: 'out', ms: 3 },
  ],
  lineage: { columns: [{ asset: 'out', column: 'id', from: [{ asset: 'raw', column: 'id' }] }] },
};

// A plan-sized task (a tiny job's plan is about 640 bytes structured-cloned).
const PLAN = { name: 'tiny', steps: [{ ref: 'raw', source: { kind: 'input', format: 'csv', path: 'tiny.csv', options: {} } }, { ref: 'kept', source: { kind: 'where', from: 'raw', filter: 'age >= 18' } }, { ref: 'out', source: { kind: 'output', from: 'kept', format: 'csv', path: 'tiny-out/t1.csv', mode: 'overwrite', options: {} } }] };

/** The worker side of `hop` and `hop+copy` (this file is also piscina's worker). */
let db;
let kept;
async function task({ copy, i }) {
  if (copy) {
    const { DuckDBInstance } = require('@duckdb/node-api');
    db ??= await DuckDBInstance.create(':memory:', { threads: '1' });
    if (copy === 'kept') {
      kept ??= await db.connect();
      await kept.run(copySql(i));
    } else {
      const connection = await db.connect();
      await connection.run(copySql(i));
      connection.closeSync();
    }
  }
  return { type: 'ok', startedAt: new Date().toISOString(), value: { outputs: JOB.outputs, steps: JOB.steps } };
}

/** A server child: `http` or `express`, the two routes of a tiny job, on a free port it prints. */
function serve(kind) {
  let n = 0;
  const submitted = () => ({ job_id: `j${++n}`, status: 'queued' });
  let server;
  if (kind === 'express' || kind === 'express/born') {
    const express = require('express');
    const app = express();
    app.disable('x-powered-by');
    app.disable('etag');
    app.post('/api/jobs', express.json({ type: () => true }), (req, res) => res.status(202).json(submitted()));
    app.get('/api/jobs/:id/wait', (req, res) => res.json({ ...JOB, job_id: req.params.id }));
    const born = (base, prototype) => {
      function Born(...args) {
        return Reflect.construct(base, args, Born);
      }
      Born.prototype = prototype;
      return Born;
    };
    server =
      kind === 'express' ? http.createServer(app) : http.createServer({ IncomingMessage: born(http.IncomingMessage, app.request), ServerResponse: born(http.ServerResponse, app.response) }, app);
  } else {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const answer = (status, value) => {
          const text = JSON.stringify(value);
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
          res.end(text);
        };
        if (req.method === 'POST') {
          JSON.parse(body);
          answer(202, submitted());
        } else answer(200, { ...JOB, job_id: req.url.split('/')[3] });
      });
    });
  }
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
}

function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const TINY = (i) => `version: "3.0"\npipeline:\n  name: tiny\n  assets:\n    - asset_ref: raw\n      source: { input: { format: csv, path: tiny.csv } }\n    - asset_ref: kept\n      source: { where: { from: raw, filter: "age >= 18" } }\n    - asset_ref: out\n      source: { output: { from: kept, format: csv, path: "tiny-out/t${i}.csv", mode: overwrite } }\n`;

/** Server CPU per job (a submit and a wait) of an `http` or `express` child. */
async function roundTrips(kind, jobs) {
  const child = spawn(process.execPath, [__filename, 'serve', kind], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve) => child.stdout.once('data', (c) => resolve(Number(String(c).trim()))));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const request = (method, url, body) =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {} }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      req.end(data);
    });
  const job = async (i) => {
    const { job_id: id } = await request('POST', '/api/jobs', { yaml: TINY(i) });
    return request('GET', `/api/jobs/${id}/wait?timeout=600`);
  };
  try {
    await Promise.all(Array.from({ length: 200 }, (_, i) => job(i)));
    const before = cpuMs(child.pid);
    await Promise.all(Array.from({ length: jobs }, (_, i) => job(i)));
    return (cpuMs(child.pid) - before) / jobs;
  } finally {
    agent.destroy();
    child.kill();
  }
}

/** This process's CPU per task of `jobs` tasks, 64 at a time, on a 2-thread pool. */
async function hops(pool, jobs, copy) {
  const run = async (from) => {
    for (let i = from; i < jobs; i += 64) await pool.run({ copy, i, plan: PLAN });
  };
  await Promise.all(Array.from({ length: 64 }, (_, k) => run(k)));
  const before = cpuMs(process.pid);
  await Promise.all(Array.from({ length: 64 }, (_, k) => run(k)));
  return (cpuMs(process.pid) - before) / jobs;
}

async function copyAlone(jobs, threads) {
  const { DuckDBInstance } = require('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) });
  const connection = await instance.connect();
  await connection.run(copySql('warm'));
  const before = process.cpuUsage();
  for (let i = 0; i < jobs; i++) await connection.run(copySql(i));
  const used = process.cpuUsage(before);
  connection.closeSync();
  instance.closeSync();
  return (used.user + used.system) / 1000 / jobs;
}

async function main() {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i < 0 ? fallback : Number(process.argv[i + 1]);
  };
  const rounds = arg('rounds', 3);
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : undefined;
  const jobs = arg('jobs', 1000);
  if (!fs.existsSync(input)) throw new Error(`${input} is missing: run node tools/bench/e2e/run.js --only tiny once`);
  fs.mkdirSync(outDir, { recursive: true });
  const { Piscina } = require('piscina');
  const pool = new Piscina({ filename: __filename, minThreads: 2, maxThreads: 2 });
  const parts = {
    http: () => roundTrips('http', jobs),
    express: () => roundTrips('express', jobs),
    'express/born': () => roundTrips('express/born', jobs),
    hop: () => hops(pool, jobs, false),
    'hop+copy': () => hops(pool, jobs, true),
    'hop+copy/kept': () => hops(pool, jobs, 'kept'),
    copy: () => copyAlone(jobs, os.availableParallelism()),
    'copy/1t': () => copyAlone(jobs, 1),
  };
  for (const name of Object.keys(parts)) if (only !== undefined && !only.includes(name)) delete parts[name];
  const ms = Object.fromEntries(Object.keys(parts).map((k) => [k, []]));
  const load = [os.loadavg()[0].toFixed(2)];
  for (let round = 0; round < rounds; round++) {
    const order = Object.keys(parts);
    for (let k = 0; k < round % order.length; k++) order.push(order.shift());
    for (const name of order) ms[name].push(await parts[name]());
  }
  load.push(os.loadavg()[0].toFixed(2));
  await pool.destroy();
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const [name, xs] of Object.entries(ms)) {
    const sorted = [...xs].sort((a, b) => a - b);
    console.log(`${name.padEnd(9)} median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} ms CPU per job (${xs.map((x) => x.toFixed(2)).join(' ')})`);
  }
  console.log(`load ${load.join(' -> ')}`);
}

if (!isMainThread) module.exports = task;
else if (process.argv[2] === 'serve') serve(process.argv[3]);
else
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
