/**
 * DuckDB column types and their portable names. Input columns are converted on read to the
 * closest type with a contract name (string, integer, long, double, boolean, date, timestamp,
 * decimal(p,s)), so InspectSource and every backend see only those.
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

/** DuckDB types that are read as they are: each has a contract name. */
const CONTRACT_TYPES: ReadonlySet<string> = new Set(['VARCHAR', 'BOOLEAN', 'INTEGER', 'BIGINT', 'DOUBLE', 'DATE', 'TIMESTAMP']);

/**
 * Conversions applied to input columns: DuckDB type -> the DuckDB type it is cast to on read, the
 * closest one with a contract name. Unsigned 64-bit integers become decimal(20,0) (every value
 * fits exactly); 128-bit integers become decimal(38,0), DuckDB's widest decimal (a value of 39
 * digits fails to read rather than losing digits). Every other type (time, interval, blob, uuid,
 * bit, lists, structs, maps, unions, enums, JSON) is read as its text.
 */
const NORMALIZE: Readonly<Record<string, string>> = {
  'TIMESTAMP WITH TIME ZONE': 'TIMESTAMP',
  TIMESTAMP_NS: 'TIMESTAMP',
  TIMESTAMP_MS: 'TIMESTAMP',
  TIMESTAMP_S: 'TIMESTAMP',
  TINYINT: 'INTEGER',
  SMALLINT: 'INTEGER',
  UTINYINT: 'INTEGER',
  USMALLINT: 'INTEGER',
  UINTEGER: 'BIGINT',
  UBIGINT: 'DECIMAL(20,0)',
  HUGEINT: 'DECIMAL(38,0)',
  UHUGEINT: 'DECIMAL(38,0)',
  FLOAT: 'DOUBLE',
};

/** The DuckDB type an input column of type `duckType` is converted to on read, if any. */
export function normalizedDuckDbType(duckType: string): string | undefined {
  if (CONTRACT_TYPES.has(duckType) || /^DECIMAL\(\d+,\s*\d+\)$/.test(duckType)) return undefined;
  return NORMALIZE[duckType] ?? 'VARCHAR';
}

/** The contract name of an input column read from a DuckDB column of type `duckType` (after `normalizedDuckDbType`). */
export function inputTypeName(duckType: string): DataType {
  return portableTypeName(normalizedDuckDbType(duckType) ?? duckType);
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
