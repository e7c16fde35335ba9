/**
 * What a write step selects from its relation, so that Spark's text outputs hold DuckDB's text:
 * in a CSV, a double or float column becomes DuckDB's spelling of it (duckdb-text.ts) and a
 * timestamp column Spark's cast to text (DuckDB's: fractional seconds kept, trailing zeros
 * trimmed), which the writer's fixed timestamp pattern would not give; a `timestampFormat` the
 * user gave is the writer's to apply, so those columns stay typed. A JSON output is one line of
 * text per row as DuckDB writes it (json-lines.ts); parquet outputs stay typed.
 */
import type { Column, FormatOptions } from '@pipeline/engine-core';
import { floatingText } from './duckdb-text';
import { jsonLinesSelect } from './json-lines';
import { sparkIdentifier as q } from './sql-text';

/** A write's select list over the relation, or over `inner`, a select list over the relation. */
export interface WrittenSelect {
  readonly list: string;
  readonly inner?: string;
}

/** The SQL of column `c` as written in a CSV, or undefined when written as it is. */
function csvColumn(c: Column, options: FormatOptions & { format: 'csv' }): string | undefined {
  if (c.type === 'timestamp' && options.csv.timestampFormat === undefined) return `CAST(${q(c.name)} AS STRING)`;
  if (c.type === 'double' || c.type === 'float') return floatingText(q(c.name), c.type);
  return undefined;
}

/** What a write of `columns` of output `asset` in `options`' format selects: `*` when every column is written as it is. */
export function writtenSelect(asset: string, columns: readonly Column[], options: FormatOptions): WrittenSelect {
  if (options.format === 'parquet') return { list: '*' };
  if (options.format === 'json') {
    const { inner, line } = jsonLinesSelect(asset, columns, options.json);
    return { list: line, inner };
  }
  const items = columns.map((c) => csvColumn(c, options));
  if (items.every((i) => i === undefined)) return { list: '*' };
  return { list: columns.map((c, i) => (items[i] === undefined ? q(c.name) : `${items[i]} AS ${q(c.name)}`)).join(', ') };
}
