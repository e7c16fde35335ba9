/**
 * The worker-thread entry Piscina loads (bundled into `jobs-worker.js`): its default export
 * handles one task at a time.
 */
import type { LookReply, WorkerReply, WorkerTask } from './protocol';
import { runLook } from './run-look';
import { runTask, warmThread } from './run-task';

/** Handles one task sent by the pool. */
export default function handleTask(task: WorkerTask): Promise<WorkerReply | LookReply> {
  switch (task.type) {
    case 'warm':
      return warmThread(task);
    case 'run':
      return runTask(task);
    case 'rows':
    case 'preview':
      return runLook(task);
  }
}
