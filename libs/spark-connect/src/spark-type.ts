/**
 * Spark's data types as plain values (`SparkType`), read from the protocol's `DataType`, and
 * their text in Spark's DDL spelling (`decimal(10,2)`, `array<int>`, `struct<a:int,b:string>`).
 */
import type { DataType } from './generated/spark/connect/types';
import { sparkCatalogue } from './errors';

/** A Spark data type. */
export type SparkType =
  | {
      readonly kind:
        | 'null'
        | 'boolean'
        | 'byte'
        | 'short'
        | 'integer'
        | 'long'
        | 'float'
        | 'double'
        | 'string'
        | 'binary'
        | 'date'
        | 'timestamp'
        | 'timestamp_ntz'
        | 'calendar_interval'
        | 'variant';
    }
  | { readonly kind: 'decimal'; readonly precision: number; readonly scale: number }
  | { readonly kind: 'char' | 'varchar'; readonly length: number }
  | { readonly kind: 'year_month_interval' | 'day_time_interval'; readonly startField?: number; readonly endField?: number }
  | { readonly kind: 'array'; readonly element: SparkType; readonly containsNull: boolean }
  | { readonly kind: 'struct'; readonly fields: readonly SparkField[] }
  | { readonly kind: 'map'; readonly key: SparkType; readonly value: SparkType; readonly valueContainsNull: boolean }
  | { readonly kind: 'udt'; readonly name: string; readonly sqlType?: SparkType }
  | { readonly kind: 'unparsed'; readonly text: string };

/** A named, typed column or struct field. */
export interface SparkField {
  readonly name: string;
  readonly type: SparkType;
  readonly nullable: boolean;
}

// Spark's defaults when a decimal leaves precision or scale unset (DecimalType's SYSTEM_DEFAULT
// is (38,18); the protocol's optional fields are unset only for that default).
const DEFAULT_PRECISION = 38;
const DEFAULT_SCALE = 18;

/** The `SparkType` of a protocol `DataType`; throws `SPARK_PROTOCOL` when no kind is set. */
export function fromProtoType(t: DataType | undefined): SparkType {
  if (t === undefined) throw sparkCatalogue.create('SPARK_PROTOCOL', { reason: 'a data type is missing' });
  if (t.null) return { kind: 'null' };
  if (t.boolean) return { kind: 'boolean' };
  if (t.byte) return { kind: 'byte' };
  if (t.short) return { kind: 'short' };
  if (t.integer) return { kind: 'integer' };
  if (t.long) return { kind: 'long' };
  if (t.float) return { kind: 'float' };
  if (t.double) return { kind: 'double' };
  if (t.string) return { kind: 'string' };
  if (t.binary) return { kind: 'binary' };
  if (t.date) return { kind: 'date' };
  if (t.timestamp) return { kind: 'timestamp' };
  if (t.timestampNtz) return { kind: 'timestamp_ntz' };
  if (t.calendarInterval) return { kind: 'calendar_interval' };
  if (t.variant) return { kind: 'variant' };
  if (t.decimal) return { kind: 'decimal', precision: t.decimal.precision ?? DEFAULT_PRECISION, scale: t.decimal.scale ?? DEFAULT_SCALE };
  if (t.char) return { kind: 'char', length: t.char.length };
  if (t.varChar) return { kind: 'varchar', length: t.varChar.length };
  if (t.yearMonthInterval) return { kind: 'year_month_interval', ...intervalFields(t.yearMonthInterval) };
  if (t.dayTimeInterval) return { kind: 'day_time_interval', ...intervalFields(t.dayTimeInterval) };
  if (t.array) return { kind: 'array', element: fromProtoType(t.array.elementType), containsNull: t.array.containsNull };
  if (t.struct) {
    return {
      kind: 'struct',
      fields: t.struct.fields.map((f) => ({ name: f.name, type: fromProtoType(f.dataType), nullable: f.nullable })),
    };
  }
  if (t.map) {
    return { kind: 'map', key: fromProtoType(t.map.keyType), value: fromProtoType(t.map.valueType), valueContainsNull: t.map.valueContainsNull };
  }
  if (t.udt) return { kind: 'udt', name: t.udt.type, ...(t.udt.sqlType ? { sqlType: fromProtoType(t.udt.sqlType) } : {}) };
  if (t.unparsed) return { kind: 'unparsed', text: t.unparsed.dataTypeString };
  throw sparkCatalogue.create('SPARK_PROTOCOL', { reason: 'a data type of a kind this client does not know' });
}

function intervalFields(i: { startField?: number | undefined; endField?: number | undefined }): { startField?: number; endField?: number } {
  return { ...(i.startField === undefined ? {} : { startField: i.startField }), ...(i.endField === undefined ? {} : { endField: i.endField }) };
}

const YEAR_MONTH_FIELDS = ['year', 'month'];
const DAY_TIME_FIELDS = ['day', 'hour', 'minute', 'second'];

/** Spark's DDL text of a type (`bigint`, `decimal(10,2)`, `map<string,array<int>>`). */
export function sparkTypeName(t: SparkType): string {
  switch (t.kind) {
    case 'null':
      return 'void';
    case 'byte':
      return 'tinyint';
    case 'short':
      return 'smallint';
    case 'integer':
      return 'int';
    case 'long':
      return 'bigint';
    case 'calendar_interval':
      return 'interval';
    case 'boolean':
    case 'float':
    case 'double':
    case 'string':
    case 'binary':
    case 'date':
    case 'timestamp':
    case 'timestamp_ntz':
    case 'variant':
      return t.kind;
    case 'decimal':
      return `decimal(${t.precision},${t.scale})`;
    case 'char':
    case 'varchar':
      return `${t.kind}(${t.length})`;
    case 'year_month_interval':
      return intervalName(t, YEAR_MONTH_FIELDS);
    case 'day_time_interval':
      return intervalName(t, DAY_TIME_FIELDS);
    case 'array':
      return `array<${sparkTypeName(t.element)}>`;
    case 'struct':
      return `struct<${t.fields.map((f) => `${quoteFieldName(f.name)}:${sparkTypeName(f.type)}`).join(',')}>`;
    case 'map':
      return `map<${sparkTypeName(t.key)},${sparkTypeName(t.value)}>`;
    case 'udt':
      return t.name;
    case 'unparsed':
      return t.text;
  }
}

function intervalName(t: { startField?: number; endField?: number }, names: readonly string[]): string {
  const start = names[t.startField ?? 0] ?? String(t.startField);
  const end = names[t.endField ?? names.length - 1] ?? String(t.endField);
  return start === end ? `interval ${start}` : `interval ${start} to ${end}`;
}

// Spark's DDL quotes a struct field name with backticks when it is not a plain identifier.
function quoteFieldName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replaceAll('`', '``')}\``;
}
