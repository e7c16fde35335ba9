/**
 * The bytes of CSV and JSON files in JavaScript: decompressed (by option, else by the name's
 * extension) and decoded to text on the way in, encoded and compressed on the way out. zstd has no
 * codec in Node here, so JavaScript refuses it (DuckDB reads and writes it).
 */
import * as zlib from 'node:zlib';
import { engineError, readFailed } from '../errors';
import { MAX_DANFO_INPUT_BYTES } from '../limits';
import { readFileChecked, readHeadChecked } from '../paths/open-inside-root';
import { compressionFromName, type TextCompression, type TextEncoding } from './format-options';

/** File bytes decompressed (by option, else by extension) and decoded to text. */
export function decodeFile(absolute: string, compression: TextCompression, encoding: TextEncoding, asset: string, display: string): string {
  const tooBig = (bytes: number): Error =>
    readFailed(asset, display, `the file holds ${bytes} bytes${bytes === MAX_DANFO_INPUT_BYTES + 1 ? ' or more' : ''} of data; the danfo backend reads at most ${MAX_DANFO_INPUT_BYTES} (the duckdb backend has no such limit)`);
  let bytes: Buffer = readFileChecked(absolute, { asset, display }, { maxBytes: MAX_DANFO_INPUT_BYTES, tooBig });
  const codec = compression === 'auto' ? compressionFromName(absolute) : compression;
  if (codec === 'zstd') {
    throw engineError('E_UNSUPPORTED_FORMAT', { asset, path: display, problem: `the danfo backend cannot read zstd-compressed files: ${display}` });
  }
  if (codec === 'gzip') {
    try {
      // Bounded as the plain file is: a small gzip file can hold far more.
      bytes = zlib.gunzipSync(bytes, { maxOutputLength: MAX_DANFO_INPUT_BYTES + 1 });
    } catch (e) {
      if ((e as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig(MAX_DANFO_INPUT_BYTES + 1);
      throw readFailed(asset, display, 'not valid gzip data', e);
    }
  }
  const label = encoding === 'utf-16' ? 'utf-16le' : encoding === 'latin-1' ? 'latin1' : 'utf-8';
  return new TextDecoder(label).decode(bytes);
}

/** UTF-8 bytes of `text`, compressed with `codec`. */
export function encodeText(text: string, codec: 'none' | 'gzip' | 'zstd', asset: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (codec === 'zstd') {
    throw engineError('E_UNSUPPORTED_FORMAT', { asset, problem: 'the danfo backend cannot write zstd-compressed files' });
  }
  return codec === 'gzip' ? zlib.gzipSync(bytes) : bytes;
}

/** Largest prefix read to see how a file starts. */
const LEAD_BYTES = 4096;

/**
 * The first characters of a text file, after decompression when it is gzip (a partial gzip
 * stream decodes as far as it goes); `''` for a zstd file, whose start cannot be read here.
 */
export function leadingText(absolute: string, codec: 'none' | 'gzip' | 'zstd'): string {
  if (codec === 'zstd') return '';
  const head = readHeadChecked(absolute, LEAD_BYTES);
  if (codec === 'none') return head.toString('utf8');
  try {
    return zlib.gunzipSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8');
  } catch {
    return '';
  }
}
