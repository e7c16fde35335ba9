/**
 * Checks a kind's raw fields against its JSON Schema (ajv) and reports the first problem in
 * document order as a structured issue; @pipeline/validation words it as a V-006 message.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { describeNode, isRawList, isRawMap, type RawNode, toJsonValue, YamlScalar } from '../yaml/raw-node';
import { formatFieldPath } from '../variables/substitute';
import type { AnyKindDefinition, FieldSchema } from './kind-definition';

/** The first thing wrong with a kind's fields. `field` is relative to the kind (`columns[2]`). */
export type FieldIssue =
  | { readonly problem: 'not-a-mapping'; readonly got: string }
  | { readonly problem: 'unknown-field'; readonly field: string; readonly expected: readonly string[] }
  | { readonly problem: 'required'; readonly field: string }
  | { readonly problem: 'type'; readonly field: string; readonly expected: string; readonly got: string }
  | { readonly problem: 'empty'; readonly field: string; readonly list: boolean }
  | { readonly problem: 'invalid'; readonly field: string; readonly detail: string };

/** Result of checking a kind's fields: the JSON fields, or the first issue. */
export type FieldCheckResult =
  | { readonly ok: true; readonly fields: Record<string, unknown> }
  | { readonly ok: false; readonly issue: FieldIssue };

let ajv: Ajv | undefined;
const compiled = new WeakMap<FieldSchema, ValidateFunction>();

function validatorFor(schema: FieldSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    ajv ??= createAjv();
    validate = ajv.compile(schema as Record<string, unknown>);
    compiled.set(schema, validate);
  }
  return validate;
}

function createAjv(): Ajv {
  const instance = new Ajv({ allErrors: true, verbose: true, strict: true });
  instance.addKeyword({ keyword: 'scalarAsText', schemaType: 'boolean' });
  instance.addKeyword({ keyword: 'stringAs', schemaType: 'string' });
  return instance;
}

const NUMBER_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const INTEGER_TEXT = /^[-+]?\d+$/;

/**
 * The JSON value of `node` shaped for `schema`: a string holding exactly one number or boolean
 * becomes one where the schema wants it (variables always produce strings), and YAML booleans
 * and numbers become their written text where the schema says `scalarAsText`.
 */
export function coerceToSchema(node: RawNode, schema: FieldSchema | undefined): unknown {
  if (schema === undefined) return toJsonValue(node);
  switch (schema.type) {
    case 'string':
      if (schema.scalarAsText && node instanceof YamlScalar && node.tag !== 'null') return node.text;
      break;
    case 'number':
      if (typeof node === 'string' && NUMBER_TEXT.test(node)) return Number(node);
      break;
    case 'integer':
      if (typeof node === 'string' && INTEGER_TEXT.test(node)) return Number(node);
      break;
    case 'boolean':
      if (node === 'true' || node === 'false') return node === 'true';
      break;
    case 'array':
      if (isRawList(node)) return node.map((item) => coerceToSchema(item, schema.items));
      break;
    case 'object':
      if (schema.stringAs !== undefined && (typeof node === 'string' || (node instanceof YamlScalar && node.tag !== 'null'))) {
        const text = typeof node === 'string' ? node : node.text;
        return { [schema.stringAs]: text };
      }
      if (isRawMap(node)) {
        const out: Record<string, unknown> = Object.create(null);
        for (const [key, value] of node) {
          const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
          const property = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : extra;
          out[key] = coerceToSchema(value, property);
        }
        return out;
      }
      break;
  }
  return toJsonValue(node);
}

/** Checks `node` (the value under the kind's key) against the kind's schema. */
export function checkFields(kind: AnyKindDefinition, node: RawNode): FieldCheckResult {
  if (!isRawMap(node)) return { ok: false, issue: { problem: 'not-a-mapping', got: describeNode(node) } };
  const value = coerceToSchema(node, kind.schema);
  const validate = validatorFor(kind.schema);
  if (validate(value)) return { ok: true, fields: value as Record<string, unknown> };

  const first = rankedIssues(kind, node, validate.errors ?? [])[0]?.issue;
  return { ok: false, issue: first ?? { problem: 'invalid', field: '', detail: 'does not match its schema' } };
}

/**
 * Every field's first issue (the first is checkFields' issue), one per written or missing field:
 * a schema's alternatives may fail one value several ways. Empty when the fields are valid.
 */
export function fieldIssues(kind: AnyKindDefinition, node: RawNode): FieldIssue[] {
  const checked = checkFields(kind, node);
  if (checked.ok) return [];
  if (!isRawMap(node)) return [checked.issue];
  const validate = validatorFor(kind.schema);
  validate(coerceToSchema(node, kind.schema));
  const seen = new Set<number>();
  const issues = rankedIssues(kind, node, validate.errors ?? []).filter((r) => !seen.has(r.rank) && seen.add(r.rank) !== undefined);
  return issues.length === 0 ? [checked.issue] : issues.map((r) => r.issue);
}

/** The schema's errors as issues, problems of written fields in document order, missing fields after them in schema order. */
function rankedIssues(kind: AnyKindDefinition, node: RawNode, errors: readonly ErrorObject[]): { issue: FieldIssue; rank: number }[] {
  const keys = isRawMap(node) ? [...node.keys()] : [];
  const declared = Object.keys(kind.schema.properties ?? {});
  const ranked = errors.map((error, order) => {
    const issue = toIssue(error, node);
    const top = topField(error);
    const written = keys.indexOf(top);
    const rank = written !== -1 ? written : keys.length + Math.max(0, declared.indexOf(top));
    return { issue, rank, order };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked;
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function topField(error: ErrorObject): string {
  const segments = pointerSegments(error.instancePath);
  if (segments.length > 0) return segments[0] as string;
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  return params.missingProperty ?? params.additionalProperty ?? '';
}

/** Resolves a JSON pointer against the raw node, turning list positions into numbers. */
function resolvePath(root: RawNode, pointer: string): { path: (string | number)[]; node: RawNode | undefined } {
  const path: (string | number)[] = [];
  let node: RawNode | undefined = root;
  for (const segment of pointerSegments(pointer)) {
    if (isRawList(node)) {
      const index = Number(segment);
      path.push(index);
      node = node[index];
    } else {
      path.push(segment);
      node = isRawMap(node) ? node.get(segment) : undefined;
    }
  }
  return { path, node };
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean (true or false)',
  array: 'a list',
  object: 'a mapping',
};

function toIssue(error: ErrorObject, root: RawNode): FieldIssue {
  const { path, node } = resolvePath(root, error.instancePath);
  const field = formatFieldPath(path);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { problem: 'required', field: formatFieldPath([...path, String(params['missingProperty'])]) };
    case 'additionalProperties': {
      const parent = error.parentSchema as FieldSchema | undefined;
      return {
        problem: 'unknown-field',
        field: formatFieldPath([...path, String(params['additionalProperty'])]),
        expected: Object.keys(parent?.properties ?? {}),
      };
    }
    case 'type': {
      const expected = String(params['type']);
      return { problem: 'type', field, expected: TYPE_WORDS[expected] ?? expected, got: describeNode(node) };
    }
    case 'minItems':
    case 'minLength':
      if (params['limit'] === 1) return { problem: 'empty', field, list: error.keyword === 'minItems' };
      return { problem: 'invalid', field, detail: error.message ?? 'is too short' };
    case 'enum':
      return {
        problem: 'invalid',
        field,
        detail: `must be one of ${((params['allowedValues'] as unknown[]) ?? []).join(', ')}`,
      };
    default:
      return { problem: 'invalid', field, detail: error.message ?? 'is not valid' };
  }
}
