#!/usr/bin/env node
// Builds the deployable HTTP server into one folder (default dist/apps/http-server): main.js,
// jobs-worker.js (built by `jobs:build-workers`), console/ (the web console, built by
// `console:build`), swagger-ui/ (the files of the /docs/ page, from the installed swagger-ui-dist)
// and package.json, as tools/scripts/build-app.cjs describes.
'use strict';
const path = require('node:path');
const { appBuild } = require('../../tools/scripts/build-app.cjs');

/** Where swagger-ui-dist is installed; the /docs/ page loads a few of its files (routes/docs.ts, DOCS_ASSETS). */
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'];

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
    ...DOCS_ASSETS.map((file) => ({
      from: path.join(SWAGGER_UI, file),
      to: path.join('swagger-ui', file),
      missing: 'run `npm install` (swagger-ui-dist is a dependency)',
    })),
  ],
});
