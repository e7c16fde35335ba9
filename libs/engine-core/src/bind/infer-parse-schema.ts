/**
 * The columns of a `parse` without `schema` (spec 8.38: "SHOULD attempt schema inference"), from
 * the first INFER_SAMPLE non-NULL values of the column, as Spark infers a JSON or CSV schema:
 * JSON objects give their fields sorted by name (integers bigint, other numbers double, booleans,
 * strings, objects structs, arrays arrays; NULL-only fields string; conflicting types string,
 * bigint with double double); CSV lines give `_c0`, `_c1`, ... as many as the widest line, each
 * integer, bigint, double or boolean when every non-empty field of the sample reads as one,
 * string otherwise. The same code infers for every backend, so each binds the same columns.
 */
import { readDataType } from '@pipeline/definition';

/** How many non-NULL values of the column the inference reads (a bounded sample, as a probe). */
export const INFER_SAMPLE = 1000;

/** A JSON value's inferred type: a portable type text, or a struct/array still to be merged. */
type Inferred =
  | { readonly t: 'null' }
  | { readonly t: 'scalar'; readonly name: 'bigint' | 'double' | 'boolean' | 'string' }
  | { readonly t: 'array'; readonly element: Inferred }
  | { readonly t: 'struct'; readonly fields: ReadonlyMap<string, Inferred> };

/** As deep as a declared type may nest (the type text reader's bound), so the walk stays shallow. */
const MAX_DEPTH = 100;

const NULL: Inferred = { t: 'null' };
const STRING: Inferred = { t: 'scalar', name: 'string' };

function inferValue(v: unknown, depth: number): Inferred {
  if (depth > MAX_DEPTH) throw new RangeError(`a value of the sample nests more than ${MAX_DEPTH} levels deep`);
  if (v === null) return NULL;
  if (typeof v === 'boolean') return { t: 'scalar', name: 'boolean' };
  if (typeof v === 'number') return { t: 'scalar', name: Number.isSafeInteger(v) ? 'bigint' : 'double' };
  if (typeof v === 'string') return STRING;
  if (Array.isArray(v)) return { t: 'array', element: v.reduce<Inferred>((acc, e) => merge(acc, inferValue(e, depth + 1)), NULL) };
  const fields = new Map<string, Inferred>();
  for (const [k, e] of Object.entries(v as Record<string, unknown>)) fields.set(k, merge(fields.get(k) ?? NULL, inferValue(e, depth + 1)));
  return { t: 'struct', fields };
}

function merge(a: Inferred, b: Inferred): Inferred {
  if (a.t === 'null') return b;
  if (b.t === 'null') return a;
  if (a.t === 'scalar' && b.t === 'scalar') {
    if (a.name === b.name) return a;
    const numbers = new Set([a.name, b.name]);
    return numbers.has('bigint') && numbers.has('double') ? { t: 'scalar', name: 'double' } : STRING;
  }
  if (a.t === 'array' && b.t === 'array') return { t: 'array', element: merge(a.element, b.element) };
  if (a.t === 'struct' && b.t === 'struct') {
    const fields = new Map(a.fields);
    for (const [k, e] of b.fields) fields.set(k, merge(fields.get(k) ?? NULL, e));
    return { t: 'struct', fields };
  }
  return STRING;
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function typeText(i: Inferred): string {
  switch (i.t) {
    case 'null':
      return 'string';
    case 'scalar':
      return i.name;
    case 'array':
      return `array<${typeText(i.element)}>`;
    case 'struct': {
      // A struct with no fields has no portable type: Spark keeps the JSON text then, as string.
      if (i.fields.size === 0) return 'string';
      return `struct<${[...i.fields.keys()].sort(byName).map((k) => `${k}:${typeText(i.fields.get(k) as Inferred)}`).join(',')}>`;
    }
  }
}

/** One inferred column. */
export interface InferredField {
  readonly name: string;
  readonly type: string;
}

/**
 * The JSON columns of `values`: the fields of the objects among them, sorted by name. Values that
 * are not JSON objects are skipped, as the parse gives them NULL in every field. A struct field
 * name the type text cannot spell is read as the whole struct's JSON text (string).
 */
export function inferJsonFields(values: readonly string[]): InferredField[] {
  let top: Inferred = NULL;
  for (const text of values) {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      continue;
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) continue;
    top = merge(top, inferValue(v, 0));
  }
  if (top.t !== 'struct') return [];
  const fields = (top as Extract<Inferred, { t: 'struct' }>).fields;
  return [...fields.keys()].sort(byName).map((name) => ({ name, type: portable(spellable(fields.get(name) as Inferred)) }));
}

/** The type text as the parse kind reads a declared one (`bigint` and friends in their portable spelling). */
function portable(text: string): string {
  const read = readDataType(text);
  if (typeof read !== 'string') throw new RangeError(`an inferred type ${read.problem}`);
  return read;
}

/** The type text, or string when a nested field name is not a plain word (the type text reader takes words). */
function spellable(i: Inferred): string {
  const plain = (x: Inferred): boolean =>
    x.t === 'array' ? plain(x.element) : x.t === 'struct' ? [...x.fields].every(([k, e]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) && plain(e)) : true;
  return plain(i) ? typeText(i) : 'string';
}

const CSV_TYPES = [
  { name: 'integer', test: (s: string) => /^[+-]?\d+$/.test(s) && Math.abs(Number(s)) <= 2147483647 },
  { name: 'bigint', test: (s: string) => /^[+-]?\d+$/.test(s) && BigInt(s) >= -(2n ** 63n) && BigInt(s) < 2n ** 63n },
  { name: 'double', test: (s: string) => /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) },
  { name: 'boolean', test: (s: string) => /^(true|false)$/i.test(s) },
] as const;

/** The CSV columns of `values` split at `delimiter`: `_c0`, `_c1`, ... each with the narrowest type all its non-empty fields read as. */
export function inferCsvFields(values: readonly string[], delimiter: string): InferredField[] {
  const columns: string[][] = [];
  for (const line of values) {
    line.split(delimiter).forEach((field, i) => {
      (columns[i] ??= []).push(field.trim());
    });
  }
  return columns.map((fields, i) => {
    const present = fields.filter((f) => f !== '');
    const type = present.length === 0 ? undefined : CSV_TYPES.find((t) => present.every((f) => t.test(f)));
    return { name: `_c${i}`, type: portable(type?.name ?? 'string') };
  });
}
