/**
 * Opening files the JavaScript backend reads and writes without a check-then-use race. A path is
 * checked against the data root by `resolveInRoot`, which returns its canonical path (every link
 * resolved). Opening that path later follows whatever the path is *then*: a folder swapped for a
 * symbolic link in between (someone who can write into the data root, doing it in a loop) made
 * danfo read a file outside the root. So a file is opened first, and the real path of the open
 * descriptor (`/proc/self/fd/<fd>`, what the kernel actually opened) must still be the canonical
 * path that was checked; the bytes are then read from, or written to, that descriptor only.
 *
 * DuckDB needs none of this: it enforces the root itself (`allowed_directories`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { engineError, type EngineError } from '../errors';

/** Names the file in errors. */
export interface FileLabel {
  readonly asset?: string;
  /** The path as the user wrote it. */
  readonly display?: string;
}

const PROC_FD = '/proc/self/fd';

/**
 * Opens `checked` (a canonical path from `resolveInRoot`) with `flags` and returns the
 * descriptor once its real path is still `checked`; E_PATH_OUTSIDE_ROOT otherwise (the
 * descriptor is closed). The caller closes the descriptor.
 */
export function openChecked(checked: string, flags: string | number, label: FileLabel = {}): number {
  const fd = fs.openSync(checked, flags, 0o666);
  try {
    const opened = openedPath(fd, checked);
    if (opened !== checked) throw changedWhileOpening(label);
    return fd;
  } catch (e) {
    fs.closeSync(fd);
    throw e;
  }
}

/** A bound on what {@link readFileChecked} reads: the error for a larger file. */
export interface ReadBound {
  readonly maxBytes: number;
  readonly tooBig: (bytes: number) => Error;
}

/**
 * The whole content of `checked`, read from a descriptor opened with {@link openChecked}; with
 * `bound`, a larger file is refused before any of it is read.
 */
export function readFileChecked(checked: string, label: FileLabel = {}, bound?: ReadBound): Buffer {
  const fd = openChecked(checked, 'r', label);
  try {
    if (bound !== undefined) {
      const size = fs.fstatSync(fd).size;
      if (size > bound.maxBytes) throw bound.tooBig(size);
    }
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Up to `maxBytes` from the start of `checked`, read from a checked descriptor. */
export function readHeadChecked(checked: string, maxBytes: number, label: FileLabel = {}): Buffer {
  const fd = openChecked(checked, 'r', label);
  try {
    const buf = Buffer.alloc(maxBytes);
    const n = fs.readSync(fd, buf, 0, maxBytes, 0);
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Creates `checked` (which must not exist: the service's own temporary files) and returns a
 * descriptor for writing once its real path is `checked`. A file that landed elsewhere is
 * removed (it is ours and empty) before the error is thrown. The caller closes the descriptor.
 */
export function createNewChecked(checked: string, label: FileLabel = {}): number {
  const fd = fs.openSync(checked, 'wx', 0o666);
  let opened: string;
  try {
    opened = openedPath(fd, checked);
  } catch (e) {
    fs.closeSync(fd);
    throw e;
  }
  if (opened === checked) return fd;
  fs.closeSync(fd);
  // Removed by the path the kernel reported, not by `checked`, which leads elsewhere now.
  if (path.isAbsolute(opened)) fs.rmSync(opened, { force: true });
  throw changedWhileOpening(label);
}

/** Creates `checked` (see {@link createNewChecked}) holding `bytes`. */
export function writeNewFileChecked(checked: string, bytes: Uint8Array, label: FileLabel = {}): void {
  const fd = createNewChecked(checked, label);
  try {
    fs.writeFileSync(fd, bytes);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The real path of an open descriptor. Where `/proc` is missing (not Linux) it cannot be read
 * back: the file counts as `checked` when `checked` still resolves to itself and names the same
 * file (device and inode) as the descriptor, which narrows the race without closing it (the
 * threat model of docs/security.md says so).
 */
function openedPath(fd: number, checked: string): string {
  try {
    return fs.readlinkSync(`${PROC_FD}/${fd}`);
  } catch {
    const open = fs.fstatSync(fd);
    const named = fs.statSync(checked, { throwIfNoEntry: false });
    const same = named !== undefined && named.dev === open.dev && named.ino === open.ino;
    return same && fs.realpathSync.native(checked) === checked ? checked : '';
  }
}

function changedWhileOpening(label: FileLabel): EngineError {
  const what = label.display === undefined ? 'a file' : `path "${label.display}"`;
  return engineError('E_PATH_OUTSIDE_ROOT', {
    asset: label.asset,
    path: label.display,
    problem: `${what} changed while it was being opened (a folder on it was replaced, for example by a symbolic link); it was not used`,
  });
}
