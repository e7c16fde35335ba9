/** Checks shared by both backends before a transformation is applied to handles. */
import type { GroupBySource, SelectSource, Source, WhereSource } from '@pipeline/definition';
import { EngineError, assetPrefix } from './errors';

/** The transformation kinds a backend applies. */
export type TransformSource = WhereSource | SelectSource | GroupBySource;

/** Narrows `source` to a transformation, or fails with E_BAD_SOURCE naming the asset. */
export function requireTransform(ref: string, source: Source): TransformSource {
  if (source !== null && typeof source === 'object') {
    if (source.kind === 'where' || source.kind === 'select' || source.kind === 'group_by') return source;
  }
  const kind = source !== null && typeof source === 'object' ? String((source as { kind?: unknown }).kind) : typeof source;
  throw new EngineError(
    'E_BAD_SOURCE',
    `${assetPrefix(ref)}cannot apply a source of kind "${kind}" (expected where, select or group_by)`,
    { asset: ref, kind },
  );
}

/** The handle id given for the transformation's upstream, or E_BAD_SOURCE when it is missing. */
export function upstreamHandleId(ref: string, source: TransformSource, inputs: Readonly<Record<string, string>>): string {
  const id = Object.prototype.hasOwnProperty.call(inputs, source.from) ? inputs[source.from] : undefined;
  if (typeof id !== 'string' || id === '') {
    throw new EngineError('E_BAD_SOURCE', `${assetPrefix(ref)}no input handle for "${source.from}"`, {
      asset: ref,
      from: source.from,
    });
  }
  return id;
}
