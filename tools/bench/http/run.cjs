#!/usr/bin/env node
// HTTP load benchmark: builds the http-server bundle, starts it on 127.0.0.1 (any free port) over
// a temporary data root holding the sample employees file, and drives two endpoints with
// autocannon at a fixed concurrency for a bounded time:
//   POST /api/validate   (the sample pipeline: YAML parsing, variables and every validation rule)
//   GET  /api/jobs/{id}  (a completed job read from the in-memory store)
// Prints requests per second and latency percentiles per endpoint.
//
// Usage: node tools/bench/http/run.cjs [--duration 10] [--connections 50] [--json out.json]
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');

const ROOT = path.resolve(__dirname, '../../..');
const { build } = require(path.join(ROOT, 'apps/http-server/build.cjs'));
const { startServerProcess } = require('../lib/server-process.js');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const DURATION = Number(option('duration', '10'));
const CONNECTIONS = Number(option('connections', '50'));
const JSON_OUT = option('json', undefined);

async function main() {
  const work = fs.mkdtempSync(path.join(ROOT, 'tmp', 'http-bench-'));
  const bundle = path.join(work, 'bundle');
  const dataRoot = path.join(work, 'data');
  fs.mkdirSync(dataRoot);
  fs.copyFileSync(path.join(ROOT, 'sample-data/employees.csv'), path.join(dataRoot, 'employees.csv'));
  const yaml = fs.readFileSync(path.join(ROOT, 'sample-data/pipelines/employees.yaml'), 'utf8');

  await build(bundle);
  // The settings through the environment, as a deployment gives them.
  const server = await startServerProcess({ main: path.join(bundle, 'main.js'), env: { ...process.env, DATA_ROOT: dataRoot } });
  try {
    const jobId = await completedJob(server.url, yaml);
    const results = [
      await load('POST /api/validate', {
        url: `${server.url}/api/validate`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ yaml, variables: { MIN_SALARY: '60000' } }),
      }),
      await load('GET /api/jobs/{id}', { url: `${server.url}/api/jobs/${jobId}` }),
    ];
    report(results);
    if (JSON_OUT) fs.writeFileSync(JSON_OUT, `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function completedJob(url, yaml) {
  const submitted = await fetch(`${url}/api/jobs`, { method: 'POST', body: JSON.stringify({ yaml }) });
  const { job_id: id } = await submitted.json();
  const job = await (await fetch(`${url}/api/jobs/${id}/wait?timeout=60`)).json();
  if (job.status !== 'completed') throw new Error(`the setup job ended ${job.status}: ${job.error ?? ''}`);
  return id;
}

async function load(name, options) {
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${name}: ${failures} failed requests (errors, timeouts or non-2xx)`);
  return {
    endpoint: name,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  };
}

function report(results) {
  console.log(`\n${os.cpus().length} CPUs, node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s per endpoint\n`);
  console.log('| endpoint | requests/s | p50 latency | p99 latency |');
  console.log('|---|---:|---:|---:|');
  for (const r of results) {
    console.log(`| \`${r.endpoint}\` | ${r.requestsPerSecond} | ${r.latencyMs.p50} ms | ${r.latencyMs.p99} ms |`);
  }
}

main().catch((error) => {
  console.error(`http benchmark failed: ${error.stack ?? error}`);
  process.exit(1);
});
