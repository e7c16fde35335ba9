/**
 * A write in two phases: the rows are written to a temporary file beside the destination
 * (`stage`), then every staged output of a run is moved into place together (`commit`) once all
 * steps succeeded, or removed (`discard`) when any failed or the run was cancelled. A failing
 * pipeline therefore leaves none of its outputs behind, not only no half-written file.
 */
import type { WriteMode } from '@pipeline/definition';
import type { WriteResult } from '../backend';
import type { AtomicFile } from './atomic-write';

/** An output written to its temporary file, waiting to be placed. */
export interface StagedWrite {
  /** Rows in the staged file (what a commit writes unless mode ignore finds the destination taken). */
  readonly rowsStaged: number;
  /** Moves the file into place; reports the rows written, or `skipped` when mode ignore found the destination taken. */
  commit(): WriteResult;
  /** Removes the temporary file; safe after commit (then it does nothing). */
  discard(): void;
}

/** A write that does nothing: mode `ignore` and the destination already exists. */
export function skippedWrite(path: string): StagedWrite {
  return { rowsStaged: 0, commit: () => ({ rowsWritten: 0, skipped: true, path }), discard: () => undefined };
}

/** A staged write of `rows` rows into `file`, placed with `mode`. */
export function stagedFile(file: AtomicFile, mode: WriteMode, rows: number, path: string): StagedWrite {
  let committed = false;
  return {
    rowsStaged: rows,
    commit: () => {
      const placed = file.commit(mode);
      committed = true;
      return { rowsWritten: placed ? rows : 0, skipped: !placed, path };
    },
    discard: () => {
      if (!committed) file.discard();
    },
  };
}

/** A single write (`Backend.write`): stages it, places it at once, and never leaves its temporary file. */
export async function writeNow(staging: Promise<StagedWrite>): Promise<WriteResult> {
  const staged = await staging;
  try {
    return staged.commit();
  } finally {
    staged.discard();
  }
}
