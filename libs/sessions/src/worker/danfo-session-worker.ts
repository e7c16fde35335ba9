/**
 * The entry of a danfo session worker thread (bundled into `danfo-session-worker.js`). danfo
 * computes synchronously in JavaScript, so its sessions run here, off the server's event loop;
 * the thread holds the backends of several sessions and runs each call it is sent.
 */
import { parentPort } from 'node:worker_threads';
import { applyTransform, createBackend, executePlan, toPlainError, type Backend } from '@pipeline/engine';
import { serveCalls } from '@pipeline/workers';
import { isJsOutOfMemory } from '../out-of-memory';
import { JS_OUT_OF_MEMORY_WIRE_CODE, type SessionCall } from './protocol';

const backends = new Map<string, Backend>();
const dataRoots = new Map<string, string>();

function backendOf(sessionId: string): Backend {
  const backend = backends.get(sessionId);
  if (!backend) throw new Error(`no backend for session ${sessionId} in this worker`);
  return backend;
}

async function perform(call: SessionCall, signal: AbortSignal): Promise<unknown> {
  const { sessionId } = call;
  switch (call.op) {
    case 'open':
      backends.set(sessionId, await createBackend(call.engine.backend, { dataRoot: call.engine.dataRoot }));
      dataRoots.set(sessionId, call.engine.dataRoot);
      return null;
    case 'readInput': {
      const h = await backendOf(sessionId).readInput(call.ref, call.source, { signal });
      return { id: h.id, rowCount: h.rowCount, columnCount: h.columns.length };
    }
    case 'apply': {
      const h = await applyTransform(backendOf(sessionId), call.ref, call.source, call.inputs, { signal });
      return { id: h.id, rowCount: h.rowCount, columnCount: h.columns.length };
    }
    case 'write': {
      const r = await backendOf(sessionId).write(call.handleId, call.ref, call.source, { signal });
      return { rowsWritten: r.rowsWritten, skipped: r.skipped };
    }
    case 'execute': {
      const backend = backendOf(sessionId);
      await executePlan(call.plan, { dataRoot: dataRoots.get(sessionId) ?? '', backend }, { signal });
      return null;
    }
    case 'release':
      await backendOf(sessionId).release(call.handleId);
      return null;
    case 'close': {
      const backend = backends.get(sessionId);
      backends.delete(sessionId);
      dataRoots.delete(sessionId);
      await backend?.close();
      return null;
    }
  }
}

/** An allocation that failed goes back as such, so the main thread can answer it as out of memory. */
function toWire(e: unknown) {
  return isJsOutOfMemory(e) ? { code: JS_OUT_OF_MEMORY_WIRE_CODE, message: (e as Error).message } : toPlainError(e);
}

if (parentPort) serveCalls<SessionCall>(parentPort, perform, toWire);
