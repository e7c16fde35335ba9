/**
 * Variable substitution in string values, after YAML parsing.
 *
 * `${NAME}` and `${NAME:default}` are replaced in one left-to-right pass; a replacement is never
 * scanned again and never parsed as YAML, so a value cannot inject structure or further
 * placeholders. `$${` writes a literal `${`. Values come only from the caller's map, then the
 * default: the process environment is never read, so a client cannot read server secrets.
 */
import { MAX_EXPANDED_CHARS } from '../limits';
import { isRawList, isRawMap, type RawMap, type RawNode } from '../yaml/raw-node';

/** Variables supplied with a request: name -> value. */
export type Variables = Readonly<Record<string, string>>;

/** Characters a variable name may use (Teckel: letters, digits, `_` and `.`). */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z0-9_.]+$/;

/** Why a string could not be substituted. */
export type VariableProblem =
  | { readonly kind: 'unresolved'; readonly name: string }
  | { readonly kind: 'malformed'; readonly placeholder: string }
  | { readonly kind: 'limit'; readonly limit: number };

/** A substitution problem and the field (`path`, `options.header`, `agg[1]`) it occurred in. */
export type FieldVariableProblem = VariableProblem & { readonly field: string };

/** Shared allowance of output characters, so that many large values cannot blow up memory. */
export interface SubstitutionBudget {
  remaining: number;
}

/** A fresh budget of MAX_EXPANDED_CHARS characters. */
export function createSubstitutionBudget(): SubstitutionBudget {
  return { remaining: MAX_EXPANDED_CHARS };
}

/** Result of substituting one string. */
export type SubstitutionResult =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly problem: VariableProblem };

// A malformed placeholder is quoted in messages; very long ones are cut.
const MAX_QUOTED = 40;

/** Substitutes the placeholders of one string. */
export function substituteText(
  text: string,
  variables: Variables,
  budget: SubstitutionBudget = createSubstitutionBudget(),
): SubstitutionResult {
  if (!text.includes('${')) return charge(text, text, budget);
  let out = '';
  let i = 0;
  while (i < text.length) {
    const next = text.indexOf('${', i);
    if (next === -1) {
      out += text.slice(i);
      break;
    }
    if (next > i && text.charCodeAt(next - 1) === 0x24 /* $ */) {
      // `$${` is an escaped literal `${`; the `$` before it was already copied.
      out += text.slice(i, next - 1) + '${';
      i = next + 2;
      continue;
    }
    out += text.slice(i, next);
    const close = text.indexOf('}', next + 2);
    if (close === -1) {
      return { ok: false, problem: { kind: 'malformed', placeholder: quoteable(text.slice(next)) } };
    }
    const body = text.slice(next + 2, close);
    const colon = body.indexOf(':');
    const name = colon === -1 ? body : body.slice(0, colon);
    if (!VARIABLE_NAME_PATTERN.test(name)) {
      return { ok: false, problem: { kind: 'malformed', placeholder: quoteable(text.slice(next, close + 1)) } };
    }
    if (Object.hasOwn(variables, name)) {
      out += variables[name];
    } else if (colon !== -1) {
      out += body.slice(colon + 1);
    } else {
      return { ok: false, problem: { kind: 'unresolved', name } };
    }
    i = close + 1;
    // Stop early rather than build a string that the budget would refuse anyway.
    if (out.length - text.length > budget.remaining) {
      return { ok: false, problem: { kind: 'limit', limit: MAX_EXPANDED_CHARS } };
    }
  }
  return charge(out, text, budget);
}

function charge(value: string, original: string, budget: SubstitutionBudget): SubstitutionResult {
  // Text already in the document was paid for when it was parsed; only growth is charged.
  const growth = Math.max(0, value.length - original.length);
  if (growth > budget.remaining) {
    return { ok: false, problem: { kind: 'limit', limit: MAX_EXPANDED_CHARS } };
  }
  budget.remaining -= growth;
  return { ok: true, value };
}

function quoteable(placeholder: string): string {
  return placeholder.length > MAX_QUOTED ? `${placeholder.slice(0, MAX_QUOTED)}...` : placeholder;
}

/** Renders a field path: keys joined by `.`, list positions as `[i]` (`options.header`, `agg[1]`). */
export function formatFieldPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

/** Result of substituting every string of a raw node. */
export type NodeSubstitutionResult =
  | { readonly ok: true; readonly node: RawNode }
  | { readonly ok: false; readonly problem: FieldVariableProblem };

/**
 * Substitutes every string value under `node` (keys are left alone), in document order, and
 * stops at the first problem. `path` names `node` itself in problem reports.
 */
export function substituteNode(
  node: RawNode,
  variables: Variables,
  budget: SubstitutionBudget = createSubstitutionBudget(),
  path: readonly (string | number)[] = [],
): NodeSubstitutionResult {
  if (typeof node === 'string') {
    const result = substituteText(node, variables, budget);
    return result.ok
      ? { ok: true, node: result.value }
      : { ok: false, problem: { ...result.problem, field: formatFieldPath(path) } };
  }
  if (isRawList(node)) {
    const items: RawNode[] = [];
    for (let i = 0; i < node.length; i++) {
      const result = substituteNode(node[i] as RawNode, variables, budget, [...path, i]);
      if (!result.ok) return result;
      items.push(result.node);
    }
    return { ok: true, node: items };
  }
  if (isRawMap(node)) {
    const map = new Map<string, RawNode>();
    for (const [key, value] of node as RawMap) {
      const result = substituteNode(value, variables, budget, [...path, key]);
      if (!result.ok) return result;
      map.set(key, result.node);
    }
    return { ok: true, node: map };
  }
  return { ok: true, node };
}
