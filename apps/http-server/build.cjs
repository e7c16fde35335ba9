#!/usr/bin/env node
// Builds the deployable HTTP server into one folder (default dist/apps/http-server):
//   main.js          src/main.ts and the workspace libraries, bundled (esbuild, CommonJS, node20)
//   jobs-worker.js   the jobs library's Piscina worker, which the job service loads from beside main.js
//   package.json     the npm packages both bundles leave external, at the workspace's versions
// Native or heavy packages (DuckDB, danfojs-node, Piscina...) stay external: run the bundle from
// the workspace (node_modules is found above dist/) or `npm install --omit=dev` in the folder.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const ROOT = path.resolve(__dirname, '../..');
const { workerBundleOptions } = require(path.join(ROOT, 'libs/jobs/scripts/worker-bundle.cjs'));

/** Packages never bundled into main.js: native addons, large engines, worker-pool machinery. */
const EXTERNAL = ['@duckdb/node-api', '@duckdb/*', 'danfojs-node', 'piscina', 'nodejs-polars', 'esbuild'];

async function build(outdir) {
  const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.mkdirSync(outdir, { recursive: true });

  const main = await esbuild.build({
    entryPoints: [path.join(__dirname, 'src/main.ts')],
    outfile: path.join(outdir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    tsconfig: path.join(ROOT, 'tsconfig.base.json'),
    external: EXTERNAL,
    define: { HTTP_SERVER_VERSION: JSON.stringify(rootPackage.version) },
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  // The jobs library's own worker bundle options; the metafile tells what it imports at run time.
  const worker = await esbuild.build({ ...workerBundleOptions(path.join(outdir, 'jobs-worker.js')), metafile: true });

  const dependencies = {};
  for (const name of externalPackages([main.metafile, worker.metafile])) {
    dependencies[name] = rootPackage.dependencies?.[name] ?? installedVersion(name);
  }
  const manifest = {
    name: 'pipeline-http-server',
    version: rootPackage.version,
    private: true,
    description: 'Pipeline service, HTTP/JSON interface (built bundle)',
    main: 'main.js',
    engines: rootPackage.engines,
    scripts: { start: 'node main.js' },
    dependencies,
    // The workspace's pins of transitive packages (danfojs-node's TensorFlow binding) apply here too.
    ...(rootPackage.overrides ? { overrides: rootPackage.overrides } : {}),
  };
  fs.writeFileSync(path.join(outdir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { outdir, dependencies };
}

/** npm package names imported at run time by the bundles (Node built-ins excluded). */
function externalPackages(metafiles) {
  const names = new Set();
  for (const metafile of metafiles) {
    for (const output of Object.values(metafile.outputs)) {
      for (const imported of output.imports) {
        if (!imported.external || imported.path.startsWith('node:') || isBuiltin(imported.path)) continue;
        const parts = imported.path.split('/');
        names.add(imported.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
      }
    }
  }
  return [...names].sort();
}

function isBuiltin(specifier) {
  return require('node:module').builtinModules.includes(specifier.split('/')[0]);
}

function installedVersion(name) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
}

module.exports = { build };

if (require.main === module) {
  const outdir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist/apps/http-server'));
  build(outdir).then(
    ({ dependencies }) =>
      console.log(`http-server built into ${outdir} (external: ${Object.keys(dependencies).join(', ')})`),
    (error) => {
      console.error(`http-server build failed: ${error.message}`);
      process.exit(1);
    },
  );
}
