/** What an append checks and how appended bytes join a file, shared by both backends (one message). */
import { engineError } from '../errors';
import { concatenateInto, lacksFinalNewline } from '../io/atomic-write';
import type { AppendColumnRule } from './format-module';

/** Throws E_SCHEMA_MISMATCH when rows with columns `added` cannot be appended to a file with `existing`. */
export function checkAppendColumns(ref: string, rule: AppendColumnRule, existing: readonly string[], added: readonly string[]): void {
  const same =
    rule === 'any' ||
    (rule === 'same-count' && existing.length === added.length) ||
    (rule === 'same-names-in-order' && existing.join('\0') === added.join('\0')) ||
    (rule === 'same-names-any-order' &&
      existing.length === added.length &&
      [...existing].sort().join('\0') === [...added].sort().join('\0'));
  if (!same) {
    throw engineError('E_SCHEMA_MISMATCH', {
      asset: ref,
      columns: [...added],
      existing: [...existing],
      problem: `cannot append: the rows have columns (${added.join(', ')}) but the existing file has (${existing.join(', ')})`,
    });
  }
}

/**
 * Builds in `tempPath` the existing file's bytes followed by `part`'s. A plain text file that
 * does not end with a line break gets one first; compressed files are concatenated as members.
 */
export function concatenateAppend(tempPath: string, existingPath: string, part: string, partCompression: 'none' | 'gzip' | 'zstd'): void {
  const separator = partCompression === 'none' && lacksFinalNewline(existingPath) ? Buffer.from('\n') : undefined;
  concatenateInto(tempPath, existingPath, part, separator);
}
