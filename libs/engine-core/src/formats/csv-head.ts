/**
 * A CSV file's columns from its first bytes: the header's names (as both backends name them, see
 * `csvColumnNames`) and the types the rows read so far fit (the JavaScript backend's inference).
 * Types from a prefix may be narrower than the whole file's; they only serve to check column
 * references before a job runs, where a narrower type can hide a problem but never invent one.
 */
import * as zlib from 'node:zlib';
import type { Column } from '../bind/bind-expression';
import type { DataType } from '../types/data-type';
import { csvColumnNames, parseCsv } from './csv-text';
import { compressionFromName, type CsvOptions } from './format-options';
import { convertAll, csvCandidates } from './infer-values';

/** Most bytes a gzip prefix may inflate to here (a small prefix can hold far more). */
const MAX_INFLATED_BYTES = 1 << 20;

/**
 * The columns of a CSV file that starts with `head` (`whole`: the file ends there too); undefined
 * when the prefix does not tell them: a zstd file, a header longer than the prefix, a quoted field
 * the prefix cuts, an empty file, or text that does not parse (the job reports those).
 */
export function csvColumnsOfHead(head: Buffer, whole: boolean, absolute: string, o: CsvOptions): Column[] | undefined {
  const codec = o.compression === 'auto' ? compressionFromName(absolute) : o.compression;
  if (codec === 'zstd') return undefined;
  let bytes = head;
  let complete = whole;
  if (codec === 'gzip') {
    try {
      bytes = zlib.gunzipSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: MAX_INFLATED_BYTES });
    } catch {
      return undefined;
    }
    // A whole gzip file may still end mid-stream; only what inflated is known either way.
    complete = whole && bytes.length < MAX_INFLATED_BYTES;
  }
  const label = o.encoding === 'utf-16' ? 'utf-16le' : o.encoding === 'latin-1' ? 'latin1' : 'utf-8';
  let text = new TextDecoder(label).decode(bytes);
  if (!complete) {
    // The last line may be cut: keep whole lines only.
    const end = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    if (end < 0) return undefined;
    text = text.slice(0, end + 1);
  }
  let table: ReturnType<typeof parseCsv>;
  try {
    table = parseCsv(text, o);
  } catch {
    return undefined;
  }
  const width = table.header?.length ?? table.rows[0]?.length;
  if (width === undefined || width === 0) return undefined;
  const names = csvColumnNames(table.header, width);
  const candidates = csvCandidates(o);
  return names.map((name, c) => ({ name, type: o.inferSchema ? inferred(table.rows.map((r) => r[c] ?? null), candidates) : 'string' }));
}

function inferred(raw: readonly (string | null)[], candidates: ReturnType<typeof csvCandidates>): DataType {
  // No value yet says nothing of the type: DuckDB reads such a column as text.
  if (raw.every((v) => v === null)) return 'string';
  for (const [type, convert] of candidates) {
    if (convertAll(raw, convert) !== undefined) return type;
  }
  return 'string';
}
