/**
 * Defensive check of the `variables` argument: the servers check request shapes themselves, but
 * a library entry point must not crash (or read prototype properties) when handed anything else.
 */
import type { Variables } from '@pipeline/definition';
import { type ValidationError, validationErrors } from '../errors';

/** The variables as a prototype-free map of strings, or the first reason they are unusable. */
export type VariablesArgumentResult =
  | { readonly ok: true; readonly variables: Variables }
  | { readonly ok: false; readonly error: ValidationError };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** Accepts undefined/null (no variables) or a plain object whose every own value is a string. */
export function checkVariablesArgument(variables: unknown): VariablesArgumentResult {
  const out: Record<string, string> = Object.create(null);
  if (variables === undefined || variables === null) return { ok: true, variables: out };
  const proto: unknown = typeof variables === 'object' ? Object.getPrototypeOf(variables) : undefined;
  if (typeof variables !== 'object' || Array.isArray(variables) || (proto !== Object.prototype && proto !== null)) {
    return {
      ok: false,
      error: validationErrors.invalidVariables(`variables must be a mapping of names to strings (got ${describe(variables)})`),
    };
  }
  for (const name of Object.keys(variables)) {
    const value: unknown = (variables as Record<string, unknown>)[name];
    if (typeof value !== 'string') {
      return {
        ok: false,
        error: validationErrors.invalidVariables(`variable "${name}" must be a string (got ${describe(value)})`, name),
      };
    }
    out[name] = value;
  }
  return { ok: true, variables: out };
}
