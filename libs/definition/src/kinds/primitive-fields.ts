/** Fields holding a value written in the document (text, number or boolean), as fillNa and replace take. */
import type { Primitive } from '../definition';

/** True for text, a finite number or a boolean. */
export function isPrimitive(value: unknown): value is Primitive {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** The kind of value something else was, for messages. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a mapping' : typeof value;
}
