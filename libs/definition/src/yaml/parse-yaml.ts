/**
 * YAML text -> raw document, with positions and abuse guards.
 *
 * js-yaml keeps no map from nodes to positions, so a `listener` records where each collection
 * starts while it is composed (js-yaml reports `open`/`close` around every node). The same
 * listener enforces the nesting limit and rejects collections used as mapping keys, which js-yaml
 * would otherwise silently turn into text like `[object Object]`.
 */
import * as jsyaml from 'js-yaml';
import { isDefinitionError, parseError } from '../errors';
import { MAX_DOCUMENT_CHARS, MAX_EXPANDED_CHARS, MAX_EXPANDED_NODES, MAX_NESTING_DEPTH } from '../limits';
import { type RawList, type RawMap, type RawNode, type ScalarTag, YamlScalar } from './raw-node';

/** A 1-based place in the YAML text. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** A parsed YAML text: its raw root node and where each of its collections starts. */
export interface ParsedYaml {
  readonly root: RawNode;
  /** Where a mapping or sequence of `root` starts in the text (aliases report their anchor's place). */
  positionOf(node: RawMap | RawList): TextPosition | undefined;
  /** Where the value of `key` (a mapping key or a list index) of `node` starts in the text, scalars included. */
  valuePositionOf(node: RawMap | RawList, key: string | number): TextPosition | undefined;
}

interface JsYamlTypes {
  readonly null: jsyaml.Type;
  readonly bool: jsyaml.Type;
  readonly int: jsyaml.Type;
  readonly float: jsyaml.Type;
}

// @types/js-yaml does not declare the exported `types`, which js-yaml 4 has.
const coreTypes = (jsyaml as unknown as { types: JsYamlTypes }).types;

function boxedType(tag: ScalarTag): jsyaml.Type {
  const base = coreTypes[tag];
  return new jsyaml.Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (data: string | null) => base.resolve(data),
    construct: (data: string | null) => new YamlScalar(tag, data ?? '', base.construct(data) as null | boolean | number),
  });
}

// The YAML 1.2 core schema (no timestamps, no merge keys, no binary), with every non-string scalar
// boxed so that its written text survives.
const SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({
  implicit: [boxedType('null'), boxedType('bool'), boxedType('int'), boxedType('float')],
});

interface Child {
  readonly result: unknown;
  readonly position: TextPosition;
  readonly isCollection: boolean;
}

interface Frame {
  readonly position: TextPosition;
  readonly offset: number;
  readonly children: Child[];
}

function isCollection(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof YamlScalar);
}

/** Skips spaces, line breaks and comments from `state.position` to where the node's text starts. */
function contentStart(state: jsyaml.State): { offset: number; position: TextPosition } {
  const input = state.input;
  let i = state.position;
  let line = state.line;
  let lineStart = (state as jsyaml.State & { lineStart: number }).lineStart;
  for (;;) {
    const ch = input.charCodeAt(i);
    if (ch === 0x20 || ch === 0x09) {
      i++;
    } else if (ch === 0x0a || ch === 0x0d) {
      i += ch === 0x0d && input.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      line++;
      lineStart = i;
    } else if (ch === 0x23 && (i === 0 || /\s/.test(input.charAt(i - 1)))) {
      while (i < input.length && input.charCodeAt(i) !== 0x0a && input.charCodeAt(i) !== 0x0d) i++;
    } else {
      break;
    }
  }
  return { offset: i, position: { line: line + 1, column: i - lineStart + 1 } };
}

/** Everything that directly belongs to a freshly composed collection: its items or values. */
function containedValues(collection: object): Set<unknown> {
  const contained = new Set<unknown>();
  const values: unknown[] = Array.isArray(collection) ? collection : Object.values(collection);
  for (const value of values) {
    contained.add(value);
    // A flow sequence entry `[a: b]` is a one-pair mapping built without its own node events.
    if (Array.isArray(collection) && isCollection(value) && !Array.isArray(value)) {
      for (const inner of Object.values(value)) contained.add(inner);
    }
  }
  return contained;
}

/**
 * Where each value of a freshly composed collection starts. Scalars are primitives that cannot be
 * keyed, so the position travels with the container: js-yaml composes a mapping's key and value
 * in turn, which lets each value be paired with its key in written order. Anything that does not
 * pair up (a flow pair inside a list) is left out and its place falls back to the container's.
 */
function valuePositions(collection: object, children: readonly Child[]): Map<string | number, TextPosition> {
  const found = new Map<string | number, TextPosition>();
  if (Array.isArray(collection)) {
    if (children.length === collection.length) children.forEach((child, i) => found.set(i, child.position));
    return found;
  }
  let next = 0;
  for (const [key, value] of Object.entries(collection)) {
    const keyAt = children.findIndex((child, i) => i >= next && scalarText(child.result) === key);
    if (keyAt < 0) break;
    const valueAt = children.findIndex((child, i) => i > keyAt && (child.result === value || (child.result == null && value == null)));
    if (valueAt < 0) break;
    found.set(key, (children[valueAt] as Child).position);
    next = valueAt + 1;
  }
  return found;
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return value instanceof YamlScalar ? String(value.text) : undefined;
}

/**
 * Parses one YAML document into a raw node. Throws DefinitionError (`DEF_YAML`, `DEF_LIMIT`,
 * `DEF_KEY`) with a `parse error: ... at line L, column C` message.
 */
export function parseYaml(text: string): ParsedYaml {
  if (typeof text !== 'string') {
    throw parseError('DEF_SHAPE', `the document must be text (got ${text === null ? 'null' : typeof text})`);
  }
  if (text.length > MAX_DOCUMENT_CHARS) {
    throw parseError(
      'DEF_LIMIT',
      `the document is ${text.length} characters long; the limit is ${MAX_DOCUMENT_CHARS}`,
    );
  }

  const sourcePositions = new WeakMap<object, TextPosition>();
  const sourceValuePositions = new WeakMap<object, Map<string | number, TextPosition>>();
  const stack: Frame[] = [];

  const listener = (event: jsyaml.EventType, state: jsyaml.State): void => {
    if (event === 'open') {
      const start = contentStart(state);
      if (stack.length >= MAX_NESTING_DEPTH) {
        throw parseError('DEF_LIMIT', `the document nests deeper than ${MAX_NESTING_DEPTH} levels`, start.position);
      }
      stack.push({ position: start.position, offset: start.offset, children: [] });
      return;
    }
    const frame = stack.pop();
    if (frame === undefined) return;
    const result: unknown = state.result;
    const collection = isCollection(result);
    const isAlias = state.input.charCodeAt(frame.offset) === 0x2a; // '*'
    if (collection && !isAlias) {
      if (!sourcePositions.has(result)) {
        sourcePositions.set(result, frame.position);
        sourceValuePositions.set(result, valuePositions(result, frame.children));
      }
      const contained = containedValues(result);
      for (const child of frame.children) {
        // A collection composed inside this one that is neither an item nor a value was a key.
        if (child.isCollection && child.result !== result && !contained.has(child.result)) {
          throw parseError('DEF_KEY', 'a mapping key must be text, not a list or a mapping', child.position);
        }
      }
    }
    stack.at(-1)?.children.push({ result, position: frame.position, isCollection: collection });
  };

  let loaded: unknown;
  try {
    loaded = jsyaml.load(text, { schema: SCHEMA, listener });
  } catch (error) {
    if (isDefinitionError(error)) throw error;
    if (error instanceof jsyaml.YAMLException) {
      const mark = error.mark as jsyaml.Mark | undefined;
      throw parseError(
        'DEF_YAML',
        error.reason || 'invalid YAML',
        mark ? { line: mark.line + 1, column: mark.column + 1 } : {},
        error,
      );
    }
    if (error instanceof RangeError) {
      throw parseError('DEF_LIMIT', 'the document nests too deeply to be read', {}, error);
    }
    throw parseError('DEF_YAML', `the document cannot be read (${String(error)})`, {}, error);
  }

  const positions = new WeakMap<RawMap | RawList, TextPosition>();
  const values = new WeakMap<RawMap | RawList, Map<string | number, TextPosition>>();
  const root = expand(loaded, sourcePositions, positions, (node, source) => {
    const found = sourceValuePositions.get(source);
    if (found !== undefined) values.set(node, found);
  });
  return { root, positionOf: (node) => positions.get(node), valuePositionOf: (node, key) => values.get(node)?.get(key) };
}

/**
 * Copies js-yaml's result into a raw tree. Aliases are shared references in js-yaml's output, so
 * this is where they are expanded, within the node and character budgets ("billion laughs").
 */
function expand(
  loaded: unknown,
  sourcePositions: WeakMap<object, TextPosition>,
  positions: WeakMap<RawMap | RawList, TextPosition>,
  copied: (node: RawMap | RawList, source: object) => void,
): RawNode {
  let nodes = 0;
  let chars = 0;
  const ancestors = new Set<object>();

  const visit = (value: unknown, depth: number, near: TextPosition | undefined): RawNode => {
    if (++nodes > MAX_EXPANDED_NODES) {
      throw parseError(
        'DEF_LIMIT',
        `the document expands to more than ${MAX_EXPANDED_NODES} nodes (too many aliases?)`,
        near ?? {},
      );
    }
    if (typeof value === 'string') {
      chars += value.length;
      if (chars > MAX_EXPANDED_CHARS) {
        throw parseError(
          'DEF_LIMIT',
          `the document expands to more than ${MAX_EXPANDED_CHARS} characters of text (too many aliases?)`,
          near ?? {},
        );
      }
      return value;
    }
    if (value === null || value === undefined) return new YamlScalar('null', '', null);
    if (value instanceof YamlScalar) return value;
    if (typeof value !== 'object') {
      throw parseError('DEF_YAML', `unsupported YAML value of type ${typeof value}`, near ?? {});
    }
    const at = sourcePositions.get(value) ?? near;
    if (depth >= MAX_NESTING_DEPTH) {
      throw parseError('DEF_LIMIT', `the document nests deeper than ${MAX_NESTING_DEPTH} levels`, at ?? {});
    }
    if (ancestors.has(value)) {
      throw parseError('DEF_YAML', 'an alias refers to a collection that contains it', at ?? {});
    }
    ancestors.add(value);
    let node: RawMap | RawList;
    if (Array.isArray(value)) {
      node = value.map((item: unknown) => visit(item, depth + 1, at));
    } else {
      const map = new Map<string, RawNode>();
      for (const key of Object.keys(value)) {
        map.set(key, visit((value as Record<string, unknown>)[key], depth + 1, at));
      }
      node = map;
    }
    ancestors.delete(value);
    if (at) positions.set(node, at);
    copied(node, value);
    return node;
  };

  return visit(loaded, 0, undefined);
}
