/**
 * A JSON output on Spark written as DuckDB writes it, byte for byte: Spark's JSON writer spells
 * numbers as Java does (`1.0E20`, `"NaN"`), trims decimals' zeros differently and leaves NULL
 * fields out, so each row is instead one line of text built here and written by Spark's `text`
 * writer. DuckDB's writer (yyjson) spells, per field, in the order of the columns:
 *
 * - a double by its shortest digits, fixed from 1e-6 up to below 1e21 with `.0` when whole
 *   (`100000000000000000000.0`, `0.000001`, `-0.0`), otherwise scientific without a `+` or
 *   leading zeros in the exponent (`1e21`, `1.5e300`, `1e-7`); `NaN`, `Infinity`, `-Infinity`
 *   bare. A float is written as that double (`0.10000000149011612`);
 * - a decimal of up to 15 digits as the double it is nearest to (decimal(10,2) `1.50` -> `1.5`,
 *   decimal(3,0) `123` -> `123.0`), a wider one by its text (decimal(18,2) `1.50`, `0.00`);
 * - text in quotes, escaping `"`, `\`, `\b \t \n \f \r` and the other control characters as
 *   `\u00XX` (upper-case hex), everything else as it is: Spark's to_json escapes exactly so;
 * - dates and timestamps as their text (a top-level column by the output's pattern if it names
 *   one), booleans and integers as their text, NULL as `null`;
 * - arrays, structs (fields in order) and maps (keys as their text) nested the same way.
 *
 * Doubles are spelled from DuckDB's text of them (duckdb-text.ts), which the write's inner
 * SELECT computes once per column. A variant is refused, naming the output and the column: DuckDB
 * writes its own text of a variant, in quotes, which Spark has no way to produce.
 */
import type { OutputSource } from '@pipeline/definition';
import { decimalParts, engineError, type Column, type DataType, isIntegral, nestedParts, type JsonOptions, readFormatOptions } from '@pipeline/engine-core';
import { floatingText } from './duckdb-text';
import { sparkIdentifier as q, sparkString } from './sql-text';

/** A column name as a JSON key, escaped as DuckDB escapes it (JSON.stringify would write `\u001f`). */
export function jsonKey(name: string): string {
  const named: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };
  let escaped = '';
  for (const c of name) {
    const code = c.charCodeAt(0);
    escaped += named[c] ?? (code < 0x20 ? `\\u${code.toString(16).toUpperCase().padStart(4, '0')}` : c);
  }
  return `"${escaped}"`;
}

/** The JSON number of DuckDB's text `t` of a double (Spark SQL of a STRING, never NULL). */
function jsonDouble(t: string): string {
  const exponent = `CAST(substring_index(${t}, 'e', -1) AS INT)`;
  const mantissa = `substring_index(${t}, 'e', 1)`;
  const digits = `replace(replace(${mantissa}, '-', ''), '.', '')`;
  const sign = `CASE WHEN startswith(${t}, '-') THEN '-' ELSE '' END`;
  return (
    `CASE WHEN ${t} IS NULL THEN 'null' WHEN ${t} = 'nan' THEN 'NaN' WHEN ${t} = 'inf' THEN 'Infinity' WHEN ${t} = '-inf' THEN '-Infinity' ` +
    // DuckDB's fixed range (-4 to 15) lies inside yyjson's, with the same layout.
    `WHEN instr(${t}, 'e') = 0 THEN ${t} ` +
    `WHEN ${exponent} BETWEEN 16 AND 20 THEN concat(${sign}, rpad(${digits}, ${exponent} + 1, '0'), '.0') ` +
    `WHEN ${exponent} BETWEEN -6 AND -5 THEN concat(${sign}, '0.', repeat('0', -${exponent} - 1), ${digits}) ` +
    `ELSE concat(${mantissa}, 'e', CAST(${exponent} AS STRING)) END`
  );
}

/**
 * True for the types DuckDB's JSON writer prints as a double: doubles, floats (widened) and
 * decimals of up to 15 digits (wider ones as their text).
 */
function spelledAsDouble(type: DataType): boolean {
  const decimal = decimalParts(type);
  return type === 'double' || type === 'float' || (decimal !== undefined && decimal.precision <= 15);
}

/** DuckDB's text of `e` as the double DuckDB's JSON writer prints of it. */
function doubleTextOf(e: string, type: DataType): string {
  return floatingText(type === 'double' ? e : `CAST(${e} AS DOUBLE)`, 'double');
}

/** A JSON string of the Spark STRING `s` (`null` for NULL): to_json's escaping, its brackets trimmed. */
function jsonString(s: string): string {
  return `TRIM(BOTH '[]' FROM to_json(array(${s})))`;
}

/** Where a value sits: a top-level column takes the output's date patterns, nested values do not. */
interface Place {
  readonly asset: string;
  readonly column: string;
  readonly json?: JsonOptions;
  /** Lambda variables in use, so nested ones do not shadow them. */
  readonly depth: number;
}

/** The JSON text of value `e` (a column or lambda variable) of `type`: Spark SQL of a STRING, never NULL. */
function jsonValue(e: string, type: DataType, place: Place): string {
  const text = (x: string): string => `coalesce(${x}, 'null')`;
  if (type === 'null') return `'null'`;
  if (type === 'boolean' || isIntegral(type)) return text(`CAST(${e} AS STRING)`);
  if (spelledAsDouble(type)) {
    // The lambda binds DuckDB's text once: jsonDouble reads it about ten times.
    const t = `t${place.depth}`;
    return `element_at(transform(array(${doubleTextOf(e, type)}), ${t} -> ${jsonDouble(t)}), 1)`;
  }
  if (type === 'string') return jsonString(e);
  if (type === 'date' || type === 'timestamp') {
    const pattern = type === 'date' ? place.json?.dateFormat : place.json?.timestampFormat;
    return jsonString(pattern === undefined ? `CAST(${e} AS STRING)` : `date_format(${e}, ${sparkString(pattern.written)})`);
  }
  if (decimalParts(type) !== undefined) return text(`CAST(${e} AS STRING)`);
  const nested = nestedParts(type);
  const inner: Place = { asset: place.asset, column: place.column, depth: place.depth + 1 };
  const x = `x${place.depth}`;
  const orNull = (json: string): string => `CASE WHEN ${e} IS NULL THEN 'null' ELSE ${json} END`;
  if (nested?.kind === 'array') return orNull(`concat('[', array_join(transform(${e}, ${x} -> ${jsonValue(x, nested.element, inner)}), ','), ']')`);
  if (nested?.kind === 'struct') {
    const fields = nested.fields.map((f, i) => `${sparkString(`${i === 0 ? '' : ','}${jsonKey(f.name)}:`)}, ${jsonValue(`${e}.${q(f.name)}`, f.type, inner)}`);
    return orNull(`concat('{', ${fields.length === 0 ? '' : `${fields.join(', ')}, `}'}')`);
  }
  if (nested?.kind === 'map') {
    const entry = `concat(${jsonString(keyText(`${x}.key`, nested.key, place))}, ':', ${jsonValue(`${x}.value`, nested.value, inner)})`;
    return orNull(`concat('{', array_join(transform(map_entries(${e}), ${x} -> ${entry}), ','), '}')`);
  }
  throw unwritable(place, type);
}

/** A map key as DuckDB names it in JSON: its text (CAST to VARCHAR). */
function keyText(e: string, type: DataType, place: Place): string {
  if (type === 'double' || type === 'float') return floatingText(e, type);
  if (type === 'string' || type === 'boolean' || type === 'date' || type === 'timestamp' || isIntegral(type) || decimalParts(type) !== undefined) return `CAST(${e} AS STRING)`;
  throw unwritable(place, `map<${type},...>`);
}

function unwritable(place: Place, type: DataType): Error {
  return engineError('E_UNSUPPORTED_FORMAT', {
    asset: place.asset,
    column: place.column,
    problem: `backend "spark" cannot write column "${place.column}" (holding ${type}) to a JSON output as DuckDB writes it`,
  });
}

/**
 * The written query of a JSON output of `columns` over a relation: `inner` is the select list
 * over the relation (columns renamed `c0`, `c1`, ..., a double or float already DuckDB's text),
 * `line` the one column `value` holding each row's JSON line.
 */
export function jsonLinesSelect(asset: string, columns: readonly Column[], json: JsonOptions): { inner: string; line: string } {
  const inner = columns.map((c, i) => `${spelledAsDouble(c.type) ? doubleTextOf(q(c.name), c.type) : q(c.name)} AS \`c${i}\``);
  const fields = columns.map((c, i) => {
    const place: Place = { asset, column: c.name, json, depth: 0 };
    const value = spelledAsDouble(c.type) ? jsonDouble(`\`c${i}\``) : jsonValue(`\`c${i}\``, c.type, place);
    return `${sparkString(`${i === 0 ? '{' : ','}${jsonKey(c.name)}:`)}, ${value}`;
  });
  const line = `${columns.length === 0 ? `'{}'` : `concat(${fields.join(', ')}, '}')`} AS \`value\``;
  return { inner: inner.join(', '), line };
}

/**
 * Why Spark does not write `output` as DuckDB does, for the driver's refusal at validation: a JSON
 * output with `multiLine: true` is one JSON array on DuckDB, which part files written in parallel
 * cannot hold.
 */
export function sparkOutputRefusal(output: OutputSource): string | undefined {
  if (output.format !== 'json') return undefined;
  const options = readFormatOptions(output.format, output.options);
  if (options.format === 'json' && options.json.multiLine === true) {
    return 'option multiLine "true" writes one JSON array, which a directory of part files written in parallel cannot hold; Spark writes one JSON document per line (multiLine "false")';
  }
  return undefined;
}
