/** Catalogue entry of the `parse` kind (spec 8.38): a JSON or CSV text column read into typed columns. */
import { list, mapOf, object, oneOf, optional, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';
import { MAX_TYPE_DEPTH, typeNestsTooDeep } from '../expr/json-depth';
import { readTargetType } from './cast-columns';

/**
 * Parses the text column `column` of `from` as JSON or CSV (spec 8.38) into the `schema` columns,
 * which take its place; `type` is the portable type text (`string`, `decimal(10,2)`, `map<string,string>`).
 */
export interface ParseSource {
  readonly kind: 'parse';
  readonly from: string;
  readonly column: string;
  readonly format: 'json' | 'csv';
  /** Absent: inferred from the column's values when the job runs (spec 8.38). */
  readonly schema?: readonly { readonly name: string; readonly type: string }[];
  /** csv: the delimiter (default `,`). */
  readonly delimiter: string;
}

/**
 * A type text of the spec (10.1) in portable spelling: a scalar as CAST reads it (`int` is
 * `integer`, `decimal(10, 2)` is `decimal(10,2)`), or `array<T>`, `map<K, V>`,
 * `struct<name: T, ...>` of such types, any case and spacing.
 */
export function readDataType(text: string): string | { readonly problem: string } {
  // The parser below recurses per level, and its messages quote the text.
  if (typeNestsTooDeep(text)) return { problem: `is a type nested more than ${MAX_TYPE_DEPTH} levels deep` };
  let i = 0;
  const space = (): void => {
    while (text[i] === ' ') i++;
  };
  const fail = (what: string): never => {
    throw new Error(`${what} at character ${i + 1} of ${JSON.stringify(text)}`);
  };
  const word = (): string => {
    space();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (m === null) return fail('expected a type or field name');
    i += m[0].length;
    return m[0];
  };
  const expect = (c: string): void => {
    space();
    if (text[i] !== c) fail(`expected "${c}"`);
    i++;
  };
  const type = (): string => {
    const name = word().toLowerCase();
    space();
    if (name === 'array') {
      expect('<');
      const element = type();
      expect('>');
      return `array<${element}>`;
    }
    if (name === 'map') {
      expect('<');
      const key = type();
      expect(',');
      const value = type();
      expect('>');
      return `map<${key},${value}>`;
    }
    if (name === 'struct') {
      expect('<');
      const fields: string[] = [];
      do {
        if (fields.length > 0) i++;
        const field = word();
        expect(':');
        fields.push(`${field}:${type()}`);
        space();
      } while (text[i] === ',');
      expect('>');
      return `struct<${fields.join(',')}>`;
    }
    let scalar = name;
    if (text[i] === '(') {
      const close = text.indexOf(')', i);
      if (close < 0) fail('expected ")"');
      scalar = `${name}(${text.slice(i + 1, close)})`;
      i = close + 1;
    }
    const cast = readTargetType(scalar);
    if ('problem' in cast) return fail(cast.problem);
    return cast.name === 'decimal' ? `decimal(${cast.precision ?? 10},${cast.scale ?? 0})` : cast.name;
  };
  try {
    const result = type();
    space();
    if (i < text.length) fail('unexpected text');
    return result;
  } catch (e) {
    return { problem: `is not a type: ${(e as Error).message}` };
  }
}

/**
 * A type text as a message quotes it: itself in quotes when short, its length otherwise (a type
 * text thousands of levels deep made messages of 36,000 characters).
 */
export function quotedTypeText(text: string): string {
  return text.length <= 200 ? `'${text}'` : `a type text of ${text.length} characters`;
}

/** The `parse` kind. */
export const PARSE_KIND = defineKind({
  kind: 'parse',
  role: 'transformation',
  description:
    'Reads the text column `column` of `from` as `format` `json` (an object per value) or `csv` (one line per value, fields split at `options.delimiter`, default `,`, no quoting) into the `schema` columns (`{name, dataType}`, nested types for JSON), which take its place; a value that is not valid JSON, a missing field or one that does not convert gives NULL. Without `schema` the columns are inferred from the first 1,000 non-NULL values as Spark infers them (JSON: the fields of the objects, sorted by name; CSV: `_c0`, `_c1`, ...).',
  label: 'PARSE',
  fields: {
    from: ASSET_REF,
    column: COLUMN,
    format: oneOf(['json', 'csv']),
    schema: optional(list(object({ name: COLUMN, dataType: text({ minLength: 1 }) }), { minItems: 1, description: 'non-empty list of columns' })),
    options: optional(mapOf(text(), { description: 'format options (csv: delimiter)' })),
  },
  check: (fields) => {
    const seen = new Map<string, number>();
    for (const [i, c] of (fields.schema ?? []).entries()) {
      const type = readDataType(c.dataType);
      if (typeof type !== 'string') return { field: `schema[${i}].dataType`, detail: type.problem };
      if (fields.format === 'csv' && /[<]/.test(type)) return { field: `schema[${i}].dataType`, detail: `is ${type}: a CSV field holds no nested value` };
      const first = seen.get(c.name.toLowerCase());
      if (first !== undefined) return { field: `schema[${i}].name`, detail: `repeats schema[${first}].name ("${c.name}")` };
      seen.set(c.name.toLowerCase(), i);
    }
    const allowed = fields.format === 'csv' ? ['delimiter'] : [];
    const unknown = Object.keys(fields.options ?? {}).find((k) => !allowed.includes(k));
    if (unknown !== undefined) return { field: `options.${unknown}`, detail: `is not an option of format ${fields.format} (${allowed.length === 0 ? 'it takes none' : `options: ${allowed.join(', ')}`})` };
    if (fields.options?.delimiter === '') return { field: 'options.delimiter', detail: 'is empty' };
    return undefined;
  },
  build: (fields): ParseSource => ({
    kind: 'parse',
    from: fields.from,
    column: fields.column,
    format: fields.format,
    ...(fields.schema === undefined ? {} : { schema: fields.schema.map((c) => ({ name: c.name, type: readDataType(c.dataType) as string })) }),
    delimiter: fields.options?.delimiter ?? ',',
  }),
  upstream: (source) => [source.from],
});
