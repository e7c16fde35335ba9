/**
 * CSV text for the JavaScript backend, read and written the way DuckDB does: quoted fields with
 * an escape character (the quote itself by default, so `""` is a quote), line breaks inside
 * quotes, blank lines skipped, a comment character that ends the line, the null marker matched
 * on quoted and unquoted fields alike, and when writing, quoting only where needed (and always
 * for empty strings, which would otherwise read back as NULL).
 */
import type { CsvOptions } from './format-options';

/** Parsed CSV: header names (as written) and rows of field texts, NULL for the null marker. */
export interface CsvTable {
  readonly header: readonly string[] | undefined;
  readonly rows: (string | null)[][];
}

/** Why a CSV text cannot be read; the caller names the asset and path. */
export class CsvSyntaxError extends Error {}

/** Splits CSV text into fields. */
export function parseCsv(text: string, o: Pick<CsvOptions, 'header' | 'sep' | 'quote' | 'escape' | 'nullValue' | 'comment'>): CsvTable {
  const records: string[][] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < n) {
    const fields: string[] = [];
    let field = '';
    let wasQuoted = false;
    let atFieldStart = true;
    let endOfRecord = false;
    while (i < n && !endOfRecord) {
      const c = text[i];
      if (atFieldStart && c === o.quote) {
        wasQuoted = true;
        atFieldStart = false;
        const startLine = line;
        i++;
        // Quoted section: up to the closing quote; escape+quote (and escape+escape) is literal.
        for (;;) {
          if (i >= n) throw new CsvSyntaxError(`unterminated quoted field starting on line ${startLine}`);
          const q = text[i];
          const next = text[i + 1];
          if (q === o.escape && next !== undefined && (next === o.quote || (o.escape !== o.quote && next === o.escape))) {
            field += next;
            i += 2;
            continue;
          }
          if (q === o.quote) {
            i++;
            break;
          }
          if (q === '\n') line++;
          field += q;
          i++;
        }
        continue;
      }
      if (c === o.sep) {
        fields.push(field);
        field = '';
        wasQuoted = false;
        atFieldStart = true;
        i++;
      } else if (c === '\n' || c === '\r') {
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        endOfRecord = true;
      } else if (o.comment !== undefined && c === o.comment) {
        while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
      } else {
        // Plain characters up to the next delimiter, line break, comment or quote, in one slice.
        let j = i + 1;
        while (j < n) {
          const d = text[j];
          if (d === o.sep || d === '\n' || d === '\r' || d === o.comment || d === o.quote) break;
          j++;
        }
        field += text.slice(i, j);
        atFieldStart = false;
        i = j;
      }
    }
    // A blank line (or one that is only a comment) holds no record.
    if (fields.length === 0 && field === '' && !wasQuoted) continue;
    fields.push(field);
    records.push(fields);
  }
  let header: string[] | undefined;
  let body = records;
  if (o.header && records.length > 0) {
    header = records[0];
    body = records.slice(1);
  }
  const width = header?.length ?? records[0]?.length ?? 0;
  const rows = body.map((r, index) => {
    if (r.length !== width) {
      throw new CsvSyntaxError(`row ${index + 1 + (o.header ? 1 : 0)} has ${r.length} fields, expected ${width}`);
    }
    return r.map((f) => (f === o.nullValue ? null : f));
  });
  return { header, rows };
}

/** Column names as DuckDB gives them: header names, `columnN` for blanks, `_1`, `_2` for repeats. */
export function csvColumnNames(header: readonly string[] | undefined, width: number): string[] {
  const digits = String(Math.max(0, width - 1)).length;
  const generated = (i: number): string => `column${String(i).padStart(digits, '0')}`;
  if (header === undefined) return Array.from({ length: width }, (_, i) => generated(i));
  const used = new Set<string>();
  return header.map((h, i) => {
    let name = h === '' ? generated(i) : h;
    if (used.has(name.toLowerCase())) {
      let k = 1;
      while (used.has(`${name}_${k}`.toLowerCase())) k++;
      name = `${name}_${k}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/** Writes one CSV line (no line break) from field texts; NULL becomes the null marker. */
export function csvLine(values: readonly (string | null)[], o: Pick<CsvOptions, 'sep' | 'quote' | 'escape' | 'nullValue'>): string {
  return values
    .map((v) => {
      if (v === null) return o.nullValue;
      const needs =
        v === '' ||
        v === o.nullValue ||
        v.includes(o.sep) ||
        v.includes(o.quote) ||
        v.includes('\n') ||
        v.includes('\r') ||
        (o.escape !== o.quote && v.includes(o.escape));
      if (!needs) return v;
      let body = v;
      if (o.escape !== o.quote) body = body.split(o.escape).join(o.escape + o.escape);
      body = body.split(o.quote).join(o.escape + o.quote);
      return `${o.quote}${body}${o.quote}`;
    })
    .join(o.sep);
}
