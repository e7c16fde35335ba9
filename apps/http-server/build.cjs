#!/usr/bin/env node
// Builds the deployable HTTP server into one folder (default dist/apps/http-server): main.js,
// jobs-worker.js (built by `jobs:build-workers`), console/ (the web console, built by
// `console:build`) and package.json, as tools/scripts/build-app.cjs describes.
'use strict';
const path = require('node:path');
const { appBuild } = require('../../tools/scripts/build-app.cjs');

// The HTTP server's part of the build: its entry, its version constant and its manifest.
module.exports = appBuild(module, 'http-server', {
  entry: path.join(__dirname, 'src/main.ts'),
  manifest: { name: 'pipeline-http-server', description: 'Pipeline service, HTTP/JSON interface (built bundle)' },
  workers: ['jobs'],
  // The web console's static files (built by `console:build`), served at `/` from beside main.js.
  files: [
    {
      from: path.join(__dirname, '../../dist/apps/console'),
      to: 'console',
      missing: 'run `npx nx build console` (the build target depends on it)',
    },
  ],
});
