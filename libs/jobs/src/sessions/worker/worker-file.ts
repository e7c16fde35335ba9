/**
 * Finds the JavaScript file a danfo session worker thread runs.
 *
 * - `workerFile` given: that file.
 * - Running from TypeScript sources (ts-jest in jobs and grpc-server): `session-worker.ts` is
 *   bundled with esbuild into `<workspace>/tmp/danfo-session-worker/<content hash>/` on first
 *   use, and reused while the libraries' sources are unchanged.
 * - Otherwise (a built app bundle): `danfo-session-worker.js` next to the bundle; the app's build
 *   writes it with {@link sessionWorkerBundleOptions}.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { sessionErrors } from '../errors';

/** The file name of the worker bundle next to the app's main.js. */
export const SESSION_WORKER_BUNDLE_NAME = 'danfo-session-worker.js';

/** The workspace root, when running from sources (libs/jobs/src/sessions/worker -> root). */
function workspaceRoot(): string {
  return path.resolve(__dirname, '../../../../..');
}

/** The esbuild options that bundle the worker entry into `outfile` (npm packages stay external). */
export function sessionWorkerBundleOptions(outfile: string, root: string = workspaceRoot()): Record<string, unknown> {
  return {
    entryPoints: [path.join(root, 'libs/jobs/src/sessions/worker/session-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    tsconfig: path.join(root, 'tsconfig.base.json'),
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'silent',
  };
}

/** Resolves (and, from TypeScript sources, builds) the worker file. */
export function resolveSessionWorkerFile(explicit?: string): string {
  if (explicit !== undefined) return existing(path.resolve(explicit));
  if (__filename.endsWith('.ts')) return bundleFromSources();
  return existing(path.join(__dirname, SESSION_WORKER_BUNDLE_NAME));
}

function existing(file: string): string {
  if (!fs.existsSync(file)) {
    throw sessionErrors.workerFailed(`worker file not found at ${file}: build it next to the app bundle or pass danfoWorkerFile`);
  }
  return file;
}

let bundled: string | undefined;

function bundleFromSources(): string {
  const root = workspaceRoot();
  // createRequire keeps the apps' bundler from following this development-only module.
  const esbuild = createRequire(__filename)('esbuild') as { version: string; buildSync(o: Record<string, unknown>): unknown };
  const hash = createHash('sha256');
  hash.update(`esbuild ${esbuild.version}\n`);
  for (const file of bundleInputs(root)) {
    hash.update(`${path.relative(root, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  const outfile = path.join(root, 'tmp', 'danfo-session-worker', hash.digest('hex').slice(0, 16), SESSION_WORKER_BUNDLE_NAME);
  if (bundled === outfile || fs.existsSync(outfile)) return (bundled = outfile);
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  // Build beside the target and rename, so parallel test processes never load half a file.
  const partial = `${outfile}.${process.pid}.${Date.now()}.tmp.js`;
  esbuild.buildSync(sessionWorkerBundleOptions(partial, root));
  fs.renameSync(partial, outfile);
  return (bundled = outfile);
}

function bundleInputs(root: string): string[] {
  const files = [path.join(root, 'tsconfig.base.json')];
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
