#!/usr/bin/env node
// Jobs benchmark runner: `node tools/bench/jobs/run.cjs [--jobs 1000] [--latency-samples 200] [--workers N]`.
// Bundles bench.ts with esbuild into tmp/bench-jobs/ and the jobs worker next to it as
// jobs-worker.js, the same layout as a built app, then runs the bundle in a fresh Node process.
'use strict';
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const esbuild = require('esbuild');
const { ROOT, nodeBundleOptions } = require('../../scripts/node-bundle.cjs');
const { buildWorkerBundle } = require('../../../libs/jobs/scripts/worker-bundle.cjs');

async function main() {
  const outdir = path.join(ROOT, 'tmp', 'bench-jobs');
  const bench = path.join(outdir, 'bench.js');
  await esbuild.build(nodeBundleOptions(path.join(__dirname, 'bench.ts'), bench, { packages: 'external', logLevel: 'silent' }));
  await buildWorkerBundle(path.join(outdir, 'jobs-worker.js'));
  const result = spawnSync(process.execPath, [bench, ...process.argv.slice(2)], {
    stdio: 'inherit',
    cwd: ROOT,
  });
  process.exit(result.status ?? 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
