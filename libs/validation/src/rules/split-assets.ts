/**
 * A `split` (spec 8.21) makes two assets under the names its `pass` and `fail` fields give; its
 * own name is not referenceable. The typed definition keeps the split as an asset holding every
 * row of `from` and adds `pass` and `fail` as filters over it, so planning, explain and both
 * backends need nothing split-specific: the two names appear in the waves after the split.
 */
import {
  type AssetDefinition,
  type Expr,
  findKind,
  isRawMap,
  type RawNode,
  type SplitSource,
  substituteText,
  type Variables,
} from '@pipeline/definition';
import { type ValidationError, type ValidationErrorDetails, validationErrors } from '../errors';

/** The names a split's `pass` and `fail` give, as read before validation (for forward references). */
export interface SplitNames {
  readonly pass: string;
  readonly fail: string;
}

/** The `pass` and `fail` names of a raw `source` that is a split, when both can be read; else undefined. */
export function splitNamesOf(source: RawNode | undefined, variables: Variables): SplitNames | undefined {
  if (!isRawMap(source) || source.size !== 1) return undefined;
  const [key, fields] = [...source.entries()][0] as [string, RawNode];
  if (findKind(key)?.kind !== 'split' || !isRawMap(fields)) return undefined;
  const read = (field: string): string | undefined => {
    const text = fields.get(field);
    if (typeof text !== 'string') return undefined;
    // Names only: a small private budget, as for asset names (the real pass charges the shared one).
    const value = substituteText(text, variables, { remaining: text.length + 1024 });
    return value.ok ? value.value : undefined;
  };
  const pass = read('pass');
  const fail = read('fail');
  return pass === undefined || fail === undefined ? undefined : { pass, fail };
}

/** What naming the two assets needs from the asset pass. */
export interface SplitNaming {
  /** Names already taken, with the 1-based number of the asset that took them (for V-002). */
  readonly seen: Map<string, number>;
  readonly namePattern: RegExp;
  readonly details: ValidationErrorDetails;
}

/** The split's `pass` and `fail` assets (in that order), or the first naming rule they break. */
export function splitAssets(
  split: AssetDefinition & { readonly source: SplitSource },
  number: number,
  naming: SplitNaming,
): { readonly ok: true; readonly assets: readonly AssetDefinition[] } | { readonly ok: false; readonly error: ValidationError } {
  const { pass, fail, condition } = split.source;
  for (const name of [pass, fail]) {
    if (!naming.namePattern.test(name)) return { ok: false, error: validationErrors.invalidAssetName(name, number, naming.details) };
    const first = naming.seen.get(name);
    if (first !== undefined) return { ok: false, error: validationErrors.duplicateAsset(name, first, number, naming.details) };
    naming.seen.set(name, number);
  }
  const at = condition.span;
  // NULL goes to `fail`: the complement of "condition is true" is "condition is not true".
  const notTrue: Expr = {
    kind: 'unary',
    op: 'NOT',
    operand: {
      kind: 'call',
      name: 'coalesce',
      args: [condition, { kind: 'boolean', value: false, span: at }],
      distinct: false,
      span: at,
    },
    span: at,
  };
  return {
    ok: true,
    assets: [
      { ref: pass, source: { kind: 'where', from: split.ref, filter: condition }, position: split.position, madeBy: split.ref },
      { ref: fail, source: { kind: 'where', from: split.ref, filter: notTrue }, position: split.position, madeBy: split.ref },
    ],
  };
}
