/**
 * Type texts of the spec (10.1) read into types: a CAST target (`decimal(10,2)`) and the portable
 * type text of `parse` and `schema_enforce` (`map<string, array<int>>`), shared by the expression
 * checker and the kinds that take a type.
 */
import type { CastType } from './ast';
import { resolveCastType } from './cast-types';
import { MAX_TYPE_DEPTH, typeNestsTooDeep } from './json-depth';

const TYPE_TEXT = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?\s*$/;

/** The type a `targetType` text names (case-insensitive, `decimal(10,2)` style), or what is wrong with it. */
export function readTargetType(text: string): CastType | { readonly problem: string } {
  const match = TYPE_TEXT.exec(text);
  if (match === null) return { problem: `is not a type name: ${JSON.stringify(text)}` };
  const params = [match[2], match[3]].filter((p): p is string => p !== undefined).map(Number);
  const type = resolveCastType(match[1], params);
  return 'problem' in type ? { problem: type.problem } : type;
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
