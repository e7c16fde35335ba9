#!/usr/bin/env node
// Soak check of the engine runtime (one shared DuckDB database for many plan runs):
//   node libs/engine/scripts/runtime-soak.cjs [--runs 5000] [--every 500]
// Bundles the engine with esbuild, then runs a tiny pipeline (a 10-row CSV read by two consumers,
// so one asset is a temporary table and the others views; two CSV outputs) again and again on one
// runtime. Every `--every` runs it prints the process RSS, DuckDB's own memory accounting and the
// views and tables a new connection of the shared database can see, then the mean time of a run
// on the runtime and on a fresh database (`executePlan`). It exits 1 if any object is left or a
// run's connection stays open.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const esbuild = require('esbuild');
const { ROOT, nodeBundleOptions } = require('../../../tools/scripts/node-bundle.cjs');

const ENTRY = `
export { createEngineRuntime, executePlan } from '@pipeline/engine';
export { planPipeline } from '@pipeline/planner';
export { LockedDuckDb } from './libs/engine-duckdb/src/duckdb-database';
`;

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const PIPELINE = `version: "3.0"
pipeline:
  name: soak
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: in.csv } }
    - asset_ref: picked
      source: { where: { from: raw, filter: "v > 3" } }
    - asset_ref: slim
      source: { select: { from: picked, columns: [id, v] } }
    - asset_ref: out
      source: { output: { from: slim, format: csv, path: out/a.csv, mode: overwrite } }
    - asset_ref: copy
      source: { output: { from: raw, format: csv, path: out/b.csv, mode: overwrite } }
`;

async function main() {
  const runs = arg('runs', 5000);
  const every = arg('every', 500);
  const outfile = path.join(ROOT, 'tmp', 'engine-soak', 'engine.js');
  await esbuild.build(
    nodeBundleOptions(undefined, outfile, {
      entryPoints: undefined,
      stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'ts' },
      packages: 'external',
      logLevel: 'silent',
    }),
  );
  const engine = require(outfile);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-soak-'));
  const rows = ['id,v'];
  for (let i = 0; i < 10; i++) rows.push(`${i},${i}`);
  fs.writeFileSync(path.join(root, 'in.csv'), `${rows.join('\n')}\n`);
  const planned = engine.planPipeline(PIPELINE, {});
  if (!planned.ok) throw new Error(planned.error.message);
  const plan = planned.plan;

  const opened = [];
  const open = engine.LockedDuckDb.open.bind(engine.LockedDuckDb);
  engine.LockedDuckDb.open = (...args) => {
    const db = open(...args);
    opened.push(db);
    return db;
  };
  const runtime = engine.createEngineRuntime({ dataRoot: root, duckdb: { threads: 1, memoryLimit: '256MB' } });
  const probe = async () => {
    const conn = await (await opened[0]).connect();
    try {
      const objects = Number((await conn.rows(
        'SELECT count(*) FROM (SELECT view_name FROM duckdb_views() WHERE NOT internal UNION ALL SELECT table_name FROM duckdb_tables())',
      ))[0][0]);
      const memory = Number((await conn.rows('SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory()'))[0][0]);
      return { objects, memory };
    } finally {
      await conn.close();
    }
  };
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  let failed = false;
  console.log(`engine runtime soak: ${runs} runs, Node ${process.version}`);
  console.log('| runs | RSS | V8 heap used | DuckDB memory | objects left | open connections |');
  console.log('|---|---|---|---|---|---|');
  const started = performance.now();
  for (let i = 1; i <= runs; i++) {
    await runtime.executePlan(plan);
    if (i % every === 0 || i === 1) {
      global.gc?.();
      const { objects, memory } = await probe();
      const stats = runtime.stats();
      const mem = process.memoryUsage();
      console.log(`| ${i} | ${mb(mem.rss)} | ${mb(mem.heapUsed)} | ${mb(memory)} | ${objects} | ${stats.openConnections} |`);
      if (objects !== 0 || stats.openConnections !== 0 || stats.databasesOpened !== 1) failed = true;
    }
  }
  const sharedMs = (performance.now() - started) / runs;
  const freshRuns = Math.min(runs, 300);
  const freshStarted = performance.now();
  for (let i = 0; i < freshRuns; i++) await engine.executePlan(plan, { dataRoot: root, duckdb: { threads: 1, memoryLimit: '256MB' } });
  const freshMs = (performance.now() - freshStarted) / freshRuns;
  console.log(`\nmean run: ${sharedMs.toFixed(2)} ms on the runtime's shared database, ${freshMs.toFixed(2)} ms on a fresh database (${freshRuns} runs)`);
  await runtime.close();
  fs.rmSync(root, { recursive: true, force: true });
  if (failed) {
    console.error('FAILED: objects or connections were left behind');
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
