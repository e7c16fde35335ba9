/**
 * Finds the JavaScript file Piscina loads in each worker thread.
 *
 * - `workerFile` given: that file.
 * - Running from TypeScript sources (Jest/ts-jest in jobs, http-server, grpc-server): the worker
 *   entry is bundled with esbuild into `<workspace>/tmp/jobs-worker/<content hash>/jobs-worker.js`
 *   on first use, and reused while the libraries' sources are unchanged.
 * - Otherwise (a built app bundle): `jobs-worker.js` next to the bundle (see
 *   `libs/jobs/scripts/worker-bundle.cjs`, which the apps' build runs).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { jobsErrors } from '../errors';

/** The file name the apps' build gives the worker bundle, next to main.js. */
export const WORKER_BUNDLE_NAME = 'jobs-worker.js';

interface WorkerBundleScript {
  ROOT: string;
  workerBundleOptions(outfile: string): Record<string, unknown>;
}

/** Resolves (and, from TypeScript sources, builds) the worker file; throws JOB_WORKER_FILE_MISSING. */
export function resolveWorkerFile(explicit?: string): string {
  if (explicit !== undefined) return existing(path.resolve(explicit));
  if (__filename.endsWith('.ts')) return bundleFromSources();
  return existing(path.join(__dirname, WORKER_BUNDLE_NAME));
}

function existing(file: string): string {
  if (!fs.existsSync(file)) throw jobsErrors.workerFileMissing(file);
  return file;
}

let bundled: string | undefined;

/** Bundles the worker from the workspace sources, cached by a hash of every input. */
function bundleFromSources(): string {
  // createRequire keeps bundlers of the apps from following these development-only modules.
  const load = createRequire(__filename);
  const script = load(path.resolve(__dirname, '../../scripts/worker-bundle.cjs')) as WorkerBundleScript;
  const esbuild = load('esbuild') as { version: string; buildSync(options: Record<string, unknown>): unknown };
  const hash = createHash('sha256');
  hash.update(`esbuild ${esbuild.version}\n`);
  for (const file of bundleInputs(script.ROOT)) {
    hash.update(`${path.relative(script.ROOT, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  const digest = hash.digest('hex').slice(0, 16);
  const outfile = path.join(script.ROOT, 'tmp', 'jobs-worker', digest, WORKER_BUNDLE_NAME);
  if (bundled === outfile || fs.existsSync(outfile)) return (bundled = outfile);
  // Build beside the target and rename, so that parallel test processes never load half a file.
  const partial = `${outfile}.${process.pid}.${Date.now()}.tmp.js`;
  esbuild.buildSync(script.workerBundleOptions(partial));
  fs.renameSync(partial, outfile);
  pruneStaleBundles(path.dirname(path.dirname(outfile)), path.dirname(outfile));
  return (bundled = outfile);
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

/** Every file whose content can change the bundle: library sources, the tsconfig, the build script. */
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
