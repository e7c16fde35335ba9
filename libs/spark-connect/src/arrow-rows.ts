/**
 * Rows out of the Arrow IPC streams Spark sends (one stream per `ArrowBatch`), read from the
 * buffers themselves so that no value goes through a lossy conversion:
 *
 * | Spark type | value |
 * | --- | --- |
 * | tinyint, smallint, int | `number` |
 * | bigint | `bigint` (always, whatever its size) |
 * | float, double | `number` (NaN and the infinities kept) |
 * | decimal(p,s) | `string` with exactly `s` fraction digits (`"-12.340"`) |
 * | string, char, varchar | `string` |
 * | binary | `Uint8Array` |
 * | boolean | `boolean` |
 * | date | `number`: days since 1970-01-01 |
 * | timestamp, timestamp_ntz | `bigint`: microseconds since 1970-01-01 00:00 (UTC for timestamp) |
 * | interval day to second | `bigint` microseconds; interval year to month: `number` of months |
 * | array | array of values |
 * | struct | object keyed by field name (own properties, any name) |
 * | map | `Map` in Spark's entry order |
 * | NULL anywhere | `null` |
 */
import type { Data, DataType, Field, RecordBatchReader, Schema } from 'apache-arrow';
import { sparkCatalogue } from './errors';
import { loadArrow } from './lazy-packages';

/** A value of a result row (see the table above). */
export type SparkValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | Uint8Array
  | readonly SparkValue[]
  | { readonly [field: string]: SparkValue }
  | ReadonlyMap<SparkValue, SparkValue>;

/** The rows of one Arrow IPC stream, and its schema. */
export interface ArrowRows {
  readonly schema: Schema;
  readonly rows: SparkValue[][];
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Reads every record batch of an Arrow IPC stream into rows (positional values). */
export function readArrowRows(ipc: Uint8Array): ArrowRows {
  let reader: RecordBatchReader;
  try {
    reader = loadArrow().RecordBatchReader.from(ipc);
    reader.open();
  } catch (e) {
    throw sparkCatalogue.create('SPARK_PROTOCOL', { reason: `an Arrow batch could not be read: ${(e as Error).message}` }, { cause: e });
  }
  const schema = reader.schema;
  const readers = schema.fields.map((f) => valueReader(f));
  const rows: SparkValue[][] = [];
  for (const batch of reader) {
    const columns = batch.data.children;
    for (let i = 0; i < batch.numRows; i++) {
      const row: SparkValue[] = new Array(columns.length);
      for (let c = 0; c < columns.length; c++) row[c] = readers[c](columns[c], i);
      rows.push(row);
    }
  }
  return { schema, rows };
}

/** Reads the value at logical index `i` of `data`. */
type Reader = (data: Data, i: number) => SparkValue;

function isValid(data: Data, i: number): boolean {
  if (data.nullCount === 0 || data.nullBitmap === undefined || data.nullBitmap.length === 0) return true;
  const j = data.offset + i;
  return ((data.nullBitmap[j >> 3] >> (j & 7)) & 1) === 1;
}

function nullable(read: Reader): Reader {
  return (data, i) => (isValid(data, i) ? read(data, i) : null);
}

function valueReader(field: Field): Reader {
  return nullable(plainReader(field.type, field.name));
}

function plainReader(type: DataType, column: string): Reader {
  const { Type, DateUnit, IntervalUnit } = loadArrow();
  switch (type.typeId) {
    case Type.Null:
      return () => null;
    case Type.Bool:
      return (d, i) => {
        const j = d.offset + i;
        return ((d.values[j >> 3] >> (j & 7)) & 1) === 1;
      };
    case Type.Int:
      // 64-bit integers come as BigInt64Array, the others as number arrays.
      return (d, i) => d.values[d.offset + i] as number | bigint;
    case Type.Float:
      return (d, i) => Number(d.values[d.offset + i]);
    case Type.Decimal:
      return (d, i) => decimalText(d.values as Uint32Array, (d.offset + i) * d.stride, d.stride, (type as unknown as { scale: number }).scale);
    case Type.Utf8:
      return (d, i) => {
        const j = d.offset + i;
        const offsets = d.valueOffsets as Int32Array;
        return utf8.decode(d.values.subarray(offsets[j], offsets[j + 1]));
      };
    case Type.Binary:
      return (d, i) => {
        const j = d.offset + i;
        const offsets = d.valueOffsets as Int32Array;
        return Uint8Array.from(d.values.subarray(offsets[j], offsets[j + 1]));
      };
    case Type.Date:
      if ((type as unknown as { unit: number }).unit === DateUnit.DAY) return (d, i) => d.values[d.offset + i] as number;
      return (d, i) => Math.floor(Number(d.values[d.offset + i]) / 86_400_000);
    case Type.Timestamp:
      return timestampReader(type as unknown as { unit: number });
    case Type.Duration:
      return timestampReader(type as unknown as { unit: number });
    case Type.Interval:
      if ((type as unknown as { unit: number }).unit === IntervalUnit.YEAR_MONTH) return (d, i) => d.values[d.offset + i] as number;
      break;
    case Type.List: {
      const element = nullable(plainReader(type.children[0].type, column));
      return (d, i) => {
        const j = d.offset + i;
        const offsets = d.valueOffsets as Int32Array;
        const child = d.children[0];
        const out: SparkValue[] = [];
        for (let k = offsets[j]; k < offsets[j + 1]; k++) out.push(element(child, k));
        return out;
      };
    }
    case Type.Struct: {
      const fields = type.children.map((f) => ({ name: f.name, read: nullable(plainReader(f.type, column)) }));
      // Object.fromEntries defines own properties, so a field named __proto__ stays a field.
      return (d, i) => Object.fromEntries(fields.map((f, k) => [f.name, f.read(d.children[k], i)]));
    }
    case Type.Map: {
      const entries = type.children[0].type as DataType;
      const key = nullable(plainReader(entries.children[0].type, column));
      const value = nullable(plainReader(entries.children[1].type, column));
      return (d, i) => {
        const j = d.offset + i;
        const offsets = d.valueOffsets as Int32Array;
        const entryData = d.children[0];
        const out = new Map<SparkValue, SparkValue>();
        for (let k = offsets[j]; k < offsets[j + 1]; k++) out.set(key(entryData.children[0], k), value(entryData.children[1], k));
        return out;
      };
    }
  }
  throw sparkCatalogue.create('SPARK_UNSUPPORTED_TYPE', { column, type: `arrow ${String(type)}` });
}

const MICROS_PER: Record<number, bigint> = { 0: 1_000_000n, 1: 1_000n, 2: 1n };

function timestampReader(type: { unit: number }): Reader {
  // TimeUnit: SECOND 0, MILLISECOND 1, MICROSECOND 2, NANOSECOND 3. Spark sends microseconds.
  if (type.unit === 3) return (d, i) => (d.values[d.offset + i] as bigint) / 1_000n;
  const factor = MICROS_PER[type.unit];
  return (d, i) => (d.values[d.offset + i] as bigint) * factor;
}

/** The exact text of a little-endian two's-complement decimal of `words` 32-bit words. */
export function decimalText(values: Uint32Array, start: number, words: number, scale: number): string {
  let n = 0n;
  for (let w = words - 1; w >= 0; w--) n = (n << 32n) | BigInt(values[start + w]);
  const bits = BigInt(words * 32);
  if (n >> (bits - 1n) === 1n) n -= 1n << bits;
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}
