/** Catalogue entry of the `parse` kind (spec 8.38): a JSON or CSV text column read into typed columns. */
import { list, mapOf, object, oneOf, optional, text } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN } from './schema-parts';
import { readDataType } from '@pipeline/expression';

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
