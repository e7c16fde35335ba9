#!/usr/bin/env node
// Issue 28, item 3: what abandoned waits cost the built HTTP server's memory. Starts
// dist/apps/http-server/main.js on 127.0.0.1 port 0 (one job worker) over a temporary data root,
// keeps one slow DuckDB job running, and opens WAITS `GET /api/jobs/{id}/wait` requests on it,
// CONCURRENCY at a time, each destroyed by the client (its socket) after ABORT_MS (200). Prints the
// server's VmRSS and VmHWM (/proc): idle, once the job's own memory has settled, every 1,000
// waits, after a quiet pause, and after the job is cancelled. CONTROL=1 runs the same job for the
// same time without the waits: the difference between the two runs is what the waits cost.
//   node tools/robustness/abandoned-waits.cjs [waits=3000] [concurrency=50]
// Extra server environment (e.g. MALLOC_ARENA_MAX=2) is passed through.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const SERVER = path.join(ROOT, 'dist', 'apps', 'http-server', 'main.js');
const WAITS = Number(process.argv[2] ?? 3000);
const CONCURRENCY = Number(process.argv[3] ?? 50);
const ABORT_MS = Number(process.env.ABORT_MS ?? 200);
const ROUND = 1000;
const ROWS = 2_000_000;
const SLOW_FILTER =
  "length(replace(replace(replace(replace(upper(concat(name, grp, name, grp, name)), 'A', 'bb'), 'B', 'cc'), 'N', 'dd'), 'E', 'ff')) > 3";

function writeCsv(file) {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, 'id,grp,name\n');
  for (let start = 0; start < ROWS; start += 100_000) {
    let text = '';
    for (let i = start; i < start + 100_000; i++) text += `${i},g${i % 1000},name_${i}\n`;
    fs.writeSync(fd, text);
  }
  fs.closeSync(fd);
}

const YAML = [
  'version: "3.0"',
  'pipeline:',
  '  name: soak',
  '  assets:',
  '    - asset_ref: raw',
  '      source:',
  '        input: { format: csv, path: "big.csv" }',
  '    - asset_ref: kept',
  '      source:',
  `        where: { from: raw, filter: "${SLOW_FILTER}" }`,
  '    - asset_ref: out',
  '      source:',
  '        output: { from: kept, format: csv, path: out/soak.csv, mode: overwrite }',
].join('\n');

function request(base, method, route, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${route}`, { method, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** One wait, destroyed by the client after ABORT_MS; true when the server answered first (job over). */
function abandonedWait(base, id) {
  return new Promise((resolve) => {
    const req = http.get(`${base}/api/jobs/${id}/wait?timeout=60`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(true));
      res.on('error', () => resolve(true));
    });
    req.on('error', () => resolve(false));
    setTimeout(() => req.destroy(), ABORT_MS);
  });
}

function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)[1]);
  return { rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) };
}

async function main() {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: npx nx build http-server`);
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'abandoned-waits-'));
  writeCsv(path.join(dataRoot, 'big.csv'));
  const server = spawn(process.execPath, [SERVER], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_ROOT: dataRoot, WORKERS: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  server.stdout.resume();
  const idle = { before: 'no job yet', ...memory(server.pid) };
  console.log(JSON.stringify(idle));
  let job;
  const running = async () => {
    if (job !== undefined) {
      const now = await request(base, 'GET', `/api/jobs/${job}`);
      if (now.body.status === 'queued' || now.body.status === 'running') return job;
    }
    job = (await request(base, 'POST', '/api/jobs', { yaml: YAML })).body.job_id;
    return job;
  };
  await running();
  // The running job's own memory (its DuckDB database, the worker thread) settles in the first
  // seconds; the baseline is taken after that, so the growth measured is the waits'.
  await new Promise((r) => setTimeout(r, 4000));
  // Warm: a few waits so that the first figures include the server's ordinary working set.
  for (let i = 0; i < CONCURRENCY; i++) await abandonedWait(base, await running());
  await new Promise((r) => setTimeout(r, 1000));
  const rows = [{ waits: 0, ...memory(server.pid) }];
  console.log(JSON.stringify(rows[0]));
  let done = 0;
  let answered = 0;
  const started = Date.now();
  while (done < WAITS) {
    const id = await running();
    const batch = Math.min(CONCURRENCY, WAITS - done);
    // CONTROL=1: the same time and the same job, without the waits (what the job alone costs).
    const results = process.env.CONTROL === '1'
      ? await new Promise((r) => setTimeout(() => r([]), ABORT_MS + 20))
      : await Promise.all(Array.from({ length: batch }, () => abandonedWait(base, id)));
    answered += results.filter(Boolean).length;
    done += batch;
    if (done % ROUND === 0 || done === WAITS) {
      rows.push({ waits: done, ...memory(server.pid) });
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
  const seconds = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 5000));
  const quiet = { waits: done, after: 'quiet 5 s', ...memory(server.pid) };
  console.log(JSON.stringify(quiet));
  // What stays once no job runs: the job cancelled, the server idle.
  await request(base, 'DELETE', `/api/jobs/${job}`);
  for (const seconds of [5, 30]) {
    await new Promise((r) => setTimeout(r, (seconds === 5 ? 5 : 25) * 1000));
    console.log(JSON.stringify({ waits: done, after: `job cancelled, idle ${seconds} s`, ...memory(server.pid) }));
  }
  console.log(JSON.stringify({ waits: WAITS, concurrency: CONCURRENCY, abortMs: ABORT_MS, answered, seconds, growthMb: quiet.rssMb - rows[0].rssMb, growthFromIdleMb: quiet.rssMb - idle.rssMb }));
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataRoot, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
