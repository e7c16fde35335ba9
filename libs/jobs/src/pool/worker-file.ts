/**
 * Finds the JavaScript file Piscina loads in each worker thread: an explicit `workerFile`, else
 * `jobs-worker.js` bundled from sources or found next to the app bundle (see `../bundle/worker-bundle`).
 */
import { resolveWorkerBundle, type WorkerBundle } from '../bundle/worker-bundle';
import { jobsErrors } from '../errors';

/** The file name the apps' build gives the worker bundle, next to main.js. */
export const WORKER_BUNDLE_NAME = 'jobs-worker.js';

const JOBS_WORKER: WorkerBundle = {
  fileName: WORKER_BUNDLE_NAME,
  options: 'workerBundleOptions',
  missing: (file) => jobsErrors.workerFileMissing(file),
};

/** Resolves (and, from TypeScript sources, builds) the worker file; throws JOB_WORKER_FILE_MISSING. */
export function resolveWorkerFile(explicit?: string): string {
  return resolveWorkerBundle(JOBS_WORKER, explicit);
}
