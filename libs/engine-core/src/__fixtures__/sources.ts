/** Test support: typed sources built from short arguments. */
import {
  parseExpression,
  type Format,
  type GroupBySource,
  type InputSource,
  type OutputSource,
  type SelectSource,
  type WhereSource,
  type WriteMode,
} from '@pipeline/definition';

/** An input source. */
export const input = (path: string, format: Format = 'csv', options: Record<string, string> = {}): InputSource => ({
  kind: 'input',
  format,
  path,
  options,
});

/** A where source with its filter parsed. */
export const where = (from: string, filter: string): WhereSource => ({ kind: 'where', from, filter: parseExpression(filter) });

/** A select source with its columns parsed. */
export const select = (from: string, ...columns: string[]): SelectSource => ({
  kind: 'select',
  from,
  columns: columns.map((c) => parseExpression(c)),
});

/** A group_by source with keys and aggregates parsed. */
export const groupBy = (from: string, by: string[], agg: string[]): GroupBySource => ({
  kind: 'group_by',
  from,
  by: by.map((b) => parseExpression(b)),
  agg: agg.map((a) => parseExpression(a)),
});

/** An output source (its `from` is ignored by Backend.write). */
export const output = (
  path: string,
  format: Format = 'csv',
  mode: WriteMode = 'overwrite',
  options: Record<string, string> = {},
): OutputSource => ({ kind: 'output', from: '', format, path, mode, options });
