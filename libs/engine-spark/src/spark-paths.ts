/**
 * Paths as the cluster sees them: a path is checked against the data root exactly as on the other
 * backends, then its part under the root is appended to the Spark data root (`--spark-data-root`,
 * default `file://` + the server's own data root).
 */
import * as path from 'node:path';
import type { DataRoot } from '@pipeline/engine-core';

/** The Spark data root of a server whose own data root is `root`, unless one is configured. */
export function sparkDataRootOf(root: DataRoot, configured: string | undefined): string {
  return (configured === undefined || configured === '' ? `file://${root.real}` : configured).replace(/\/+$/, '');
}

/**
 * The URI Spark reads or writes for `absolute`, a checked path inside the data root. Hadoop's Path
 * encodes the text itself, so it is passed as written (no percent-escapes).
 */
export function sparkUri(root: DataRoot, sparkRoot: string, absolute: string): string {
  const relative = path.relative(root.real, absolute).split(path.sep).join('/');
  return `${sparkRoot}/${relative}`;
}

/** True when the Spark data root is the server's own data root (writes can be placed by renaming). */
export function sharesDataRoot(root: DataRoot, sparkRoot: string): boolean {
  return sparkRoot === `file://${root.real}`.replace(/\/+$/, '');
}
