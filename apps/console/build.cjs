#!/usr/bin/env node
// Builds the web console into one folder of static files (default dist/apps/console):
// index.html, console.css and console.js (the TypeScript sources, CodeMirror and dagre bundled
// with esbuild for the browser; nothing is loaded from a CDN). The sample pipelines of
// sample-data/pipelines are compiled into console.js.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const ROOT = path.resolve(__dirname, '../..');
const SAMPLES = path.join(ROOT, 'sample-data', 'pipelines');

/** The sample pipelines, by file name, in name order. */
function readSamples() {
  if (!fs.existsSync(SAMPLES)) return [];
  return fs
    .readdirSync(SAMPLES)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => ({ name, yaml: fs.readFileSync(path.join(SAMPLES, name), 'utf8') }));
}

/** Builds the console into `outdir` (emptied first). */
async function build(outdir) {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.mkdirSync(outdir, { recursive: true });
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'src/main.ts')],
    outfile: path.join(outdir, 'console.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: true,
    legalComments: 'linked',
    tsconfig: path.join(__dirname, 'tsconfig.app.json'),
    define: { CONSOLE_SAMPLES: JSON.stringify(readSamples()), CONSOLE_VERSION: JSON.stringify(version) },
    logLevel: 'warning',
  });
  for (const file of ['index.html', 'console.css', 'favicon.svg']) {
    fs.copyFileSync(path.join(__dirname, 'src', file), path.join(outdir, file));
  }
  return { outdir };
}

if (require.main === module) {
  const outdir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist/apps/console'));
  build(outdir).then(
    () => console.log(`console built into ${outdir}`),
    (error) => {
      console.error(`console build failed: ${error.message}`);
      process.exit(1);
    },
  );
}

module.exports = { build };
