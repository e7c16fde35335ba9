/**
 * Length limits on the string fields of requests, checked before a request does any other work.
 * Without them one oversized field cost far more than its size: a 100,000-character backend
 * name came back inside the error message and stalled the gRPC connection that carried it, and a
 * 40,000-character path held the event loop for seconds. Both apps describe each request as a
 * table of rules (one per string or map field) and answer the first problem as their own
 * "invalid request"; the problem text names the field and the limit and never quotes the value.
 */

/** The kinds of field and the most characters each may hold. */
export const FIELD_LIMITS = {
  /** Job, session and handle ids (the server's are 36-character UUIDs). */
  id: 128,
  /** Backend, format and mode names, asset names, option and variable names. */
  name: 256,
  /** File paths: Linux's PATH_MAX (the engine also checks bytes and each part's NAME_MAX). */
  path: 4096,
  /** One format option's value (a separator, a date pattern, a null marker...). */
  optionValue: 4096,
  /** One variable's value: as long as a whole definition may be. */
  variableValue: 1_048_576,
  /** A transformation source in JSON: as long as a whole definition may be. */
  text: 1_048_576,
} as const;

/** A kind of field of {@link FIELD_LIMITS}. */
export type FieldKind = keyof typeof FIELD_LIMITS;

/** The most entries a map field (options, variables, input handles) may hold. */
export const MAX_MAP_ENTRIES = 1_000;

/**
 * How one field is checked: a string of a kind, a map whose keys and values are strings of a kind
 * each, or `'document'` for definition text, whose length the definition library checks first
 * thing (so that ValidatePipeline answers it as an invalid definition, as it always did).
 */
export type FieldRule = FieldKind | 'document' | { readonly keys: FieldKind; readonly values: FieldKind };

/** The string and string-map fields of a request type. */
type CheckedFields<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends string ? K : NonNullable<T[K]> extends Readonly<Record<string, string>> ? K : never;
}[keyof T];

/** One rule for every string and string-map field of `T`: a field left out does not compile. */
export type FieldRules<T> = { readonly [K in CheckedFields<T>]: FieldRule };

/**
 * The first field of `request` that breaks its rule, as a sentence naming the field (through
 * `nameOf`, so each interface uses its own spelling) and the limit; undefined when all are
 * within their limits. Values that are not strings or maps are left to the request's own checks.
 */
export function firstFieldProblem<T extends object>(
  rules: FieldRules<T>,
  request: T,
  nameOf: (field: string) => string = (field) => field,
): string | undefined {
  for (const [field, rule] of Object.entries(rules) as [string, FieldRule][]) {
    const value = (request as Record<string, unknown>)[field];
    if (rule === 'document' || value === undefined || value === null) continue;
    const name = nameOf(field);
    if (typeof rule === 'string') {
      if (typeof value === 'string') {
        const problem = lengthProblem(`"${name}"`, value, rule);
        if (problem) return problem;
      }
      continue;
    }
    if (typeof value !== 'object') continue;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > MAX_MAP_ENTRIES) {
      return `"${name}" has ${entries.length} entries; the limit is ${MAX_MAP_ENTRIES}`;
    }
    for (const [key, item] of entries) {
      const keyProblem = lengthProblem(`a key of "${name}"`, key, rule.keys);
      if (keyProblem) return keyProblem;
      // The key is short enough to name here: it has just passed its own limit.
      if (typeof item === 'string') {
        const valueProblem = lengthProblem(`"${name}.${key}"`, item, rule.values);
        if (valueProblem) return valueProblem;
      }
    }
  }
  return undefined;
}

/** The problem with one string value, or undefined; the value itself is never quoted. */
export function lengthProblem(label: string, value: string, kind: FieldKind): string | undefined {
  const limit = FIELD_LIMITS[kind];
  return value.length > limit ? `${label} is ${value.length} characters long; the limit is ${limit}` : undefined;
}

// The message bound lives with the error catalogues, which apply it to every error they build.
export { boundErrorMessage, MAX_ERROR_MESSAGE_CHARS, wellFormed } from '@pipeline/errors';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * The JSON Schema of one field rule, for API documents generated from the same rules the
 * requests are checked with: a string of at most the kind's length, or an object of at most
 * {@link MAX_MAP_ENTRIES} string entries whose keys and values have their kinds' limits.
 * `'document'` is a string whose length the definition library checks (not part of the shape).
 */
export function fieldRuleSchema(rule: FieldRule): JsonSchema {
  if (rule === 'document') return { type: 'string' };
  if (typeof rule === 'string') return { type: 'string', maxLength: FIELD_LIMITS[rule] };
  return {
    type: 'object',
    maxProperties: MAX_MAP_ENTRIES,
    propertyNames: { maxLength: FIELD_LIMITS[rule.keys] },
    additionalProperties: { type: 'string', maxLength: FIELD_LIMITS[rule.values] },
  };
}
