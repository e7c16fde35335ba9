/**
 * Finds the JavaScript file a danfo session worker thread runs: an explicit `danfoWorkerFile`, else
 * `danfo-session-worker.js` bundled from sources or found next to the app bundle (see
 * `../../bundle/worker-bundle`).
 */
import { loadWorkerBundleScript, resolveWorkerBundle, type WorkerBundle } from '../../bundle/worker-bundle';
import { sessionErrors } from '../errors';

/** The file name of the worker bundle next to the app's main.js. */
export const SESSION_WORKER_BUNDLE_NAME = 'danfo-session-worker.js';

const SESSION_WORKER: WorkerBundle = {
  fileName: SESSION_WORKER_BUNDLE_NAME,
  options: 'sessionWorkerBundleOptions',
  missing: (file) =>
    sessionErrors.workerFailed(`worker file not found at ${file}: build it next to the app bundle or pass danfoWorkerFile`),
};

/** The esbuild options that bundle the worker entry into `outfile` (npm packages stay external); from sources only. */
export function sessionWorkerBundleOptions(outfile: string): Record<string, unknown> {
  return loadWorkerBundleScript().sessionWorkerBundleOptions(outfile);
}

/** Resolves (and, from TypeScript sources, builds) the worker file. */
export function resolveSessionWorkerFile(explicit?: string): string {
  return resolveWorkerBundle(SESSION_WORKER, explicit);
}
