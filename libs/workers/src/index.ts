/**
 * @pipeline/workers: the one typed protocol between the main thread and worker threads. Job
 * workers (Piscina: one task, one `Reply`, `CancelMessage` on a control port) and danfo session
 * workers (many calls on one thread: `createCallChannel` / `serveCalls`) both use it; errors cross
 * as `WireError` data (`@pipeline/errors` plain errors).
 *
 * @example
 * // worker thread
 * serveCalls<Op>(parentPort!, (op, signal) => perform(op, signal), toPlainError);
 * // main thread
 * const channel = createCallChannel<Op>(new Worker(file), fromPlainError);
 * const value = await channel.call({ op: 'readInput', ... }, { signal });
 */
export type { CallMessage, CancelMessage, FromWorker, Reply, ToWorker, WireError } from './protocol';
export { isFromWorker } from './protocol';
export { createCallChannel, serveCalls } from './channel';
export type { CallChannel, MessageEndpoint } from './channel';
