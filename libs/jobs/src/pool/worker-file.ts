/**
 * Finds the JavaScript file Piscina loads in each worker thread: an explicit `workerFile`, else
 * `jobs-worker.js` next to this module. The file is built by the Nx target `jobs:build-workers`
 * (which `test`, `serve` and `build` depend on): an app build copies it beside `main.js`; under
 * Jest the workspace preset maps the request to the target's output.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { jobsErrors } from '../errors';

/** The file name of the worker entry, next to the code that loads it. */
export const WORKER_FILE_NAME = 'jobs-worker.js';

/** Resolves the worker file; throws JOB_WORKER_FILE_MISSING naming the file when it is not there. */
export function resolveWorkerFile(explicit?: string): string {
  if (explicit !== undefined) {
    const file = path.resolve(explicit);
    if (!fs.existsSync(file)) throw jobsErrors.workerFileMissing(file);
    return file;
  }
  try {
    return require.resolve('./jobs-worker.js');
  } catch {
    throw jobsErrors.workerFileMissing(path.join(__dirname, WORKER_FILE_NAME));
  }
}
