/**
 * Finds the JavaScript file a danfo session worker thread runs: an explicit `danfoWorkerFile`,
 * else `danfo-session-worker.js` next to this module. The file is built by the Nx target
 * `sessions:build-workers` (which `test`, `serve` and `build` depend on): an app build copies it
 * beside `main.js`; under Jest the workspace preset maps the request to the target's output.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sessionErrors } from '../errors';

/** The file name of the worker entry, next to the code that loads it. */
export const SESSION_WORKER_FILE_NAME = 'danfo-session-worker.js';

/** Resolves the worker file; throws SESSION_WORKER_FAILED naming the file when it is not there. */
export function resolveSessionWorkerFile(explicit?: string): string {
  const missing = (file: string) =>
    sessionErrors.workerFailed(`worker file not found at ${file}: build it next to the app bundle or pass danfoWorkerFile`);
  if (explicit !== undefined) {
    const file = path.resolve(explicit);
    if (!fs.existsSync(file)) throw missing(file);
    return file;
  }
  try {
    return require.resolve('./danfo-session-worker.js');
  } catch {
    throw missing(path.join(__dirname, SESSION_WORKER_FILE_NAME));
  }
}
