/**
 * The first bytes of a file inside the data root, read without blocking the event loop: for a
 * look at a file before a job runs (its CSV header), on the thread that answers requests. It is
 * opened as `openChecked` opens (the descriptor's real path must be the checked one), without
 * waiting on a FIFO (O_NONBLOCK), and only a regular file is read, at most `maxBytes` of it.
 */
import * as fs from 'node:fs';
import { resolveInRoot, type DataRoot } from './data-root';

/** The start of the file and whether it is the whole file; undefined when it cannot be read here. */
export interface FileHead {
  readonly bytes: Buffer;
  readonly whole: boolean;
  /** The checked absolute path (for caches keyed by the file's identity). */
  readonly absolute: string;
}

/**
 * Up to `maxBytes` from the start of `userPath` (inside `root`); undefined for a path outside the
 * root, a missing or unreadable file, or anything but a regular file: the caller leaves those to
 * the job, which reports them as it always did.
 */
export async function readHeadInsideRoot(root: DataRoot, userPath: string, maxBytes: number): Promise<FileHead | undefined> {
  let absolute: string;
  try {
    absolute = resolveInRoot(root, userPath).absolute;
  } catch {
    return undefined;
  }
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(absolute, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if ((await openedPath(handle)) !== absolute) return undefined;
    const stat = await handle.stat();
    if (!stat.isFile()) return undefined;
    const buffer = Buffer.alloc(Math.min(maxBytes, stat.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { bytes: buffer.subarray(0, bytesRead), whole: bytesRead >= stat.size, absolute };
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** What the kernel opened; '' where `/proc` cannot say (the head is then not read: the job reads it). */
async function openedPath(handle: fs.promises.FileHandle): Promise<string> {
  try {
    return await fs.promises.readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return '';
  }
}
