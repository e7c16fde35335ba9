/**
 * Type rules shared by the array functions of spec 9.13.7 (array_union, array_position, arrays_zip,
 * ...): the common element type of two arrays, which elements can be compared for equality, and
 * the field names arrays_zip gives its structs.
 */
import { arrayType, mapType, nestedParts, structType, type DataType } from '../types/data-type';
import type { UntypedCall } from './bound-expr';
import { supertype } from './supertype';

/**
 * The common type of two element types, or undefined when they do not mix: numbers widen and a
 * date meets a timestamp as comparisons have it, arrays by element, maps by key and value, and
 * structs with the same field names field by field. `null` joins with anything.
 */
export function commonElementType(a: DataType, b: DataType): DataType | undefined {
  const direct = supertype(a, b);
  if (direct !== undefined) return direct;
  const x = nestedParts(a);
  const y = nestedParts(b);
  if (x?.kind === 'array' && y?.kind === 'array') {
    const element = commonElementType(x.element, y.element);
    return element === undefined ? undefined : arrayType(element);
  }
  if (x?.kind === 'map' && y?.kind === 'map') {
    const key = commonElementType(x.key, y.key);
    const value = commonElementType(x.value, y.value);
    return key === undefined || value === undefined ? undefined : mapType(key, value);
  }
  if (x?.kind === 'struct' && y?.kind === 'struct' && x.fields.length === y.fields.length && x.fields.every((f, i) => f.name === y.fields[i]?.name)) {
    const fields = x.fields.map((f, i) => ({ name: f.name, type: commonElementType(f.type, (y.fields[i] as { type: DataType }).type) }));
    return fields.every((f) => f.type !== undefined) ? structType(fields as { name: string; type: DataType }[]) : undefined;
  }
  return undefined;
}

/**
 * True when values of `t` hold a map anywhere: Spark refuses to compare maps, and DuckDB's map
 * equality depends on the order the entries were written in.
 */
export function holdsMap(t: DataType): boolean {
  const parts = nestedParts(t);
  if (parts === undefined) return false;
  if (parts.kind === 'map') return true;
  if (parts.kind === 'array') return holdsMap(parts.element);
  return parts.fields.some((f) => holdsMap(f.type));
}

/**
 * The field names arrays_zip gives its structs, as Spark names them: a column's (struct field's,
 * lambda parameter's) own name, else the argument's 0-based position (`0`, `1`, ...).
 */
export function zipFieldNames(call: Pick<UntypedCall, 'args'>): string[] {
  return call.args.map((a, i) => (a.kind === 'column' || a.kind === 'lambda_var' ? a.name : a.kind === 'field' ? a.field : String(i)));
}
