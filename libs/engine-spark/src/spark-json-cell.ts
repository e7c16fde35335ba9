/**
 * A value Spark sends (see spark-connect's arrow-rows.ts) as the typed JSON of a rows answer
 * (rows/rows-result.ts): the JSON DuckDB's `to_json` gives the same value, so a preview or the
 * rows of an output read the same on every backend. Variant values come as Spark's JSON text
 * (see spark-head.ts), everything else from its Arrow value and portable type.
 */
import type { SparkValue } from '@pipeline/spark-connect';
import { decimalParts, formatDate, formatTime, formatValue, isFloating, isIntegral, jsonNumber, nestedParts, type DataType } from '@pipeline/engine-core';

const MICROS_PER_DAY = 86_400_000_000n;

/** True when a value of `type` holds a variant somewhere (Spark sends those as binary encodings, not JSON). */
export function holdsVariant(type: DataType): boolean {
  return /(^|[<:,])variant($|[>,])/.test(type);
}

/** Converts one value of a column of portable type `type` (a column holding a variant: its JSON text). */
export function sparkJsonCell(type: DataType, value: SparkValue): unknown {
  if (value === null || value === undefined) return null;
  if (holdsVariant(type)) return JSON.parse(String(value));
  return typedCell(type, value);
}

function typedCell(type: DataType, value: SparkValue): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === true;
  if (type === 'string') return String(value);
  // A long beyond 2^53 loses digits here exactly as JSON.parse of DuckDB's text does.
  if (isIntegral(type)) return Number(value);
  // A float arrives widened to a double, the digits DuckDB's to_json prints for it too.
  if (isFloating(type)) return jsonNumber(Number(value));
  if (decimalParts(type) !== undefined) return Number(value);
  if (type === 'date') return formatDate(Number(value));
  if (type === 'timestamp') return timestampText(BigInt(value as number | bigint));
  if (type === 'null') return null;
  const nested = nestedParts(type);
  if (nested?.kind === 'array') return (value as readonly SparkValue[]).map((v) => typedCell(nested.element, v));
  if (nested?.kind === 'struct') {
    const fields = value as { readonly [field: string]: SparkValue };
    // Object.fromEntries defines own properties, so a field named __proto__ stays a field (as JSON.parse keeps it).
    return Object.fromEntries(nested.fields.map((f) => [f.name, typedCell(f.type, fields[f.name] ?? null)]));
  }
  if (nested?.kind === 'map') {
    const entries = [...(value as ReadonlyMap<SparkValue, SparkValue>).entries()];
    return Object.fromEntries(entries.map(([k, v]) => [keyText(nested.key, k), typedCell(nested.value, v)]));
  }
  return String(value);
}

/** A map key as DuckDB's to_json names it: the key's text (`CAST(key AS VARCHAR)`). */
function keyText(type: DataType, key: SparkValue): string {
  if (key === null) return 'null';
  if (type === 'timestamp') return timestampText(BigInt(key as number | bigint));
  if (type === 'string' || typeof key === 'string') return String(key);
  if (typeof key === 'number' || typeof key === 'boolean' || typeof key === 'bigint') return formatValue(type, typeof key === 'bigint' ? Number(key) : key) ?? 'null';
  return JSON.stringify(typedCell(type, key));
}

/** `YYYY-MM-DD HH:MM:SS[.ffffff]` of microseconds since 1970 (split in whole days first, so no microsecond is lost past 2^53). */
function timestampText(micros: bigint): string {
  let days = micros / MICROS_PER_DAY;
  let rest = micros % MICROS_PER_DAY;
  if (rest < 0n) {
    rest += MICROS_PER_DAY;
    days -= 1n;
  }
  return `${formatDate(Number(days))} ${formatTime(Number(rest))}`;
}
