/**
 * What a write step selects from its relation, so that Spark's text outputs hold DuckDB's text:
 * in a CSV, a double or float column becomes DuckDB's spelling of it (duckdb-text.ts) and a
 * timestamp column Spark's cast to text (DuckDB's: fractional seconds kept, trailing zeros
 * trimmed), which the writer's fixed timestamp pattern would not give; in a JSON output, a
 * timestamp too (numbers stay JSON numbers). A `timestampFormat` the user gave is the writer's to
 * apply, so those columns stay typed; parquet outputs stay typed.
 */
import type { Column, FormatOptions } from '@pipeline/engine-core';
import { floatingText } from './duckdb-text';
import { sparkIdentifier as q } from './sql-text';

/** The SQL of column `c` as written in `options`' format, or undefined when written as it is. */
function writtenColumn(c: Column, options: FormatOptions): string | undefined {
  if (options.format === 'parquet') return undefined;
  const text = options.format === 'csv' ? options.csv : options.json;
  if (c.type === 'timestamp' && text.timestampFormat === undefined) return `CAST(${q(c.name)} AS STRING)`;
  if (options.format === 'csv' && (c.type === 'double' || c.type === 'float')) return floatingText(q(c.name), c.type);
  return undefined;
}

/** The select list of a write of `columns` in `options`' format: `*` when every column is written as it is. */
export function writtenSelectList(columns: readonly Column[], options: FormatOptions): string {
  const items = columns.map((c) => writtenColumn(c, options));
  if (items.every((i) => i === undefined)) return '*';
  return columns.map((c, i) => (items[i] === undefined ? q(c.name) : `${items[i]} AS ${q(c.name)}`)).join(', ');
}
