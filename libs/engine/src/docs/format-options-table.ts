/**
 * The table of every file format's options for docs/formats.md, generated from the definition's
 * option catalogue (names, spellings, defaults) and the meanings below, so a new option without a
 * documented meaning does not compile and the page cannot drift from the catalogue
 * (`language-tables.spec.ts` compares it).
 */
import { DEFAULT_OPTIONS, FORMATS, FORMAT_OPTIONS, type Format } from '@pipeline/definition';

/** What each option of each format does when reading and writing, on both backends. */
const MEANINGS = {
  csv: {
    header:
      'The first line names the columns (read) and is written first (write); `false`: columns are `column0`, `column1`, ... and no header is written.',
    inferSchema:
      'Column types are detected from the data, trying boolean, long, double, date, timestamp, then string (danfo looks at every row, DuckDB at a sample of 20,480); `false`: every column is a string.',
    sep: 'The field separator: exactly one character (`\\t` for a tab), not a line break, not the quote.',
    quote: 'Encloses a field that holds the separator, a quote or a line break: one character.',
    escape: 'Escapes a quote inside a quoted field: one character, by default the quote itself (`""`); not the separator.',
    nullValue: 'The text that stands for NULL, quoted or not (read) and written for a NULL (write).',
    dateFormat:
      'How dates are read and written: a Java-style (`dd/MM/yyyy`) or strftime (`%d/%m/%Y`) pattern of at most 100 characters; by default ISO `yyyy-MM-dd`.',
    timestampFormat: 'How timestamps are read and written, in the same pattern syntax as `dateFormat`; without it, ISO 8601 (`2024-01-31 10:00:00`).',
    encoding: 'The text encoding of an input: `utf-8`, `utf-16` or `latin-1` (`iso-8859-1`); an output is written in UTF-8 and refuses another encoding.',
    comment: 'One character that starts a comment: the rest of the line is ignored (read only).',
    compression:
      '`auto` (by the file name: `.gz` gzip, `.zst` zstd, else none), `none`, `gzip` or `zstd`; a write without it goes by the destination\'s extension. danfo refuses zstd.',
  },
  json: {
    multiLine:
      'Read: `false` takes strictly one document per line; absent or `true` also reads an array file and documents over several lines. Write: `true` writes one JSON array, otherwise one document per line.',
    dateFormat: 'How dates are read and written, as for CSV.',
    timestampFormat: 'How timestamps are read and written, as for CSV.',
    compression: 'As for CSV: `auto`, `none`, `gzip` or `zstd` (danfo refuses zstd).',
  },
  parquet: {
    compression: 'The codec an output is written with: `snappy`, `gzip`, `zstd`, `lz4`, `lz4_raw`, `brotli` or `uncompressed` (`none`); by default DuckDB\'s (snappy). Inputs are read with whatever codec they hold.',
  },
} satisfies { readonly [F in Format]: Readonly<Record<string, string>> };

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** One row per option of every format: format, name, other spellings, default, meaning. */
export function formatOptionsTable(): string {
  const rows = FORMATS.flatMap((format) =>
    FORMAT_OPTIONS[format].map((spec) => {
      const meaning = (MEANINGS[format] as Readonly<Record<string, string>>)[spec.name];
      if (meaning === undefined) throw new Error(`format option ${format}.${spec.name} has no documented meaning`);
      const fallback = DEFAULT_OPTIONS[format][spec.name];
      const shown = fallback === undefined ? '' : fallback === '' ? 'empty' : `\`${fallback}\``;
      const aliases = (spec.aliases ?? []).map((a) => `\`${a}\``).join(', ');
      return `| ${format} | \`${spec.name}\` | ${aliases} | ${spec.type} | ${cell(shown)} | ${cell(meaning)} |`;
    }),
  );
  return ['| format | option | also spelled | value | default | meaning |', '|---|---|---|---|---|---|', ...rows].join('\n');
}
