/**
 * Confines every input and output path to the data root. A path is checked twice: lexically
 * (`..`, absolute paths elsewhere) and physically, through the real path of its deepest existing
 * ancestor, so a symbolic link that points out of the root is caught even when the file itself
 * does not exist yet (an output).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EngineError, hideInMessages, pathOutsideRoot } from '../errors';

/** The data root, resolved once: `real` is its canonical path (symlinks resolved). */
export interface DataRoot {
  readonly real: string;
}

/** Resolves and checks the configured data root; it must exist and be a directory. */
export function openDataRoot(dataRoot: string): DataRoot {
  if (typeof dataRoot !== 'string' || dataRoot === '') {
    throw new EngineError('E_PATH_OUTSIDE_ROOT', 'the data root is not set', { path: String(dataRoot) });
  }
  let real: string;
  try {
    real = fs.realpathSync(path.resolve(dataRoot));
  } catch {
    throw new EngineError('E_PATH_OUTSIDE_ROOT', `the data root does not exist: ${dataRoot}`, { path: dataRoot });
  }
  if (!fs.statSync(real).isDirectory()) {
    throw new EngineError('E_PATH_OUTSIDE_ROOT', `the data root is not a directory: ${dataRoot}`, { path: dataRoot });
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

  // Walk up to the deepest ancestor that exists and take its real path; what is below it does
  // not exist yet and so cannot be a link.
  const missing: string[] = [];
  let current = lexical;
  for (;;) {
    const real = realpathOrUndefined(current);
    if (real !== undefined) {
      const absolute = path.join(real, ...missing.reverse());
      if (!isInside(root.real, absolute) || absolute === root.real) {
        throw pathOutsideRoot(asset, userPath, 'leaves the data root through a symbolic link');
      }
      return { display: userPath, absolute };
    }
    if (isDanglingLink(current)) {
      throw pathOutsideRoot(asset, userPath, 'goes through a symbolic link whose target does not exist');
    }
    missing.push(path.basename(current));
    const parent = path.dirname(current);
    // The root exists, so the walk always stops inside it; this guards against a root removed meanwhile.
    if (parent === current) throw pathOutsideRoot(asset, userPath);
    current = parent;
  }
}

/** True when `candidate` is `root` or below it (both absolute and normalised). */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function realpathOrUndefined(p: string): string | undefined {
  try {
    return fs.realpathSync(p);
  } catch {
    return undefined;
  }
}

function isDanglingLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
