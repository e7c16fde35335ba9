/**
 * The worker-thread entry Piscina loads (bundled into `jobs-worker.js`): its default export
 * handles one task at a time.
 */
import type { WorkerReply, WorkerTask } from './protocol';
import { runTask, warmThread } from './run-task';

/** Handles one task sent by the pool. */
export default function handleTask(task: WorkerTask): Promise<WorkerReply> {
  return task.type === 'warm' ? warmThread(task) : runTask(task);
}
