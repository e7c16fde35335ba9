/**
 * A Spark output placed as decisions 8 says: Spark writes the output's directory of part files
 * into a temporary directory beside the destination, and the commit moves it into place by
 * renaming (overwrite replaces the destination, append moves the part files into it), so a failed
 * or cancelled job leaves no half-written output.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WriteMode } from '@pipeline/definition';
import { engineError, isEngineError, outputExists, type StagedWrite } from '@pipeline/engine-core';

/** A fresh temporary directory name beside `finalPath` (`.<name>.spark-<12 hex>.dir`). */
export function tempDirectoryFor(finalPath: string): string {
  return path.join(path.dirname(finalPath), `.${path.basename(finalPath)}.spark-${crypto.randomBytes(6).toString('hex')}.dir`);
}

/**
 * Renames the part files in `dir` ending in `from` (before a compression suffix: `.txt.gz`) to end
 * in `to`, with Spark's hidden checksum files beside them.
 */
export function renamePartExtensions(dir: string, from: string, to: string): void {
  // Spark creates the directory even for no rows; a session that wrote nothing leaves none.
  if (!fs.existsSync(dir)) return;
  const ending = new RegExp(`${from.replace(/\./g, '\\.')}(?=(\\.[a-z0-9]+)?(\\.crc)?$)`);
  for (const name of fs.readdirSync(dir)) {
    if (!/^\.?part-/.test(name) || !ending.test(name)) continue;
    fs.renameSync(path.join(dir, name), path.join(dir, name.replace(ending, to)));
  }
}

/** The staged write of `rows` rows Spark wrote into `tempDir`, placed at `finalPath` with `mode`. */
export function stagedDirectory(tempDir: string, finalPath: string, mode: WriteMode, rows: number, display: string, asset: string): StagedWrite {
  let done = false;
  const discard = (): void => {
    if (done) return;
    done = true;
    fs.rmSync(tempDir, { recursive: true, force: true });
  };
  const failed = (e: unknown): never => {
    discard();
    if (isEngineError(e)) throw e;
    throw engineError('E_WRITE_FAILED', { asset, path: display, problem: `cannot move the output into place: ${display}: ${(e as Error).message}` }, { cause: e });
  };
  return {
    rowsStaged: rows,
    commit: () => {
      try {
        const existing = fs.statSync(finalPath, { throwIfNoEntry: false });
        if (existing === undefined) {
          fs.renameSync(tempDir, finalPath);
        } else if (mode === 'error') {
          throw outputExists(asset, display);
        } else if (mode === 'ignore') {
          discard();
          return { rowsWritten: 0, skipped: true, path: display };
        } else if (mode === 'append') {
          if (!existing.isDirectory()) throw engineError('E_WRITE_FAILED', { asset, path: display, problem: `cannot append part files to ${display}: it is a file, not a directory` });
          const prefix = `append-${crypto.randomBytes(4).toString('hex')}-`;
          for (const name of fs.readdirSync(tempDir)) if (name.startsWith('part-')) fs.renameSync(path.join(tempDir, name), path.join(finalPath, prefix + name));
          fs.rmSync(tempDir, { recursive: true, force: true });
        } else {
          // Overwrite: the old output is moved aside first, so the destination is never half-replaced.
          const aside = `${tempDir}.old`;
          fs.renameSync(finalPath, aside);
          fs.renameSync(tempDir, finalPath);
          fs.rmSync(aside, { recursive: true, force: true });
        }
        done = true;
        return { rowsWritten: rows, skipped: false, path: display };
      } catch (e) {
        return failed(e);
      }
    },
    discard,
  };
}
