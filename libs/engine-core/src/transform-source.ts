/** Checks shared by both backends before a transformation is applied to handles. */
import { TRANSFORMATION_KINDS, isTransformation, sourceUpstream, type Source, type TransformationSource } from '@pipeline/definition';
import { engineError } from './errors';

/** Narrows `source` to a transformation, or fails with E_BAD_SOURCE naming the asset. */
export function requireTransform(ref: string, source: Source): TransformationSource {
  if (source !== null && typeof source === 'object' && typeof source.kind === 'string' && isKnownTransformation(source)) {
    return source;
  }
  const kind = source !== null && typeof source === 'object' ? String((source as { kind?: unknown }).kind) : typeof source;
  throw engineError('E_BAD_SOURCE', {
    asset: ref,
    kind,
    problem: `cannot apply a source of kind "${kind}" (expected ${TRANSFORMATION_KINDS.join(', ')})`,
  });
}

function isKnownTransformation(source: Source): source is TransformationSource {
  return (TRANSFORMATION_KINDS as readonly string[]).includes(source.kind) && isTransformation(source);
}

/**
 * The handle id given for each upstream asset of the transformation, in the order the kind names
 * them, or E_BAD_SOURCE naming the first one missing.
 */
export function upstreamHandleIds(
  ref: string,
  source: TransformationSource,
  inputs: Readonly<Record<string, string>>,
): { readonly asset: string; readonly id: string }[] {
  return sourceUpstream(source).map((asset) => {
    const id = Object.prototype.hasOwnProperty.call(inputs, asset) ? inputs[asset] : undefined;
    if (typeof id !== 'string' || id === '') {
      throw engineError('E_BAD_SOURCE', { asset: ref, from: asset, problem: `no input handle for "${asset}"` });
    }
    return { asset, id };
  });
}
