/**
 * Rules of one entry of the asset list, in this order: it is a mapping (V-006); `asset_ref`'s
 * variables (V-010), presence and type (V-006), syntax (V-004) and uniqueness (V-002); unknown
 * asset fields in document order (V-006); then the source rules (see source-rules.ts).
 */
import {
  type AssetDefinition,
  describeNode,
  findKind,
  isRawMap,
  type KindRole,
  type RawDocument,
  type RawNode,
  substituteText,
  type SplitSource,
  type SubstitutionBudget,
  type Variables,
} from '@pipeline/definition';
import { type ValidationError, type ValidationErrorDetails, validationErrors } from '../errors';
import { isExtensionKey } from './document-rules';
import { checkSource, type ReferenceStatus } from './source-rules';
import { type SplitNames, splitAssets, splitNamesOf } from './split-assets';
import { variableError } from './variable-errors';

/** Valid asset names: a letter, then letters, digits, `_` or `-`; at most 128 characters. */
export const ASSET_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,127}$/;

/** Fields of an asset. */
export const ASSET_FIELDS = ['asset_ref', 'source'] as const;

/** What the asset list declares, gathered before the assets are checked so references may point forward. */
export interface DeclaredAsset {
  /** 1-based position of the first asset with this name. */
  readonly number: number;
  /** Role of its kind, when its source names exactly one known kind. */
  readonly role?: KindRole;
  /** For a split: the assets it makes (its own name is not referenceable). */
  readonly split?: SplitNames;
}

/** Names and roles of every asset whose name can be read, first occurrence winning. */
export function declaredAssets(items: readonly RawNode[], variables: Variables): Map<string, DeclaredAsset> {
  const declared = new Map<string, DeclaredAsset>();
  items.forEach((item, index) => {
    if (!isRawMap(item)) return;
    const ref = item.get('asset_ref');
    if (typeof ref !== 'string') return;
    // Only names are read here, so a small private budget suffices; the real pass charges the shared one.
    const name = substituteText(ref, variables, { remaining: ref.length + 1024 });
    if (!name.ok || declared.has(name.value)) return;
    const source = item.get('source');
    const kinds = isRawMap(source) ? [...source.keys()] : [];
    const kind = kinds.length === 1 ? findKind(kinds[0] as string) : undefined;
    const number = index + 1;
    const split = splitNamesOf(source, variables);
    declared.set(name.value, kind === undefined ? { number } : { number, role: kind.role, ...(split === undefined ? {} : { split }) });
    for (const made of split === undefined ? [] : [split.pass, split.fail]) {
      if (!declared.has(made)) declared.set(made, { number, role: 'transformation' });
    }
  });
  return declared;
}

/** Shared state of the asset pass. */
export interface AssetPassContext {
  readonly doc: RawDocument;
  readonly variables: Variables;
  readonly budget: SubstitutionBudget;
  readonly declared: ReadonlyMap<string, DeclaredAsset>;
  /** Names already checked, with their 1-based numbers (for V-002). */
  readonly seen: Map<string, number>;
  /** The field that names an asset as the document writes it: `asset_ref`, or `name` in the Teckel shape. */
  readonly nameField?: 'asset_ref' | 'name';
}

/** A checked asset and the assets it reads. */
export type AssetResult =
  | {
      readonly ok: true;
      readonly asset: AssetDefinition;
      readonly upstream: readonly string[];
      /** Assets the entry makes besides itself (a split's `pass` and `fail`), each reading `asset`. */
      readonly made?: readonly AssetDefinition[];
    }
  | { readonly ok: false; readonly error: ValidationError; readonly errors: readonly ValidationError[] };

const failed = (errors: readonly ValidationError[]): AssetResult => ({ ok: false, error: errors[0] as ValidationError, errors });

/**
 * Checks the asset at `index` (0-based) of the asset list. A problem of its name stops there (what
 * else would name it); past the name, every unknown field and every problem of its source is reported.
 */
export function checkAsset(item: RawNode, index: number, ctx: AssetPassContext): AssetResult {
  const result = checkAssetEntry(item, index, ctx);
  return result.ok || 'errors' in result ? (result as AssetResult) : failed([result.error]);
}

function checkAssetEntry(item: RawNode, index: number, ctx: AssetPassContext): AssetResult | { readonly ok: false; readonly error: ValidationError } {
  const number = index + 1;
  if (!isRawMap(item)) return { ok: false, error: validationErrors.assetNotAMapping(number, describeNode(item)) };
  const line = ctx.doc.positionOf(item)?.line;
  const details: ValidationErrorDetails = line === undefined ? {} : { line };
  const unnamed = { number };

  const nameField = ctx.nameField ?? 'asset_ref';
  const refNode = item.get('asset_ref');
  if (refNode === undefined) return { ok: false, error: validationErrors.required(unnamed, nameField, details) };
  if (typeof refNode !== 'string') {
    return {
      ok: false,
      error: validationErrors.wrongType(unnamed, nameField, 'a string', describeNode(refNode), details),
    };
  }
  const substituted = substituteText(refNode, ctx.variables, ctx.budget);
  if (!substituted.ok) {
    return { ok: false, error: variableError({ ...substituted.problem, field: nameField }, unnamed, details) };
  }
  const name = substituted.value;
  if (!ASSET_NAME_PATTERN.test(name)) {
    return { ok: false, error: validationErrors.invalidAssetName(name, number, details) };
  }
  const first = ctx.seen.get(name);
  if (first !== undefined) return { ok: false, error: validationErrors.duplicateAsset(name, first, number, details) };
  ctx.seen.set(name, number);

  const who = { name, number };
  const problems: ValidationError[] = [];
  for (const key of item.keys()) {
    if (key !== 'asset_ref' && key !== 'source' && !isExtensionKey(key)) {
      problems.push(validationErrors.unknownField(who, key, undefined, ASSET_FIELDS, details));
    }
  }

  const source = checkSource(item.get('source'), {
    who,
    details,
    variables: ctx.variables,
    budget: ctx.budget,
    resolveReference: (ref): ReferenceStatus => {
      const declared = ctx.declared.get(ref);
      if (declared === undefined) return 'unknown';
      if (declared.split !== undefined) return { split: declared.split };
      return declared.role === 'output' ? 'output' : 'ok';
    },
  });
  if (!source.ok) return failed([...problems, ...source.errors]);
  if (problems.length > 0) return failed(problems);
  const position = line === undefined ? { index } : { index, line };
  const asset: AssetDefinition = { ref: name, source: source.source, position };
  if (asset.source.kind !== 'split') return { ok: true, asset, upstream: source.upstream };
  const made = splitAssets(asset as AssetDefinition & { source: SplitSource }, number, {
    seen: ctx.seen,
    namePattern: ASSET_NAME_PATTERN,
    details,
  });
  if (!made.ok) return made;
  return { ok: true, asset, upstream: source.upstream, made: made.assets };
}
