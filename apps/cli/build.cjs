#!/usr/bin/env node
// Builds the command-line tool into one folder (default dist/apps/cli): an executable main.js
// (the workspace's `pipeline` bin), jobs-worker.js (built by `jobs:build-workers`; `pipeline run`
// runs jobs on the same worker pool as the servers) and package.json, as
// tools/scripts/build-app.cjs describes.
'use strict';
const path = require('node:path');
const { appBuild } = require('../../tools/scripts/build-app.cjs');

// The tool's part of the build: its entry, its manifest (with the bin) and the job worker.
module.exports = appBuild(module, 'cli', {
  entry: path.join(__dirname, 'src/main.ts'),
  manifest: {
    name: 'pipeline-cli',
    description: 'Pipeline command-line tool: validate, explain, run and inspect pipelines, locally or on a server (built bundle)',
    bin: { pipeline: 'main.js' },
  },
  executable: true,
  workers: ['jobs'],
});
