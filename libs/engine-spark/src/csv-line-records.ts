/**
 * Whether Spark may read a CSV input line by line. The reader is set to `multiLine` so that a
 * quoted field may hold a line break, but Spark then reads each file in one task: a 537 MB file
 * took one core of two for both its schema inference and its read, where a line-based read splits
 * it into 128 MB tasks. A file with no quote character at all has no quoted field, so every line
 * is a record and the split read gives the same rows. The server can only look at files on its
 * own data root, plain UTF-8 text (a compressed file is not split anyway); what it learnt is
 * remembered while the file stays unchanged, so each file is scanned once.
 */
import * as fs from 'node:fs';
import { type CsvOptions, fileIdentity, SettledFileCache, throwIfAborted } from '@pipeline/engine-core';

const CHUNK = 4 * 1024 * 1024;
const COMPRESSED = /\.(gz|gzip|zst|zstd|bz2|lz4|snappy|deflate)$/i;

const scanned = new SettledFileCache<boolean>();

/**
 * True when the CSV file at `absolute` (on the server's disk) can be read line by line with
 * `csv`'s settings: UTF-8, not compressed, and no byte of it is the quote character.
 */
export async function csvLinesAreRecords(absolute: string, csv: CsvOptions, signal?: AbortSignal): Promise<boolean> {
  if (csv.encoding !== 'utf-8' || csv.compression === 'gzip' || csv.compression === 'zstd' || COMPRESSED.test(absolute)) return false;
  const quote = csv.quote.charCodeAt(0);
  if (csv.quote.length !== 1 || quote > 0x7f) return false;
  const identity = fileIdentity(absolute);
  const known = scanned.get(identity, csv.quote);
  if (known !== undefined) return known;
  let handle: fs.promises.FileHandle;
  try {
    if (!fs.statSync(absolute).isFile()) return false;
    handle = await fs.promises.open(absolute, 'r');
  } catch {
    return false;
  }
  let quoteless = true;
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      throwIfAborted(signal);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      if (buffer.subarray(0, bytesRead).indexOf(quote) >= 0) {
        quoteless = false;
        break;
      }
    }
  } finally {
    await handle.close();
  }
  scanned.remember(identity, csv.quote, quoteless);
  return quoteless;
}
