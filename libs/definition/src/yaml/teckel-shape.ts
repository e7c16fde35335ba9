/**
 * The Teckel document shape (top-level `input`, `transformation` and `output` lists of entries
 * named by `name`) read as the asset shape, so that both become the same typed definition
 * through the same rules (decisions 7). Each entry becomes one asset:
 * - an input `{name, format, path, options}` becomes `{asset_ref: name, source: {input: {...}}}`;
 * - a transformation `{name, <operation>: {...}}` becomes `{asset_ref: name, source: {<operation>: {...}}}`;
 * - an output `{name, format, path, mode, options}` writes the asset `name`: it becomes
 *   `{asset_ref: output_<name>, source: {output: {from: name, ...}}}` (`output_<name>_2` for a
 *   second output of the same asset, and so on).
 * Entry metadata (`description`, `tags`, `removeTags`, `meta`, `owner`, `columns`, `freshness`, `maturity`) and
 * `x-` keys are dropped; every other field stays in place, so the usual rules judge it.
 */
import { parseError } from '../errors';
import type { TextPosition } from './parse-yaml';
import { describeNode, isRawList, isRawMap, type RawList, type RawMap, type RawNode } from './raw-node';

/** The top-level lists of the Teckel shape, in the order their entries become assets. */
export const TECKEL_LISTS = ['input', 'transformation', 'output'] as const;

/** Entry fields that describe an asset and change nothing it computes. */
export const ENTRY_METADATA_FIELDS: ReadonlySet<string> = new Set([
  'description',
  'tags',
  'removeTags',
  'meta',
  'owner',
  'columns',
  'freshness',
  'maturity',
]);

/** True when the document uses the Teckel shape (any of its lists at the top). */
export function isTeckelShape(root: RawMap): boolean {
  return TECKEL_LISTS.some((key) => root.has(key));
}

/** The Teckel lists as one asset list, and the position of each made-up asset (its entry's). */
export function teckelAssets(
  root: RawMap,
  positionOf: (node: RawMap | RawList) => TextPosition | undefined,
): { readonly items: RawList; readonly positionOf: (node: RawMap | RawList) => TextPosition | undefined } {
  const origin = new WeakMap<RawMap, RawMap>();
  const items: RawNode[] = [];
  const outputs = new Map<string, number>();
  for (const list of TECKEL_LISTS) {
    const node = root.get(list);
    if (node === undefined) continue;
    if (!isRawList(node)) {
      const at = isRawMap(node) ? positionOf(node) : undefined;
      throw parseError('DEF_SHAPE', `${list} must be a list of entries (got ${describeNode(node)})`, { field: list, ...(at ?? {}) });
    }
    for (const entry of node) {
      if (!isRawMap(entry)) {
        items.push(entry);
        continue;
      }
      const asset = list === 'output' ? outputAsset(entry, outputs) : list === 'input' ? inputAsset(entry) : transformationAsset(entry);
      origin.set(asset, entry);
      items.push(asset);
    }
  }
  return { items, positionOf: (node) => positionOf((isRawMap(node) ? origin.get(node) : undefined) ?? node) };
}

/** The entry's fields other than `name`, metadata and `x-` keys, in document order. */
function fieldsOf(entry: RawMap): RawMap {
  const fields = new Map<string, RawNode>();
  for (const [key, value] of entry) {
    if (key === 'name' || ENTRY_METADATA_FIELDS.has(key) || key.startsWith('x-')) continue;
    fields.set(key, value);
  }
  return fields;
}

function asset(ref: RawNode | undefined, source: RawMap): RawMap {
  const made = new Map<string, RawNode>();
  if (ref !== undefined) made.set('asset_ref', ref);
  made.set('source', source);
  return made;
}

function inputAsset(entry: RawMap): RawMap {
  return asset(entry.get('name'), new Map([['input', fieldsOf(entry)]]));
}

function transformationAsset(entry: RawMap): RawMap {
  return asset(entry.get('name'), fieldsOf(entry));
}

function outputAsset(entry: RawMap, outputs: Map<string, number>): RawMap {
  const name = entry.get('name');
  const fields = new Map<string, RawNode>();
  if (name !== undefined) fields.set('from', name);
  for (const [key, value] of fieldsOf(entry)) fields.set(key, value);
  let ref: RawNode | undefined = name;
  if (typeof name === 'string') {
    const count = (outputs.get(name) ?? 0) + 1;
    outputs.set(name, count);
    ref = count === 1 ? `output_${name}` : `output_${name}_${count}`;
  }
  return asset(ref, new Map([['output', fields]]));
}
