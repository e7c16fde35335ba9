// Builds a deployable app into one folder; each app's build.cjs says only what is its own:
//   main.js (+ .map)   the app's src/main.ts, the workspace libraries and its npm packages inlined,
//                      except EXTERNAL; the root package.json's version is compiled in (PIPELINE_VERSION)
//   <worker>.js        each worker file the app's libraries load from beside main.js (`workers`: the
//                      libraries whose Nx target `build-workers` built it, which the app's build
//                      target depends on): jobs-worker.js, danfo-session-worker.js
//   ...                the app's further `bundles` (esbuild options for an outfile) and copied `files`
//   package.json       the npm packages the bundles import at run time, at the workspace's versions,
//                      with the workspace's overrides (danfojs-node needs them to install)
// Native and heavy packages stay external: run the bundle inside the workspace (node_modules is
// found above dist/) or run `npm install --omit=dev` in the output folder.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');
const esbuild = require('esbuild');
const { ROOT, nodeBundleOptions } = require('./node-bundle.cjs');

/**
 * Never inlined into main.js: native addons, big engines, and packages that load files of their own
 * (`pg` asks for its optional native binding, `pg-native`, at run time).
 */
const EXTERNAL = ['@duckdb/node-api', '@duckdb/*', 'danfojs-node', 'piscina', 'nodejs-polars', 'esbuild', 'pino', 'pino-pretty', 'pg'];

/**
 * The worker file a library's `build-workers` target writes, and the esbuild metafile beside it.
 * `lib`: the library folder under libs/ (its project.json holds the target).
 */
function builtWorker(lib) {
  const project = JSON.parse(fs.readFileSync(path.join(ROOT, 'libs', lib, 'project.json'), 'utf8'));
  const options = project.targets?.['build-workers']?.options;
  if (!options) throw new Error(`libs/${lib} has no build-workers target`);
  const dir = path.join(ROOT, options.outputPath);
  return {
    from: path.join(dir, options.outputFileName),
    to: options.outputFileName,
    metafile: path.join(dir, 'meta.json'),
    missing: `run \`npx nx run ${project.name}:build-workers\` (the app's build target depends on it)`,
  };
}

/**
 * Builds `app` into `outdir` (emptied first) and returns the runtime dependencies it recorded.
 * `app`: { entry, manifest: { name, description, bin? }, workers: [lib folder],
 *          bundles: [{ file, options(outfile) }], files: [{ from, to, missing }], executable? }.
 * `executable`: main.js starts with a `#!/usr/bin/env node` line and is made executable (a command-line tool).
 */
async function buildApp(app, outdir) {
  const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const workers = (app.workers ?? []).map(builtWorker);
  const files = [...workers, ...(app.files ?? [])];
  for (const file of files) {
    if (!fs.existsSync(file.from)) throw new Error(`${file.from} is missing: ${file.missing}`);
  }
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.mkdirSync(outdir, { recursive: true });

  const main = nodeBundleOptions(app.entry, path.join(outdir, 'main.js'), {
    external: EXTERNAL,
    // @pipeline/server-kit reports this as the service version (health, banner).
    define: { PIPELINE_VERSION: JSON.stringify(rootPackage.version) },
    sourcemap: true,
    logLevel: 'warning',
    ...(app.executable ? { banner: { js: '#!/usr/bin/env node' } } : {}),
  });
  const bundles = [main];
  for (const bundle of app.bundles ?? []) bundles.push(bundle.options(path.join(outdir, bundle.file)));
  const metafiles = workers.map((worker) => JSON.parse(fs.readFileSync(worker.metafile, 'utf8')));
  // The metafiles tell which npm packages each bundle imports at run time.
  for (const options of bundles) metafiles.push((await esbuild.build({ ...options, metafile: true })).metafile);
  // A file or a whole folder (the web console's static files).
  for (const file of files) fs.cpSync(file.from, path.join(outdir, file.to), { recursive: true });
  if (app.executable) fs.chmodSync(path.join(outdir, 'main.js'), 0o755);

  const dependencies = {};
  for (const name of runtimePackages(metafiles)) {
    dependencies[name] = rootPackage.dependencies?.[name] ?? installedVersion(name);
  }
  const manifest = {
    name: app.manifest.name,
    version: rootPackage.version,
    private: true,
    description: app.manifest.description,
    main: 'main.js',
    ...(app.manifest.bin ? { bin: app.manifest.bin } : {}),
    engines: rootPackage.engines,
    scripts: { start: 'node main.js' },
    dependencies,
    // The workspace's pins of transitive packages (danfojs-node's TensorFlow binding) apply here too.
    ...(rootPackage.overrides ? { overrides: rootPackage.overrides } : {}),
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
        // The libraries' `require.resolve('./<worker>.js')`: a file beside the bundle, not a package.
        if (imported.path.startsWith('.')) continue;
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

/**
 * What an app's build.cjs exports: `build(outdir)` for tests and benches. Run as a script
 * (`caller` is the app's `module`), it is the command line `node build.cjs [outdir]`, by default
 * into dist/apps/<project>.
 */
function appBuild(caller, project, app) {
  const build = (outdir) => buildApp(app, outdir);
  if (require.main === caller) runBuildCli(project, build);
  return { build };
}

function runBuildCli(project, build) {
  const outdir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist/apps', project));
  build(outdir).then(
    ({ dependencies }) => console.log(`${project} built into ${outdir} (external: ${Object.keys(dependencies).join(', ')})`),
    (error) => {
      console.error(`${project} build failed: ${error.message}`);
      process.exit(1);
    },
  );
}

module.exports = { EXTERNAL, appBuild, buildApp };
