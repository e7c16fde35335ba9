/**
 * What a worker thread does with a look (rows of an output, preview of an asset): claim it (or
 * skip it when it was cancelled first), run it on an engine instance of its own with an
 * AbortSignal wired to the control port (a running DuckDB query is interrupted, never the
 * thread), and reply with plain data. It never throws: every failure becomes an error reply.
 */
import { engineCatalogue, parseBackendName, previewAsset, readOutputRows, toPlainError } from '@pipeline/engine';
import type { ControlMessage, LookReply, LookTask } from './protocol';
import { claimStart, isCancelRequested } from './task-state';

/** Runs one look inside a worker thread and resolves with its reply. */
export async function runLook(task: LookTask): Promise<LookReply> {
  const { port, state } = task.control;
  try {
    if (!claimStart(state)) return cancelled(task);
    const controller = new AbortController();
    port.on('message', (message: ControlMessage) => {
      if (message.type === 'cancel') controller.abort();
    });
    // The cancel may have landed between the claim and the listener.
    if (isCancelRequested(state)) controller.abort();
    try {
      const config = { ...task.engine, backend: parseBackendName(task.backend) };
      const options = { signal: controller.signal };
      const value =
        task.type === 'rows'
          ? await readOutputRows(config, task.output, task.limit, options)
          : await previewAsset(config, task.plan, task.asset, task.limit, options);
      return { type: 'ok', value };
    } catch (error) {
      if (controller.signal.aborted) return cancelled(task);
      return { type: 'error', error: toPlainError(error) };
    }
  } finally {
    port.close();
  }
}

function cancelled(task: LookTask): LookReply {
  const asset = task.type === 'rows' ? task.output.asset : task.asset;
  return { type: 'error', error: toPlainError(engineCatalogue.create('E_CANCELLED', { asset, problem: 'execution cancelled' })) };
}
