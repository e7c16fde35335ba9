/**
 * Names of the temporary files outputs are written to before they are moved into place:
 * `.<output name>.<writer>.<12 hex digits>.tmp`, beside the destination, where `<writer>` says
 * which process writes it (`w<pid in base 36>-<pid namespace>-<host>`, each 8 hex digits of a
 * hash), so that a file whose writer is known to be dead (killed with SIGKILL mid-write) can be
 * removed at once. The name part is shortened when needed so that the whole stays within the
 * file system's 255-byte limit: an output name of 240 bytes, which the file system accepts, must
 * not fail because of its temporary name. The shape is fixed so that stale temporary files can
 * be recognised and removed; names without the writer part (older versions) are recognised too.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';

/** The longest file name, in bytes (Linux NAME_MAX). */
const MAX_NAME_BYTES = 255;

/** `.` + `.` + 12 hex digits + `.tmp`: the bytes a temporary name adds to the output's name, besides the writer. */
const ADDED_BYTES = 1 + 1 + 12 + 4;

/** Room left for a writer's own short suffix on a temporary name (`.part` of an append). */
const SUFFIX_BYTES = 8;

const TEMP_NAME = /^\..*\.[0-9a-f]{12}\.tmp(\.part)?$/s;

const WRITER_PART = /\.w([0-9a-z]{1,13})-([0-9a-f]{8})-([0-9a-f]{8})\.[0-9a-f]{12}\.tmp(\.part)?$/s;

/** The process writing a temporary file: its pid, within a pid namespace, on a host. */
export interface TempWriter {
  readonly pid: number;
  /** 8 hex digits naming the pid namespace (containers each have their own). */
  readonly space: string;
  /** 8 hex digits naming the host. */
  readonly host: string;
}

let own: TempWriter | undefined;

/** This process as the writer of its temporary files (the same in every thread of it). */
export function thisWriter(): TempWriter {
  own ??= { pid: process.pid, space: hash8(pidNamespace()), host: hash8(os.hostname()) };
  return own;
}

/** The writer a temporary name carries; undefined for a name without one (or not a temporary name). */
export function tempFileWriter(name: string): TempWriter | undefined {
  const match = WRITER_PART.exec(name);
  if (match === null) return undefined;
  const pid = Number.parseInt(match[1], 36);
  return Number.isSafeInteger(pid) ? { pid, space: match[2], host: match[3] } : undefined;
}

/** A fresh temporary name for an output called `finalName` (a base name, no folder), written by `writer` (this process). */
export function tempFileName(finalName: string, writer: TempWriter = thisWriter()): string {
  // The last group of a random UUID is 12 random hex digits; Node hands UUIDs out of a batch it
  // fills at once, where randomBytes asks OpenSSL every call (about 2% of a tiny job's worker CPU).
  const unique = crypto.randomUUID().slice(-12);
  const tag = `w${writer.pid.toString(36)}-${writer.space}-${writer.host}`;
  const room = MAX_NAME_BYTES - ADDED_BYTES - (tag.length + 1) - SUFFIX_BYTES;
  return `.${truncateToBytes(finalName, room)}.${tag}.${unique}.tmp`;
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

/** The pid namespace of this process (Linux); one value elsewhere. */
function pidNamespace(): string {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return 'none';
  }
}

function hash8(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex').slice(0, 8);
}
