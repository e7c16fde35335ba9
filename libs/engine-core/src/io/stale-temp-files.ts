/**
 * Removing the temporary output files a killed process left behind. Outputs are written to
 * `.<name>.<writer>.<12 hex>.tmp` beside their destination and renamed into place; a process
 * killed with SIGKILL in between leaves that file forever. A sweep walks the data root (without
 * following links) and removes files of exactly that shape whose writer is known to be dead: a
 * process of this host and pid namespace that no longer exists, or one with this process's pid
 * that wrote before this process started (a restarted container). Any other file (written on
 * another host or in another container sharing the data root, by an older version, or by a
 * process alive now) is removed once its last change is older than a threshold: a live write
 * keeps its file young.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isTempFileName, tempFileWriter, thisWriter } from './temp-name';

/** When this process started (ms since the epoch). */
const PROCESS_STARTED_MS = Date.now() - process.uptime() * 1000;

/** Options of {@link sweepStaleTempFiles}. */
export interface SweepOptions {
  /** Files changed more recently than this are kept (default one hour). */
  readonly olderThanMs?: number;
  /** The most entries looked at in one sweep, so a huge data root cannot stall it (default 200,000). */
  readonly maxEntries?: number;
  /** The time to compare with (tests). */
  readonly now?: number;
}

/** What a sweep did. */
export interface SweepResult {
  /** Removed files, relative to the data root. */
  readonly removed: readonly string[];
  /** Entries looked at. */
  readonly visited: number;
  /** True when `maxEntries` stopped the walk early. */
  readonly truncated: boolean;
}

/** Default age after which a temporary output file counts as abandoned. */
export const STALE_TEMP_AFTER_MS = 60 * 60 * 1000;

/** Walks `dataRoot` and removes abandoned temporary output files; never throws for a file it cannot read. */
export async function sweepStaleTempFiles(dataRoot: string, options: SweepOptions = {}): Promise<SweepResult> {
  const cutoff = (options.now ?? Date.now()) - (options.olderThanMs ?? STALE_TEMP_AFTER_MS);
  const maxEntries = options.maxEntries ?? 200_000;
  const removed: string[] = [];
  let visited = 0;
  const folders = [dataRoot];
  while (folders.length > 0) {
    const folder = folders.pop() as string;
    let dir: fs.Dir;
    try {
      dir = await fs.promises.opendir(folder);
    } catch {
      continue; // gone or unreadable meanwhile
    }
    for await (const entry of dir) {
      if (++visited > maxEntries) return { removed, visited: visited - 1, truncated: true };
      const full = path.join(folder, entry.name);
      // Links are never followed: a sweep stays inside the data root.
      if (entry.isDirectory()) folders.push(full);
      else if (entry.isFile() && isTempFileName(entry.name)) {
        const stat = await fs.promises.lstat(full).catch(() => undefined);
        if (stat !== undefined && stat.isFile() && (stat.mtimeMs < cutoff || writerIsGone(entry.name, stat.mtimeMs))) {
          await fs.promises.rm(full, { force: true });
          removed.push(path.relative(dataRoot, full));
        }
      }
    }
  }
  return { removed, visited, truncated: false };
}

/** True when the name's writer is a process of this machine and pid namespace known to have ended. */
function writerIsGone(name: string, changedMs: number): boolean {
  const writer = tempFileWriter(name);
  const me = thisWriter();
  if (writer === undefined || writer.host !== me.host || writer.space !== me.space) return false;
  // This pid is ours now: a file changed before this process began was its predecessor's.
  if (writer.pid === me.pid) return changedMs < PROCESS_STARTED_MS;
  return !processExists(writer.pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
