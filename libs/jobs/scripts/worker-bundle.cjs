#!/usr/bin/env node
// Builds the jobs worker bundle: libs/jobs/src/worker/worker.ts and the libraries it imports,
// bundled into one CommonJS file; npm packages (DuckDB's native addon, danfojs-node, piscina...)
// stay external and are loaded from node_modules at run time.
//
// Apps: `node libs/jobs/scripts/worker-bundle.cjs dist/apps/<app>/jobs-worker.js` after bundling
// main.js, so that the worker sits next to main.js (the jobs library's default `workerFile`).
// The jobs library also calls `workerBundleOptions` when it runs from TypeScript sources (tests).
'use strict';
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
const ENTRY = path.join(ROOT, 'libs/jobs/src/worker/worker.ts');

/** The esbuild options of the worker bundle, written to `outfile`. */
function workerBundleOptions(outfile) {
  return {
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Workspace libraries (@pipeline/*) resolve through the tsconfig paths and are bundled;
    // every npm package is left to node_modules.
    tsconfig: path.join(ROOT, 'tsconfig.base.json'),
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'silent',
  };
}

/** Builds the worker bundle into `outfile`. */
async function buildWorkerBundle(outfile) {
  const esbuild = require('esbuild');
  await esbuild.build(workerBundleOptions(path.resolve(outfile)));
}

module.exports = { ROOT, ENTRY, workerBundleOptions, buildWorkerBundle };

if (require.main === module) {
  const outfile = process.argv[2];
  if (!outfile) {
    console.error('usage: node libs/jobs/scripts/worker-bundle.cjs <outfile.js>');
    process.exit(2);
  }
  buildWorkerBundle(outfile).then(
    () => console.log(`jobs worker bundle written to ${path.resolve(outfile)}`),
    (error) => {
      console.error(`jobs worker bundle failed: ${error.message}`);
      process.exit(1);
    },
  );
}
