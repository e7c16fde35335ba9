/**
 * DuckDB column types and their portable names. Input columns whose DuckDB type has a portable
 * equivalent with another representation (a timestamp with time zone or in nanoseconds, an
 * unsigned integer, an enum) are converted on read, so every backend sees the same types.
 */
import type { DataType } from '../types/data-type';

const SIMPLE: Readonly<Record<string, DataType>> = {
  VARCHAR: 'string',
  BOOLEAN: 'boolean',
  TINYINT: 'byte',
  SMALLINT: 'short',
  INTEGER: 'integer',
  BIGINT: 'long',
  FLOAT: 'float',
  DOUBLE: 'double',
  DATE: 'date',
  TIMESTAMP: 'timestamp',
};

/** Conversions applied to input columns: DuckDB type -> the DuckDB type it is cast to on read. */
const NORMALIZE: Readonly<Record<string, string>> = {
  'TIMESTAMP WITH TIME ZONE': 'TIMESTAMP',
  TIMESTAMP_NS: 'TIMESTAMP',
  TIMESTAMP_MS: 'TIMESTAMP',
  TIMESTAMP_S: 'TIMESTAMP',
  UTINYINT: 'SMALLINT',
  USMALLINT: 'INTEGER',
  UINTEGER: 'BIGINT',
  UBIGINT: 'DECIMAL(20,0)',
  HUGEINT: 'DECIMAL(38,0)',
  UHUGEINT: 'DECIMAL(38,0)',
  UUID: 'VARCHAR',
  // A JSON column of mixed kinds holds JSON text.
  JSON: 'VARCHAR',
};

/** The DuckDB type an input column of type `duckType` is converted to on read, if any. */
export function normalizedDuckDbType(duckType: string): string | undefined {
  if (duckType.startsWith('ENUM(')) return 'VARCHAR';
  return NORMALIZE[duckType];
}

/** The portable name of a DuckDB type; types without one keep their DuckDB name, lower-cased. */
export function portableTypeName(duckType: string): DataType {
  const simple = SIMPLE[duckType];
  if (simple !== undefined) return simple;
  const dec = /^DECIMAL\((\d+),\s*(\d+)\)$/.exec(duckType);
  if (dec !== null) return `decimal(${dec[1]},${dec[2]})`;
  const normalized = normalizedDuckDbType(duckType);
  if (normalized !== undefined) return portableTypeName(normalized);
  return duckType.toLowerCase();
}
