// The esbuild options every bundle of this workspace starts from: one CommonJS file for Node 20,
// with the workspace libraries (@pipeline/*) resolved through tsconfig.base.json's paths and
// inlined. Callers add what their bundle decides: which npm packages stay external, source maps,
// defines, log level. Used by the apps' builds, the jobs library's worker bundles and the benches.
'use strict';
const path = require('node:path');

/** The workspace root (this file sits in tools/scripts). */
const ROOT = path.resolve(__dirname, '../..');

/** esbuild options bundling `entry` into `outfile`; `extra` adds or replaces options. */
function nodeBundleOptions(entry, outfile, extra = {}) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    tsconfig: path.join(ROOT, 'tsconfig.base.json'),
    ...extra,
  };
}

module.exports = { ROOT, nodeBundleOptions };
