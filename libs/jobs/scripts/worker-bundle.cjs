#!/usr/bin/env node
// The esbuild options of the jobs library's two worker bundles, each one CommonJS file holding a
// worker entry and the workspace libraries it imports; npm packages (DuckDB's native addon,
// danfojs-node, piscina...) stay external and are loaded from node_modules at run time:
//   jobs-worker.js            libs/jobs/src/worker/worker.ts, the Piscina job worker
//   danfo-session-worker.js   libs/jobs/src/sessions/worker/session-worker.ts, a danfo session's thread
// The apps' builds write them next to main.js, where the library looks for them; from TypeScript
// sources (tests) the library bundles them itself with these same options
// (libs/jobs/src/bundle/worker-bundle.ts).
//
// By hand: `node libs/jobs/scripts/worker-bundle.cjs dist/apps/<app>/jobs-worker.js`.
'use strict';
const path = require('node:path');
const { ROOT, nodeBundleOptions } = require('../../../tools/scripts/node-bundle.cjs');

const ENTRY = path.join(ROOT, 'libs/jobs/src/worker/worker.ts');
const SESSION_ENTRY = path.join(ROOT, 'libs/jobs/src/sessions/worker/session-worker.ts');

/** Options shared by both workers: every npm package left to node_modules, the map inline. */
const WORKER_OPTIONS = { packages: 'external', sourcemap: 'inline', logLevel: 'silent' };

/** The esbuild options of the jobs worker bundle, written to `outfile`. */
function workerBundleOptions(outfile) {
  return nodeBundleOptions(ENTRY, outfile, WORKER_OPTIONS);
}

/** The esbuild options of the danfo session worker bundle, written to `outfile`. */
function sessionWorkerBundleOptions(outfile) {
  return nodeBundleOptions(SESSION_ENTRY, outfile, WORKER_OPTIONS);
}

/** Builds the jobs worker bundle into `outfile`. */
async function buildWorkerBundle(outfile) {
  const esbuild = require('esbuild');
  await esbuild.build(workerBundleOptions(path.resolve(outfile)));
}

module.exports = { ROOT, ENTRY, SESSION_ENTRY, workerBundleOptions, sessionWorkerBundleOptions, buildWorkerBundle };

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
