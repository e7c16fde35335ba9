/**
 * The nesting bound (MAX_JSON_DEPTH) on a JSON input file, checked before DuckDB's read_json
 * sees it: its reader recurses on the native stack, and a record holding 20,000 nested objects
 * (or 100,000 nested arrays) took the whole process down with SIGSEGV, whatever `maximum_depth`
 * said. One streaming pass over the bytes (decompressed when gzip), no recursion, stopping at the
 * first level too deep; a file unchanged since its last scan is not scanned again (the caller
 * remembers what it described).
 */
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { MAX_JSON_DEPTH } from '@pipeline/definition';
import { openChecked, readHeadChecked } from '../paths/open-inside-root';

/** The words both backends use for a JSON input nested too deep (after "cannot read <path>: "). */
export const JSON_FILE_TOO_DEEP = `its JSON nests deeper than ${MAX_JSON_DEPTH} levels`;

/** Counts levels of `[` and `{` outside strings across chunks; `tooDeep` once past `limit`. */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  tooDeep = false;

  constructor(private readonly limit: number = MAX_JSON_DEPTH) {}

  /** Reads one more chunk; true once the text has nested too deep (later chunks change nothing). */
  feed(bytes: Uint8Array): boolean {
    if (this.tooDeep) return true;
    let { depth, inString, escaped } = this;
    const limit = this.limit;
    // Bytes of a UTF-8 sequence are never quotes, backslashes or brackets, so bytes suffice.
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x5b || c === 0x7b) {
        if (++depth > limit) {
          this.tooDeep = true;
          return true;
        }
      } else if (c === 0x5d || c === 0x7d) depth--;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return false;
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const startsWith = (head: Buffer, magic: readonly number[]): boolean => magic.every((b, i) => head[i] === b);

/**
 * How `absolute` is compressed, by the option or, for `auto`, by its first bytes (DuckDB's
 * auto-detection looks at them too, whatever the name says).
 */
function codecOf(absolute: string, compression: string): 'none' | 'gzip' | 'zstd' {
  if (compression === 'none' || compression === 'gzip' || compression === 'zstd') return compression;
  const head = readHeadChecked(absolute, 4);
  if (startsWith(head, GZIP_MAGIC)) return 'gzip';
  if (startsWith(head, ZSTD_MAGIC)) return 'zstd';
  return 'none';
}

/**
 * Whether the JSON file `absolute` nests deeper than MAX_JSON_DEPTH: true, false, or 'unknown'
 * for zstd, which Node cannot decompress here. Read from a descriptor checked to be the path.
 */
export async function jsonFileNestsTooDeep(absolute: string, compression: string, signal?: AbortSignal): Promise<boolean | 'unknown'> {
  const codec = codecOf(absolute, compression);
  if (codec === 'zstd') return 'unknown';
  const fd = openChecked(absolute, 'r');
  const file = fs.createReadStream('', { fd, highWaterMark: 1 << 20 });
  const stream = codec === 'gzip' ? file.pipe(zlib.createGunzip()) : file;
  const scanner = new JsonDepthScanner();
  try {
    for await (const chunk of stream) {
      if (signal?.aborted === true || scanner.feed(chunk as Buffer)) break;
    }
  } catch {
    // Not valid gzip: DuckDB says so when it reads the file.
    return false;
  } finally {
    file.destroy();
    stream.destroy();
  }
  return scanner.tooDeep;
}
