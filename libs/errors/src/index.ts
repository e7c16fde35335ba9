/**
 * @pipeline/errors: the one shape of every error the libraries raise. A library defines its
 * catalogue once (stable codes in one scheme, `<PREFIX>_<NAME>`; a message builder and details
 * per code); errors cross worker threads as plain data; data roots are scrubbed in one place.
 *
 * @example
 * export const jobsCatalogue = defineErrorCatalogue({
 *   name: 'JobsError',
 *   prefix: 'JOB',
 *   entries: {
 *     JOB_QUEUE_FULL: { meaning: 'The queue is at capacity.', message: (_: { capacity: number }) => 'job queue is full' },
 *   },
 * });
 * const e = jobsCatalogue.create('JOB_QUEUE_FULL', { capacity: 10 }); // e.code, e.details.capacity
 * const back = fromPlainError(toPlainError(e)); // jobsCatalogue.is(back) === true
 */
export type { ErrorDetails } from './details';
export { boundErrorMessage, MAX_ERROR_MESSAGE_CHARS, wellFormed } from './bound-message';
export { clearDataRoots, registerDataRoot, scrubDataRoots, scrubValue } from './scrub';
export {
  CatalogueError,
  ERROR_CODE_PATTERN,
  defineErrorCatalogue,
  fromPlainError,
  internalErrors,
  isPlainError,
  toPlainError,
} from './catalogue';
export type {
  CreateOptions,
  ErrorArgs,
  ErrorCatalogue,
  ErrorEntry,
  PlainCause,
  PlainError,
  PublicCodeOf,
} from './catalogue';
