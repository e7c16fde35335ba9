#!/usr/bin/env node
// Builds the deployable gRPC server into one folder (default dist/apps/grpc-server):
//   main.js                  src/main.ts with the workspace libraries inlined (esbuild, CommonJS, node20)
//   jobs-worker.js           the jobs library's Piscina worker (the job service loads it from beside main.js)
//   danfo-session-worker.js  the worker thread that runs danfo sessions (loaded from beside main.js)
//   pipeline.binpb           the FileDescriptorSet served by gRPC reflection (from the codegen target)
//   package.json             the npm packages the bundles import at run time, at the workspace's versions
// Native and heavy packages stay external: run the bundle inside the workspace (node_modules is
// found above dist/) or run `npm install --omit=dev` in the output folder.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');
const esbuild = require('esbuild');

const ROOT = path.resolve(__dirname, '../..');
const { workerBundleOptions } = require(path.join(ROOT, 'libs/jobs/scripts/worker-bundle.cjs'));

/** Never inlined into main.js: native addons, big engines, and packages that load files of their own. */
const EXTERNAL = ['@duckdb/node-api', '@duckdb/*', 'danfojs-node', 'piscina', 'nodejs-polars', 'esbuild'];

async function build(outdir) {
  const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const descriptorSet = path.join(__dirname, 'src/generated/pipeline.binpb');
  if (!fs.existsSync(descriptorSet)) throw new Error(`${descriptorSet} is missing: run \`npx nx run grpc-server:codegen\``);
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.mkdirSync(outdir, { recursive: true });

  const common = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    tsconfig: path.join(ROOT, 'tsconfig.base.json'),
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  };
  const main = await esbuild.build({
    ...common,
    entryPoints: [path.join(__dirname, 'src/main.ts')],
    outfile: path.join(outdir, 'main.js'),
    external: EXTERNAL,
    define: { PIPELINE_SERVER_VERSION: JSON.stringify(rootPackage.version) },
  });
  const jobsWorker = await esbuild.build({ ...workerBundleOptions(path.join(outdir, 'jobs-worker.js')), metafile: true });
  const sessionWorker = await esbuild.build({
    ...common,
    entryPoints: [path.join(ROOT, 'libs/jobs/src/sessions/worker/session-worker.ts')],
    outfile: path.join(outdir, 'danfo-session-worker.js'),
    packages: 'external',
  });
  fs.copyFileSync(descriptorSet, path.join(outdir, 'pipeline.binpb'));

  const dependencies = {};
  for (const name of runtimePackages([main.metafile, jobsWorker.metafile, sessionWorker.metafile])) {
    dependencies[name] = rootPackage.dependencies?.[name] ?? installedVersion(name);
  }
  const manifest = {
    name: 'pipeline-grpc-server',
    version: rootPackage.version,
    private: true,
    description: 'Pipeline service, gRPC interface pipeline.v1 (built bundle)',
    main: 'main.js',
    engines: rootPackage.engines,
    scripts: { start: 'node main.js' },
    dependencies,
  };
  fs.writeFileSync(path.join(outdir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { outdir, dependencies };
}

/** npm packages the bundles import at run time (Node built-ins left out). */
function runtimePackages(metafiles) {
  const names = new Set();
  for (const metafile of metafiles) {
    for (const output of Object.values(metafile.outputs)) {
      for (const imported of output.imports) {
        if (!imported.external || imported.path.startsWith('node:')) continue;
        if (builtinModules.includes(imported.path.split('/')[0])) continue;
        const parts = imported.path.split('/');
        names.add(imported.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
      }
    }
  }
  return [...names].sort();
}

function installedVersion(name) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
}

module.exports = { build };

if (require.main === module) {
  const outdir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist/apps/grpc-server'));
  build(outdir).then(
    ({ dependencies }) => console.log(`grpc-server built into ${outdir} (external: ${Object.keys(dependencies).join(', ')})`),
    (error) => {
      console.error(`grpc-server build failed: ${error.message}`);
      process.exit(1);
    },
  );
}
