/**
 * The handles of one backend instance and whether it is closed. Both backends look handles up,
 * forget them and refuse work after close in the same way, with the same errors (E_BAD_HANDLE,
 * E_BACKEND_CLOSED); only what a handle holds differs (a temporary table, a DataFrame).
 */
import type { BackendName } from './backend-name';
import { badHandle, engineError } from './errors';

/** A backend's live handles by id, and its open/closed state. */
export class HandleRegistry<H extends { readonly id: string }> {
  private readonly handles = new Map<string, H>();
  private closed = false;

  constructor(private readonly backend: BackendName) {}

  /** True once `close` was called. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Throws E_BACKEND_CLOSED once the backend is closed. */
  ensureOpen(): void {
    if (this.closed) throw engineError('E_BACKEND_CLOSED', { problem: `the ${this.backend} backend is closed` });
  }

  /** The handle with `id`: E_BACKEND_CLOSED after close, E_BAD_HANDLE when unknown. */
  get(id: string): H {
    this.ensureOpen();
    const h = this.handles.get(id);
    if (h === undefined) throw badHandle(id);
    return h;
  }

  /** Registers a new handle and returns it. */
  add(handle: H): H {
    this.handles.set(handle.id, handle);
    return handle;
  }

  /** Forgets the handle with `id` and returns it (the errors of `get`). */
  remove(id: string): H {
    const h = this.get(id);
    this.handles.delete(id);
    return h;
  }

  /** Marks the backend closed and forgets every handle; false when it already was closed. */
  close(): boolean {
    if (this.closed) return false;
    this.closed = true;
    this.handles.clear();
    return true;
  }
}
