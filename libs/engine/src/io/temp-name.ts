/**
 * Names of the temporary files outputs are written to before they are moved into place:
 * `.<output name>.<12 hex digits>.tmp`, beside the destination. The name part is shortened when
 * needed so that the whole stays within the file system's 255-byte limit: an output name of 240
 * bytes, which the file system accepts, must not fail because of its temporary name. The shape is
 * fixed so that stale temporary files (left by a killed process) can be recognised and removed.
 */
import * as crypto from 'node:crypto';

/** The longest file name, in bytes (Linux NAME_MAX). */
const MAX_NAME_BYTES = 255;

/** `.` + `.` + 12 hex digits + `.tmp`: the bytes a temporary name adds to the output's name. */
const ADDED_BYTES = 1 + 1 + 12 + 4;

/** Room left for a writer's own short suffix on a temporary name (`.part` of an append). */
const SUFFIX_BYTES = 8;

const TEMP_NAME = /^\..*\.[0-9a-f]{12}\.tmp(\.part)?$/s;

/** A fresh temporary name for an output called `finalName` (a base name, no folder). */
export function tempFileName(finalName: string): string {
  const unique = crypto.randomBytes(6).toString('hex');
  return `.${truncateToBytes(finalName, MAX_NAME_BYTES - ADDED_BYTES - SUFFIX_BYTES)}.${unique}.tmp`;
}

/** True for a name {@link tempFileName} could have made (with a writer's `.part`). */
export function isTempFileName(name: string): boolean {
  return TEMP_NAME.test(name);
}

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, never splitting a character. */
export function truncateToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}
