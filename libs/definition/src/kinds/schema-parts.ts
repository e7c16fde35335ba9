/**
 * Field declarations shared by several kinds, so that the same field reads the same way everywhere.
 */
import type { Format, WriteMode } from '../definition';
import type { Expr } from '@pipeline/expression';
import { type AggregateOver, anything, type ExpressionUse, expression, type Field, flag, integer, list, mapOf, text } from './fields';

/** An asset reference (`from`). */
export const ASSET_REF = text({ minLength: 1, description: 'asset_ref of the upstream asset' });

/** A file path, as written (after variable substitution). */
export const PATH = text({ minLength: 1, description: 'file path' });

/** A file format name; its allowed values are checked separately (V-008), before `build`. */
export const FORMAT = anything<Format>({ type: 'string', description: 'csv, parquet or json' });

/** A write mode name; its allowed values are checked separately (V-008), before `build`. */
export const MODE = anything<WriteMode>({ type: 'string', description: 'overwrite, append, error (default) or ignore' });

/** Format options: a mapping of names to strings; YAML booleans and numbers read as their text. */
export const OPTIONS = mapOf(text({ scalarAsText: true }), { description: 'format options (strings)' });

/** A non-empty list of expressions written as text. */
export function expressionList<const K extends string>(use: AggregateOver<K>): Field<readonly string[], readonly Expr[], K>;
export function expressionList(use: ExpressionUse<never>): Field<readonly string[], readonly Expr[]>;
export function expressionList(use: ExpressionUse): Field<readonly string[], readonly Expr[], string> {
  return list(expression(use as ExpressionUse<never>, { type: 'string' }), { minItems: 1, description: 'non-empty list of expressions' });
}

/** A row count (`count` of limit, offset, tail): a whole number, zero or more. */
export const COUNT = integer({ minimum: 0, description: 'number of rows (0 or more)' });

/** One column name. */
export const COLUMN = text({ minLength: 1, description: 'column name' });

/** A non-empty list of column names. */
export const COLUMN_LIST = list(COLUMN, { minItems: 1, description: 'non-empty list of column names' });

/** A list of at least two asset references (the sources of a union or intersect). */
export const SOURCES = list(ASSET_REF, { minItems: 2, description: 'at least two asset_refs' });

/** A boolean flag (`all`, `byName`, ...); "true"/"false" text from variables reads as one. */
export const FLAG = flag();
