/**
 * Remembers what was learnt from reading a file (how DuckDB sniffed it, which types hold) for as
 * long as the file is unchanged, so that the next job over the same file skips that work: for a
 * small job, sniffing is the dearest statement it runs.
 *
 * "Unchanged" is the file's identity: device, inode, size and the nanosecond modification and
 * change times. A file's timestamps move in clock ticks of several milliseconds, so two writes in
 * one tick could leave the same identity with other content. As git does for its index ("racy
 * clean" entries), a result is only remembered when the file had last changed at least
 * `SETTLED_MS` before it was read; a file still being written to is read afresh every time.
 */
import * as fs from 'node:fs';

/** How long a file must have been left alone before what was read from it is remembered. */
export const SETTLED_MS = 2_000;

/** Entries kept per cache; the least recently used goes first. */
const MAX_ENTRIES = 256;

/** A file's identity when it was looked at, and whether it had settled by then. */
export interface FileIdentity {
  /** The path and `file`: what the cache is keyed by. */
  readonly key: string;
  /** The file itself as it was (device, inode, size, times), whatever path reached it. */
  readonly file: string;
  readonly settled: boolean;
}

/** The identity of the file at `absolute` now, or undefined when it cannot be read. */
export function fileIdentity(absolute: string, now = Date.now()): FileIdentity | undefined {
  let s: fs.BigIntStats;
  try {
    s = fs.statSync(absolute, { bigint: true });
  } catch {
    return undefined;
  }
  const changedMs = Number((s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs) / 1_000_000n);
  const file = `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  return { key: `${absolute}\u0000${file}`, file, settled: now - changedMs >= SETTLED_MS };
}

/** What was learnt from files, by file identity and a variant (the read's options). */
export class SettledFileCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  get(identity: FileIdentity | undefined, variant: string): V | undefined {
    if (identity === undefined || !identity.settled) return undefined;
    const key = `${identity.key}\u0000${variant}`;
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Remembers `value`, learnt from the file as it was at `identity`, if it had settled then. */
  remember(identity: FileIdentity | undefined, variant: string, value: V): void {
    if (identity === undefined || !identity.settled) return;
    this.entries.set(`${identity.key}\u0000${variant}`, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
