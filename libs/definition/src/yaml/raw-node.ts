/**
 * The raw document model: what a YAML (or JSON) text says before any pipeline rule is applied.
 * Strings stay JavaScript strings; other scalars keep the text they were written with, so that
 * `version: 3.0` or `sep: 1.0` can be read back exactly; mappings are `Map`s, so no key can reach
 * an object prototype.
 */
import { parseError } from '../errors';
import { MAX_EXPANDED_CHARS, MAX_EXPANDED_NODES, MAX_NESTING_DEPTH } from '../limits';

/** Tags of the non-string scalars of the YAML core schema. */
export type ScalarTag = 'null' | 'bool' | 'int' | 'float';

/** A non-string scalar together with the text it was written as (`3.0`, `true`, `~`). */
export class YamlScalar {
  constructor(
    readonly tag: ScalarTag,
    readonly text: string,
    readonly value: null | boolean | number,
  ) {}

  // js-yaml stringifies mapping keys with String(); these two make a scalar key read as written.
  get [Symbol.toStringTag](): string {
    return 'YamlScalar';
  }

  toString(): string {
    return this.text;
  }
}

/** A mapping of the raw document; keys are text and keep their document order. */
export type RawMap = ReadonlyMap<string, RawNode>;

/** A sequence of the raw document. */
export type RawList = readonly RawNode[];

/** Any node of the raw document. */
export type RawNode = string | YamlScalar | RawList | RawMap;

/** True when `node` is a mapping. */
export function isRawMap(node: RawNode | undefined): node is RawMap {
  return node instanceof Map;
}

/** True when `node` is a sequence. */
export function isRawList(node: RawNode | undefined): node is RawList {
  return Array.isArray(node);
}

/** True when `node` is a YAML null (written `null`, `~` or left empty). */
export function isRawNull(node: RawNode | undefined): boolean {
  return node instanceof YamlScalar && node.tag === 'null';
}

/** Names what a node is, for messages such as `must be a string (got a list)`. */
export function describeNode(node: RawNode | undefined): string {
  if (node === undefined) return 'nothing';
  if (typeof node === 'string') return 'a string';
  if (isRawList(node)) return 'a list';
  if (isRawMap(node)) return 'a mapping';
  switch (node.tag) {
    case 'null':
      return 'null';
    case 'bool':
      return 'a boolean';
    default:
      return 'a number';
  }
}

/** The JSON value of a raw node (mappings become prototype-free objects), for schema checks. */
export function toJsonValue(node: RawNode): unknown {
  if (typeof node === 'string') return node;
  if (node instanceof YamlScalar) return node.value;
  if (isRawList(node)) return node.map(toJsonValue);
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of node) out[key] = toJsonValue(value);
  return out;
}

/**
 * Converts a parsed JSON value (for example the gRPC `source_json`) into a raw node, with the
 * same nesting and size limits as a YAML document.
 */
export function fromJsonValue(value: unknown): RawNode {
  const budget = { nodes: 0, chars: 0 };
  const visit = (v: unknown, depth: number): RawNode => {
    if (depth > MAX_NESTING_DEPTH) {
      throw parseError('DEF_LIMIT', `value nests deeper than ${MAX_NESTING_DEPTH} levels`);
    }
    if (++budget.nodes > MAX_EXPANDED_NODES) {
      throw parseError('DEF_LIMIT', `value has more than ${MAX_EXPANDED_NODES} nodes`);
    }
    if (typeof v === 'string') {
      budget.chars += v.length;
      if (budget.chars > MAX_EXPANDED_CHARS) {
        throw parseError('DEF_LIMIT', `value has more than ${MAX_EXPANDED_CHARS} characters of text`);
      }
      return v;
    }
    if (v === null || v === undefined) return new YamlScalar('null', 'null', null);
    if (typeof v === 'boolean') return new YamlScalar('bool', String(v), v);
    if (typeof v === 'number') return new YamlScalar(Number.isInteger(v) ? 'int' : 'float', String(v), v);
    if (Array.isArray(v)) return v.map((item) => visit(item, depth + 1));
    if (isPlainObject(v)) {
      const map = new Map<string, RawNode>();
      for (const key of Object.keys(v)) map.set(key, visit(v[key], depth + 1));
      return map;
    }
    throw parseError('DEF_SHAPE', `unsupported value of type ${typeof v}`);
  };
  return visit(value, 0);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
