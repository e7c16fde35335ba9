/**
 * Locating the file of an input: inside the data root, existing, and a regular file. Shared by
 * both backends so that the same input fails the same way on each.
 */
import * as fs from 'node:fs';
import { engineError, fileNotFound } from '../errors';
import { resolveInRoot, type DataRoot, type ResolvedPath } from '../paths/data-root';

/** Resolves an input's path and checks that it names an existing regular file. */
export function locateInputFile(root: DataRoot, userPath: string, asset?: string): ResolvedPath {
  const resolved = resolveInRoot(root, userPath, asset);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved.absolute);
  } catch {
    throw fileNotFound(asset, userPath);
  }
  if (!stat.isFile()) {
    throw engineError('E_READ_FAILED', { asset, path: userPath, problem: `not a file: ${userPath}` });
  }
  try {
    fs.accessSync(resolved.absolute, fs.constants.R_OK);
  } catch {
    throw engineError('E_READ_FAILED', { asset, path: userPath, problem: `file is not readable: ${userPath}` });
  }
  return resolved;
}
