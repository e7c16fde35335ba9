/**
 * Field schemas shared by several kinds, so that the same field reads the same way everywhere.
 */
import type { FieldSchema } from './kind-definition';

/** An asset reference (`from`). */
export const ASSET_REF_FIELD: FieldSchema = {
  type: 'string',
  minLength: 1,
  description: 'asset_ref of the upstream asset',
};

/** A file path, as written (after variable substitution). */
export const PATH_FIELD: FieldSchema = { type: 'string', minLength: 1, description: 'file path' };

/** A file format name; its allowed values are checked separately (V-008). */
export const FORMAT_FIELD: FieldSchema = { type: 'string', description: 'csv, parquet or json' };

/** A write mode name; its allowed values are checked separately (V-008). */
export const MODE_FIELD: FieldSchema = {
  type: 'string',
  description: 'overwrite, append, error (default) or ignore',
};

/** Format options: a mapping of names to strings; YAML booleans and numbers read as their text. */
export const OPTIONS_FIELD: FieldSchema = {
  type: 'object',
  additionalProperties: { type: 'string', scalarAsText: true },
  description: 'format options (strings)',
};

/** One expression written as text. */
export const EXPRESSION_FIELD: FieldSchema = { type: 'string', description: 'expression' };

/** A non-empty list of expressions written as text. */
export const EXPRESSION_LIST_FIELD: FieldSchema = {
  type: 'array',
  items: { type: 'string' },
  minItems: 1,
  description: 'non-empty list of expressions',
};

/** A row count (`count` of limit, offset, tail): a whole number, zero or more. */
export const COUNT_FIELD: FieldSchema = { type: 'integer', minimum: 0, description: 'number of rows (0 or more)' };

/** One column name. */
export const COLUMN_FIELD: FieldSchema = { type: 'string', minLength: 1, description: 'column name' };

/** A non-empty list of column names. */
export const COLUMN_LIST_FIELD: FieldSchema = { type: 'array', items: COLUMN_FIELD, minItems: 1, description: 'non-empty list of column names' };

/** A list of at least two asset references (the sources of a union or intersect). */
export const SOURCES_FIELD: FieldSchema = {
  type: 'array',
  items: ASSET_REF_FIELD,
  minItems: 2,
  description: 'at least two asset_refs',
};

/** A boolean flag (`all`, `byName`, ...); "true"/"false" text from variables reads as one. */
export const FLAG_FIELD: FieldSchema = { type: 'boolean' };
