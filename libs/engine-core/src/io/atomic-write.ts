/**
 * Atomic output files: every write goes to a temporary file in the destination's folder and is
 * moved into place only when complete, so a failed or cancelled run never leaves a partial file.
 * Modes `error` and `ignore` place the file with a hard link, which fails if the destination
 * appeared meanwhile, so two writers never silently replace each other.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WriteMode } from '@pipeline/definition';
import { engineError, internalError, isEngineError, outputExists } from '../errors';
import { createNewChecked, openChecked } from '../paths/open-inside-root';
import { tempFileName } from './temp-name';

/** What to do before computing an output: write it, or skip it (mode ignore, destination exists). */
export type ModeDecision = 'write' | 'skip';

/**
 * Applies the mode to an existing destination before any work is done: `error` fails with
 * E_OUTPUT_EXISTS, `ignore` skips; a destination that is a folder is E_WRITE_FAILED, and a path
 * written as a folder (`newdir/`, `x/.`) is E_PATH_OUTSIDE_ROOT whether or not it exists.
 */
export function decideMode(finalPath: string, display: string, mode: WriteMode, asset?: string): ModeDecision {
  // Resolving drops a final slash or dot, which would turn "newdir/" into a file named newdir.
  if (/[\\/]$|(^|[\\/])\.{1,2}$/.test(display)) {
    throw engineError('E_PATH_OUTSIDE_ROOT', { asset, path: display, problem: `output path "${display}" names a folder` });
  }
  const stat = statOrUndefined(finalPath);
  if (stat === undefined) return 'write';
  if (stat.isDirectory()) {
    throw engineError('E_WRITE_FAILED', { asset, path: display, problem: `output path is a folder: ${display}` });
  }
  if (mode === 'error') throw outputExists(asset, display);
  if (mode === 'ignore') return 'skip';
  return 'write';
}

/** A temporary file beside its destination, committed by rename (or link) or discarded. */
export interface AtomicFile {
  readonly tempPath: string;
  readonly finalPath: string;
  /** Moves the temporary file into place; false when mode `ignore` found the destination taken. */
  commit(mode: WriteMode): boolean;
  /** Removes the temporary file and any folder this write created; safe to call more than once. */
  discard(): void;
}

/** Creates the destination's missing parent folders and names a fresh temporary file beside it. */
export function prepareAtomicFile(finalPath: string, display: string, asset?: string): AtomicFile {
  const dir = path.dirname(finalPath);
  let createdDir: string | undefined;
  try {
    createdDir = fs.mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw engineError(
      'E_WRITE_FAILED',
      { asset, path: display, problem: `cannot create the output folder of ${display}: ${(e as Error).message}` },
      { cause: e },
    );
  }
  const tempPath = path.join(dir, tempFileName(path.basename(finalPath)));
  let done = false;

  const discard = (): void => {
    if (done) return;
    done = true;
    fs.rmSync(tempPath, { force: true });
    removeCreatedFolders(createdDir, dir);
  };

  const commit = (mode: WriteMode): boolean => {
    if (done) throw internalError(`output ${display} was already committed`, asset);
    try {
      if (mode === 'overwrite' || mode === 'append') {
        fs.renameSync(tempPath, finalPath);
        done = true;
        return true;
      }
      if (!placeWithoutReplacing(tempPath, finalPath)) {
        if (mode === 'error') throw outputExists(asset, display);
        discard();
        return false;
      }
      done = true;
      fs.rmSync(tempPath, { force: true });
      return true;
    } catch (e) {
      discard();
      if (isEngineError(e)) throw e;
      throw engineError(
        'E_WRITE_FAILED',
        { asset, path: display, problem: `cannot move the output into place: ${display}: ${(e as Error).message}` },
        { cause: e },
      );
    }
  };

  return { tempPath, finalPath, commit, discard };
}

// Hard link: atomic and fails with EEXIST when the destination exists. File systems without hard
// links fall back to an existence check followed by a rename.
function placeWithoutReplacing(tempPath: string, finalPath: string): boolean {
  try {
    fs.linkSync(tempPath, finalPath);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'EXDEV') {
      if (fs.existsSync(finalPath)) return false;
      fs.renameSync(tempPath, finalPath);
      return true;
    }
    throw e;
  }
}

function removeCreatedFolders(createdDir: string | undefined, deepest: string): void {
  if (createdDir === undefined) return;
  let current = deepest;
  for (;;) {
    try {
      fs.rmdirSync(current);
    } catch {
      return; // not empty (another writer uses it) or already gone
    }
    if (current === createdDir) return;
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

function statOrUndefined(p: string): fs.Stats | undefined {
  try {
    // A missing file is the common answer (a new output): no error object for it.
    return fs.statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Builds `tempPath` as the bytes of `existing` followed by the bytes of `addition` (both files);
 * used to append to row-oriented text formats whose files can simply be concatenated. Every file
 * is opened checked (see paths/open-inside-root.ts): a folder swapped for a link meanwhile makes
 * it fail rather than read or write outside the data root.
 */
export function concatenateInto(tempPath: string, existing: string, addition: string, separator?: Buffer): void {
  const out = createNewChecked(tempPath);
  try {
    copyAll(existing, out);
    if (separator !== undefined && separator.length > 0) fs.writeSync(out, separator);
    copyAll(addition, out);
  } finally {
    fs.closeSync(out);
  }
}

function copyAll(from: string, out: number): void {
  const input = openChecked(from, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = fs.readSync(input, buf, 0, buf.length, null);
      if (n === 0) break;
      fs.writeSync(out, buf, 0, n);
    }
  } finally {
    fs.closeSync(input);
  }
}

/** True when a file does not end with a newline (so appended rows need one first); false if empty. */
export function lacksFinalNewline(file: string): boolean {
  const fd = openChecked(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size === 0) return false;
    const b = Buffer.alloc(1);
    fs.readSync(fd, b, 0, 1, size - 1);
    return b[0] !== 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}
