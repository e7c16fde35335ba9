/**
 * YAML text -> the raw pipeline document: a mapping at the top with at least one asset list.
 * Everything beyond that shape (fields, kinds, references) is judged by @pipeline/validation.
 */
import { parseError } from '../errors';
import { parseYaml, type TextPosition } from './parse-yaml';
import { describeNode, isRawList, isRawMap, type RawList, type RawMap, type RawNode } from './raw-node';
import { isTeckelShape, teckelAssets } from './teckel-shape';

/**
 * Where an asset list was found: `pipeline.assets`, a top-level `assets`, or the Teckel shape's
 * `input` / `transformation` / `output` lists (`teckel`, read as one asset list).
 */
export type AssetListField = 'pipeline.assets' | 'assets' | 'teckel';

/** One asset list of the document. */
export interface RawAssetList {
  readonly field: AssetListField;
  readonly items: RawList;
}

/** A document that has the shape of a pipeline; its content is not validated yet. */
export interface RawDocument {
  readonly root: RawMap;
  /** The asset lists present, `pipeline.assets` first; never empty, two when both are written. */
  readonly assetLists: readonly RawAssetList[];
  /** Where a mapping or list of the document starts in the text. */
  positionOf(node: RawMap | RawList): TextPosition | undefined;
  /** Where the value of a mapping key or list index starts, scalars included (undefined for made-up nodes). */
  valuePositionOf(node: RawMap | RawList, key: string | number): TextPosition | undefined;
}

/**
 * Parses the YAML text of a pipeline. Throws DefinitionError with a `parse error: ...` message
 * when the text is not YAML, not a mapping at the top, or has no asset list in either shape.
 */
export function readDocument(text: string): RawDocument {
  const { root, positionOf, valuePositionOf } = parseYaml(text);
  if (!isRawMap(root)) {
    if (typeof root !== 'string' && !isRawList(root) && root.tag === 'null') {
      throw parseError('DEF_SHAPE', 'the document is empty');
    }
    const at = isRawList(root) ? positionOf(root) : undefined;
    throw parseError('DEF_SHAPE', `the document must be a mapping at the top (got ${describeNode(root)})`, at ?? {});
  }

  const lists: RawAssetList[] = [];
  const pipeline = root.get('pipeline');
  if (isRawMap(pipeline) && pipeline.has('assets')) {
    lists.push({ field: 'pipeline.assets', items: asList(pipeline.get('assets'), 'pipeline.assets', positionOf) });
  }
  if (root.has('assets')) {
    lists.push({ field: 'assets', items: asList(root.get('assets'), 'assets', positionOf) });
  }
  let where = positionOf;
  if (isTeckelShape(root)) {
    const teckel = teckelAssets(root, positionOf);
    lists.push({ field: 'teckel', items: teckel.items });
    where = teckel.positionOf;
  }
  if (lists.length === 0) {
    throw parseError('DEF_SHAPE', 'the document has neither pipeline.assets nor a top-level assets list (nor the input, transformation and output lists of the Teckel shape)');
  }
  return { root, assetLists: lists, positionOf: where, valuePositionOf };
}

function asList(
  node: RawNode | undefined,
  field: AssetListField,
  positionOf: (node: RawMap | RawList) => TextPosition | undefined,
): RawList {
  if (isRawList(node)) return node;
  // Scalars carry no position; only a mapping in the wrong place can be pointed at.
  const at = isRawMap(node) ? positionOf(node) : undefined;
  throw parseError('DEF_SHAPE', `${field} must be a list of assets (got ${describeNode(node)})`, {
    field,
    ...(at ?? {}),
  });
}
