#!/usr/bin/env node
// Builds the deployable gRPC server into one folder (default dist/apps/grpc-server): main.js,
// package.json and the worker files as tools/scripts/build-app.cjs describes
//   jobs-worker.js           the job worker threads (built by `jobs:build-workers`)
//   danfo-session-worker.js  the worker thread that runs danfo sessions (built by `sessions:build-workers`)
//   pipeline.binpb           the FileDescriptorSet served by gRPC reflection (from the codegen target)
'use strict';
const path = require('node:path');
const { appBuild } = require('../../tools/scripts/build-app.cjs');

// The gRPC server's part of the build: its entry, version constant, manifest and extra outputs.
module.exports = appBuild(module, 'grpc-server', {
  entry: path.join(__dirname, 'src/main.ts'),
  manifest: { name: 'pipeline-grpc-server', description: 'Pipeline service, gRPC interface pipeline.v1 (built bundle)' },
  workers: ['jobs', 'sessions'],
  files: [
    {
      from: path.join(__dirname, 'src/generated/pipeline.binpb'),
      to: 'pipeline.binpb',
      missing: 'run `npx nx run grpc-server:codegen`',
    },
  ],
});
