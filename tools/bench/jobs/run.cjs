#!/usr/bin/env node
// Jobs benchmark runner: `node tools/bench/jobs/run.cjs [--jobs 1000] [--latency-samples 200] [--workers N]`.
// Bundles bench.ts with esbuild into tmp/bench-jobs/, builds the jobs worker with its Nx target
// (`jobs:build-workers`) and copies it next to the bundle as jobs-worker.js, the same layout as a
// built app, then runs the bundle in a fresh Node process.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const { execFileSync, spawnSync } = require('node:child_process');
const esbuild = require('esbuild');
const { ROOT, nodeBundleOptions } = require('../../scripts/node-bundle.cjs');

async function main() {
  const outdir = path.join(ROOT, 'tmp', 'bench-jobs');
  const bench = path.join(outdir, 'bench.js');
  await esbuild.build(nodeBundleOptions(path.join(__dirname, 'bench.ts'), bench, { packages: 'external', logLevel: 'silent' }));
  execFileSync('npx', ['nx', 'run', 'jobs:build-workers'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  fs.copyFileSync(path.join(ROOT, 'dist/libs/jobs/workers/jobs-worker.js'), path.join(outdir, 'jobs-worker.js'));
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
