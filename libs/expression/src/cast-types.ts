/**
 * CAST target types: the spellings accepted in text (the spec's synonyms included) and the
 * canonical `CastType` each one means.
 */
import type { CastType, CastTypeName } from './ast';

/** Decimal precision bounds shared by DuckDB and the spec's `decimal(p, s)`. */
export const MAX_DECIMAL_PRECISION = 38;
/** Precision and scale of a bare `decimal`. */
export const DEFAULT_DECIMAL: CastType = { name: 'decimal', precision: 10, scale: 0 };

/** Accepted type words (lower-case) that take no parameters, and the canonical name of each. */
export const SIMPLE_TYPE_NAMES: Readonly<Record<string, CastTypeName>> = {
  string: 'string',
  varchar: 'string',
  char: 'string',
  text: 'string',
  integer: 'integer',
  int: 'integer',
  long: 'long',
  bigint: 'long',
  short: 'short',
  smallint: 'short',
  byte: 'byte',
  tinyint: 'byte',
  float: 'float',
  real: 'float',
  double: 'double',
  boolean: 'boolean',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  // Timestamps are held without a zone (UTC), which is what the spec's timestamp_ntz means.
  timestamp_ntz: 'timestamp',
  // Time of day (spec 10.1), to the microsecond.
  time: 'time',
  decimal: 'decimal',
  numeric: 'decimal',
};

/**
 * Why binary values are refused (spec 10.1's `binary`, 10.3's `X'...'`): no output format of this
 * service writes them (Spark's CSV writer refuses binary too), the danfo backend has no byte values,
 * and an input's blob column is read as its text.
 */
export const BINARY_REFUSED =
  'no output format of this service writes binary values (CSV and JSON hold text) and an input blob column is read as its text; keep bytes as hex text';

/** Type words that accept a length in parentheses, which is checked and then dropped. */
export const LENGTH_TYPE_NAMES: ReadonlySet<string> = new Set(['varchar', 'char']);
/** Type words that accept `(precision[, scale])`. */
export const DECIMAL_TYPE_NAMES: ReadonlySet<string> = new Set(['decimal', 'numeric']);

/** Why a type spelling was refused; the parser turns it into an `EXPR_INVALID_TYPE` error. */
export type CastTypeProblem = { readonly problem: string };

/**
 * Resolves a type word and its integer parameters (as written) to a canonical `CastType`,
 * or explains why it cannot.
 */
export function resolveCastType(word: string, params: readonly number[]): CastType | CastTypeProblem {
  const lower = word.toLowerCase();
  const name = SIMPLE_TYPE_NAMES[lower];
  if (lower === 'binary') return { problem: `type binary is not supported: ${BINARY_REFUSED}` };
  if (name === undefined) return { problem: `unknown type ${JSON.stringify(word)}` };
  if (DECIMAL_TYPE_NAMES.has(lower)) {
    if (params.length === 0) return DEFAULT_DECIMAL;
    if (params.length > 2) return { problem: `type ${lower} takes at most 2 parameters, got ${params.length}` };
    const [precision, scale = 0] = params;
    if (precision < 1 || precision > MAX_DECIMAL_PRECISION) {
      return { problem: `decimal precision must be between 1 and ${MAX_DECIMAL_PRECISION}, got ${precision}` };
    }
    if (scale > precision) {
      return { problem: `decimal scale must be between 0 and the precision ${precision}, got ${scale}` };
    }
    return { name: 'decimal', precision, scale };
  }
  if (LENGTH_TYPE_NAMES.has(lower)) {
    if (params.length > 1) return { problem: `type ${lower} takes at most 1 parameter, got ${params.length}` };
    if (params.length === 1 && params[0] < 1) return { problem: `type ${lower} length must be at least 1, got ${params[0]}` };
    return { name };
  }
  if (params.length > 0) return { problem: `type ${lower} takes no parameters` };
  return { name };
}

/** True when `resolveCastType` refused the spelling. */
export function isCastTypeProblem(value: CastType | CastTypeProblem): value is CastTypeProblem {
  return 'problem' in value;
}

/** Canonical text of a type: its name, with `(p,s)` for decimal. */
export function printCastType(type: CastType): string {
  if (type.name === 'decimal') {
    return `decimal(${type.precision ?? DEFAULT_DECIMAL.precision},${type.scale ?? DEFAULT_DECIMAL.scale})`;
  }
  return type.name;
}
