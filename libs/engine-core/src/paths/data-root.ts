/**
 * Confines every input and output path to the data root. A path is checked twice: lexically
 * (`..`, absolute paths elsewhere) and physically, through the real path of its deepest existing
 * ancestor, so a symbolic link that points out of the root is caught even when the file itself
 * does not exist yet (an output).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type EngineError, engineError, hideInMessages, pathOutsideRoot } from '../errors';

/** The data root, resolved once: `real` is its canonical path (symlinks resolved). */
export interface DataRoot {
  readonly real: string;
}

/** Resolves and checks the configured data root; it must exist and be a directory. */
export function openDataRoot(dataRoot: string): DataRoot {
  if (typeof dataRoot !== 'string' || dataRoot === '') {
    throw engineError('E_PATH_OUTSIDE_ROOT', { path: String(dataRoot), problem: 'the data root is not set' });
  }
  let real: string;
  try {
    real = fs.realpathSync(path.resolve(dataRoot));
  } catch {
    throw engineError('E_PATH_OUTSIDE_ROOT', { path: dataRoot, problem: `the data root does not exist: ${dataRoot}` });
  }
  if (!fs.statSync(real).isDirectory()) {
    throw engineError('E_PATH_OUTSIDE_ROOT', { path: dataRoot, problem: `the data root is not a directory: ${dataRoot}` });
  }
  hideInMessages(path.resolve(dataRoot));
  hideInMessages(real);
  return { real };
}

/** A user path resolved inside the data root. */
export interface ResolvedPath {
  /** The path as the user wrote it (for messages). */
  readonly display: string;
  /** Absolute canonical path inside the root. */
  readonly absolute: string;
}

/**
 * Resolves `userPath` (relative to the root, or absolute inside it) to a canonical absolute path;
 * anything that would leave the root is E_PATH_OUTSIDE_ROOT naming `asset`.
 */
export function resolveInRoot(root: DataRoot, userPath: string, asset?: string): ResolvedPath {
  if (typeof userPath !== 'string' || userPath.trim() === '') {
    throw pathOutsideRoot(asset, String(userPath), 'is empty');
  }
  if (userPath.includes('\0')) throw pathOutsideRoot(asset, userPath.replace(/\0/g, '\\0'), 'contains a NUL byte');
  const lexical = path.resolve(root.real, userPath);
  if (!isInside(root.real, lexical)) throw pathOutsideRoot(asset, userPath);
  if (lexical === root.real) throw pathOutsideRoot(asset, userPath, 'names the data root itself, not a file');

  checkPathLength(root, lexical, asset);

  // The real path of the deepest part that exists decides; what is below it does not exist yet
  // and so cannot be a link. Most inputs exist whole: one system call answers them. An output
  // usually does not: asked first whether it exists, the check fails no call (a failed call costs
  // an error object and its stack, about 0.05 ms each, two for every new output).
  const whole = fs.existsSync(lexical) ? realpathOrUndefined(lexical) : undefined;
  const absolute = whole ?? realPathOfMissing(root, lexical, userPath, asset);
  if (!isInside(root.real, absolute) || absolute === root.real) {
    throw pathOutsideRoot(asset, userPath, 'leaves the data root through a symbolic link');
  }
  return { display: userPath, absolute };
}

/** Linux's PATH_MAX less the terminating NUL: the longest path a system call accepts, in bytes. */
export const MAX_PATH_BYTES = 4095;

/** Linux's NAME_MAX: the longest file or folder name, in bytes. */
export const MAX_NAME_BYTES = 255;

// The system would refuse these paths anyway (ENAMETOOLONG, which surfaced as an internal error);
// checking first also bounds the walk below. The message never quotes the path: it may be huge.
function checkPathLength(root: DataRoot, lexical: string, asset: string | undefined): void {
  for (const part of path.relative(root.real, lexical).split(path.sep)) {
    const partBytes = Buffer.byteLength(part);
    if (partBytes > MAX_NAME_BYTES) {
      throw tooLong(asset, `path has a name of ${partBytes} bytes; the file system's limit is ${MAX_NAME_BYTES} bytes per file or folder name`);
    }
  }
  const bytes = Buffer.byteLength(lexical);
  if (bytes > MAX_PATH_BYTES) {
    const relative = Buffer.byteLength(path.relative(root.real, lexical));
    throw tooLong(asset, `path is ${relative} bytes long; with the data root's own folder it exceeds the file system's limit of ${MAX_PATH_BYTES} bytes`);
  }
}

function tooLong(asset: string | undefined, what: string): EngineError {
  return engineError('E_PATH_OUTSIDE_ROOT', { asset, problem: what });
}

/**
 * The real path of `lexical` when some part of it does not exist: walks down from the root, one
 * part at a time, following links as the system would, until a part is missing. Walking down
 * costs one lstat per existing part; walking up from the bottom (realpath of every ancestor) cost
 * time quadratic in the depth, seconds for a deep made-up path.
 */
function realPathOfMissing(root: DataRoot, lexical: string, userPath: string, asset: string | undefined): string {
  const parts = path.relative(root.real, lexical).split(path.sep);
  let current = root.real;
  for (let i = 0; i < parts.length; i++) {
    const next = path.join(current, parts[i]);
    const stat = lstatOrUndefined(next);
    if (stat === undefined) return path.join(next, ...parts.slice(i + 1));
    if (stat.isSymbolicLink()) {
      const target = realpathOrUndefined(next);
      if (target === undefined) {
        throw pathOutsideRoot(asset, userPath, 'goes through a symbolic link whose target does not exist');
      }
      current = target;
    } else {
      current = next;
    }
  }
  // Every part exists, yet the whole did not resolve a moment ago (a concurrent change, or a
  // file used as a folder): the path as walked is the answer the open will confirm or refuse.
  return current;
}

/** True when `candidate` is `root` or below it (both absolute and normalised). */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function realpathOrUndefined(p: string): string | undefined {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return undefined;
  }
}

function lstatOrUndefined(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
