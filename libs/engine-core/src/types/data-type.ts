/**
 * Portable column types, the vocabulary both backends share: `string`, `byte`, `short`,
 * `integer`, `long`, `float`, `double`, `boolean`, `date`, `timestamp`, `time` (of day),
 * `decimal(p,s)`, `variant` (a JSON value, spec 9.13.13: only the variant functions use it), and
 * `null` for an untyped NULL literal, and the nested `array<T>`, `map<K,V>` and `struct<a:T,...>`
 * (spec 10.1), which expressions reach into (`s.a`, `arr[0]`, `m['k']`) and build with the
 * collection functions but do not compare or compute with. A type DuckDB can produce but the
 * expression language does not model keeps a lower-cased name of its own and only passes through
 * transformations.
 */

/** A portable type name (see the module doc). */
export type DataType = string;

/** Integral types from narrowest to widest. */
export const INTEGRAL_TYPES = ['byte', 'short', 'integer', 'long'] as const;

/** Numeric types that are not integral and not decimal. */
export const FLOATING_TYPES = ['float', 'double'] as const;

const DECIMAL = /^decimal\((\d+),(\d+)\)$/;

/** Precision and scale of a decimal type. */
export interface DecimalParts {
  readonly precision: number;
  readonly scale: number;
}

/** The precision and scale of `t`, or undefined when `t` is not a decimal. */
export function decimalParts(t: DataType): DecimalParts | undefined {
  const m = DECIMAL.exec(t);
  return m === null ? undefined : { precision: Number(m[1]), scale: Number(m[2]) };
}

/** `decimal(p,s)`. */
export function decimalType(precision: number, scale: number): DataType {
  return `decimal(${precision},${scale})`;
}

/** True for byte, short, integer and long. */
export function isIntegral(t: DataType): boolean {
  return (INTEGRAL_TYPES as readonly string[]).includes(t);
}

/** True for float and double. */
export function isFloating(t: DataType): boolean {
  return (FLOATING_TYPES as readonly string[]).includes(t);
}

/** True for decimal(p,s). */
export function isDecimal(t: DataType): boolean {
  return DECIMAL.test(t);
}

/** True for every numeric type. */
export function isNumeric(t: DataType): boolean {
  return isIntegral(t) || isFloating(t) || isDecimal(t);
}

/** True for date and timestamp. */
export function isTemporal(t: DataType): boolean {
  return t === 'date' || t === 'timestamp';
}

/** True for the types the expression language computes with (everything but pass-through types). */
export function isModelled(t: DataType): boolean {
  return t === 'string' || t === 'boolean' || t === 'null' || t === 'time' || isNumeric(t) || isTemporal(t);
}

/** Decimal precision that holds every value of an integral type (DuckDB's rule). */
export function integralDecimalPrecision(t: DataType): number {
  switch (t) {
    case 'byte':
      return 3;
    case 'short':
      return 5;
    case 'integer':
      return 10;
    default:
      return 19;
  }
}

/** Value range of each integral type (long held as doubles: exact only to 2^53). */
export const INTEGRAL_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  // Doubles cannot hold 2^63 - 1 exactly; the bound is the nearest double.
  long: [-(2 ** 63), 2 ** 63],
};

/**
 * A nested type taken apart (spec 10.1): `array<T>`, `map<K,V>` or `struct<name:T,...>`, written
 * without spaces, a field name in backticks unless it is a plain identifier.
 */
export type NestedType =
  | { readonly kind: 'array'; readonly element: DataType }
  | { readonly kind: 'map'; readonly key: DataType; readonly value: DataType }
  | { readonly kind: 'struct'; readonly fields: readonly { readonly name: string; readonly type: DataType }[] };

/** `array<T>`. */
export function arrayType(element: DataType): DataType {
  return `array<${element}>`;
}

/** `map<K,V>`. */
export function mapType(key: DataType, value: DataType): DataType {
  return `map<${key},${value}>`;
}

/** `struct<a:T,...>` (a field name that is not a plain identifier in backticks). */
export function structType(fields: readonly { readonly name: string; readonly type: DataType }[]): DataType {
  const name = (n: string): string => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(n) ? n : `\`${n.replace(/`/g, '``')}\``);
  return `struct<${fields.map((f) => `${name(f.name)}:${f.type}`).join(',')}>`;
}

/** True for array, map and struct types. */
export function isNested(t: DataType): boolean {
  return t.startsWith('array<') || t.startsWith('map<') || t.startsWith('struct<');
}

/** Splits `text` at top-level commas (outside `<>`, `()` and backticks). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '`') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '<' || c === '(') depth++;
    else if (c === '>' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The parts of a nested type, or undefined for any other type. */
export function nestedParts(t: DataType): NestedType | undefined {
  if (t.startsWith('array<') && t.endsWith('>')) return { kind: 'array', element: t.slice(6, -1) };
  if (t.startsWith('map<') && t.endsWith('>')) {
    const [key, value] = splitTopLevel(t.slice(4, -1));
    return { kind: 'map', key, value };
  }
  if (t.startsWith('struct<') && t.endsWith('>')) {
    const fields = splitTopLevel(t.slice(7, -1)).map((part) => {
      if (part.startsWith('`')) {
        const end = /^`((?:[^`]|``)*)`:/.exec(part);
        const raw = end?.[1] ?? '';
        return { name: raw.replace(/``/g, '`'), type: part.slice(raw.length + 3) };
      }
      const colon = part.indexOf(':');
      return { name: part.slice(0, colon), type: part.slice(colon + 1) };
    });
    return { kind: 'struct', fields };
  }
  return undefined;
}
