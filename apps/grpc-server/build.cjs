#!/usr/bin/env node
// Builds the deployable gRPC server into one folder (default dist/apps/grpc-server): main.js,
// jobs-worker.js and package.json as tools/scripts/build-app.cjs describes, and
//   danfo-session-worker.js  the worker thread that runs danfo sessions (loaded from beside main.js)
//   pipeline.binpb           the FileDescriptorSet served by gRPC reflection (from the codegen target)
'use strict';
const path = require('node:path');
const { appBuild } = require('../../tools/scripts/build-app.cjs');
const { sessionWorkerBundleOptions } = require('../../libs/jobs/scripts/worker-bundle.cjs');

// The gRPC server's part of the build: its entry, version constant, manifest and extra outputs.
module.exports = appBuild(module, 'grpc-server', {
  entry: path.join(__dirname, 'src/main.ts'),
  versionDefine: 'PIPELINE_SERVER_VERSION',
  manifest: { name: 'pipeline-grpc-server', description: 'Pipeline service, gRPC interface pipeline.v1 (built bundle)' },
  bundles: [
    {
      file: 'danfo-session-worker.js',
      options: (outfile) => ({ ...sessionWorkerBundleOptions(outfile), sourcemap: true, logLevel: 'warning' }),
    },
  ],
  files: [
    {
      from: path.join(__dirname, 'src/generated/pipeline.binpb'),
      to: 'pipeline.binpb',
      missing: 'run `npx nx run grpc-server:codegen`',
    },
  ],
});
