/**
 * Finds the JavaScript file a worker thread of this library runs: the Piscina job worker
 * (`jobs-worker.js`) or a danfo session's worker (`danfo-session-worker.js`).
 *
 * - A file given explicitly: that file.
 * - Running from TypeScript sources (ts-jest in jobs, http-server, grpc-server): the worker entry is
 *   bundled with esbuild into `<workspace>/tmp/<bundle name>/<content hash>/<file name>` on first
 *   use, and reused while the libraries' sources are unchanged.
 * - Otherwise (a built app bundle): the file of that name next to the bundle, which the apps' build
 *   writes with the same options (`libs/jobs/scripts/worker-bundle.cjs`).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

/** What `libs/jobs/scripts/worker-bundle.cjs` exports: the workspace root and each worker's esbuild options. */
export interface WorkerBundleScript {
  ROOT: string;
  workerBundleOptions(outfile: string): Record<string, unknown>;
  sessionWorkerBundleOptions(outfile: string): Record<string, unknown>;
}

/** One of the library's worker bundles. */
export interface WorkerBundle {
  /** The file name the apps' build gives it, next to main.js (also its folder under tmp/). */
  fileName: string;
  /** Which of the script's option builders bundles it. */
  options: 'workerBundleOptions' | 'sessionWorkerBundleOptions';
  /** The error to throw when a file to run is not there. */
  missing(file: string): Error;
}

/** Loads the bundle script of the workspace these sources belong to. */
export function loadWorkerBundleScript(): WorkerBundleScript {
  // createRequire keeps the apps' bundler from following this development-only module.
  return createRequire(__filename)(path.resolve(__dirname, '../../scripts/worker-bundle.cjs')) as WorkerBundleScript;
}

/** Resolves (and, from TypeScript sources, builds) the file of `bundle`; throws `bundle.missing`. */
export function resolveWorkerBundle(bundle: WorkerBundle, explicit?: string): string {
  if (explicit !== undefined) return existing(bundle, path.resolve(explicit));
  if (__filename.endsWith('.ts')) return bundleFromSources(bundle);
  return existing(bundle, path.join(__dirname, bundle.fileName));
}

function existing(bundle: WorkerBundle, file: string): string {
  if (!fs.existsSync(file)) throw bundle.missing(file);
  return file;
}

/** The file last resolved from sources, per bundle: later calls skip even the existence check. */
const bundled = new Map<string, string>();

/** Bundles the worker from the workspace sources, cached by a hash of every input. */
function bundleFromSources(bundle: WorkerBundle): string {
  const script = loadWorkerBundleScript();
  const esbuild = createRequire(__filename)('esbuild') as { version: string; buildSync(options: Record<string, unknown>): unknown };
  const hash = createHash('sha256');
  hash.update(`esbuild ${esbuild.version}\n`);
  for (const file of bundleInputs(script.ROOT)) {
    hash.update(`${path.relative(script.ROOT, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  const digest = hash.digest('hex').slice(0, 16);
  const outfile = path.join(script.ROOT, 'tmp', path.basename(bundle.fileName, '.js'), digest, bundle.fileName);
  if (bundled.get(bundle.fileName) === outfile || fs.existsSync(outfile)) {
    bundled.set(bundle.fileName, outfile);
    return outfile;
  }
  // Build beside the target and rename, so that parallel test processes never load half a file.
  const partial = `${outfile}.${process.pid}.${Date.now()}.tmp.js`;
  esbuild.buildSync(script[bundle.options](partial));
  fs.renameSync(partial, outfile);
  pruneStaleBundles(path.dirname(path.dirname(outfile)), path.dirname(outfile));
  bundled.set(bundle.fileName, outfile);
  return outfile;
}

/** Bundles of older sources pile up as the code changes; drop those untouched for a day. */
function pruneStaleBundles(parent: string, keep: string): void {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const entry of fs.readdirSync(parent, { withFileTypes: true })) {
    const dir = path.join(parent, entry.name);
    if (!entry.isDirectory() || dir === keep) continue;
    try {
      if (fs.statSync(dir).mtimeMs < dayAgo) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another process may be pruning the same folder.
    }
  }
}

/** Every file whose content can change a bundle: library sources, the tsconfig, the build scripts. */
function bundleInputs(root: string): string[] {
  const files = [
    path.join(root, 'tsconfig.base.json'),
    path.join(root, 'tools/scripts/node-bundle.cjs'),
    path.join(root, 'libs/jobs/scripts/worker-bundle.cjs'),
  ];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|json)$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name)) files.push(full);
    }
  };
  const libs = path.join(root, 'libs');
  for (const lib of fs.readdirSync(libs).sort()) {
    const src = path.join(libs, lib, 'src');
    if (fs.existsSync(src)) walk(src);
  }
  return files;
}
