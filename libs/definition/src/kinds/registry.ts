/**
 * The registry of source kinds. A new kind is one entry file plus one line here; its order here is
 * the order kinds are listed in messages.
 */
import type { Source, SourceKind, TransformationKind, TransformationSource } from '../definition';
import { GROUP_BY_KIND } from './group-by';
import { INPUT_KIND } from './input';
import type { AnyKindDefinition, KindDefinition } from './kind-definition';
import { OUTPUT_KIND } from './output';
import { SELECT_KIND } from './select';
import { WHERE_KIND } from './where';

/** Every kind, keyed by its YAML name. */
export const KINDS = {
  input: INPUT_KIND,
  where: WHERE_KIND,
  select: SELECT_KIND,
  group_by: GROUP_BY_KIND,
  output: OUTPUT_KIND,
} as const satisfies { readonly [K in SourceKind]: KindDefinition<K, never> };

/** The YAML names of every kind, in registry order. */
export const KIND_NAMES: readonly SourceKind[] = Object.keys(KINDS) as SourceKind[];

/** True when `name` names a kind of the registry. */
export function isSourceKind(name: string): name is SourceKind {
  return Object.hasOwn(KINDS, name);
}

/** The catalogue entry of a kind name, or undefined when there is no such kind. */
export function findKind(name: string): AnyKindDefinition | undefined {
  return isSourceKind(name) ? (KINDS[name] as AnyKindDefinition) : undefined;
}

/** The catalogue entry of a kind known to exist. */
export function kindOf(kind: SourceKind): AnyKindDefinition {
  return KINDS[kind] as AnyKindDefinition;
}

/** The assets a typed source reads, in the order it names them. */
export function sourceUpstream(source: Source): readonly string[] {
  return (KINDS[source.kind] as KindDefinition<SourceKind, unknown>).upstream(source as never);
}

/** The kinds of the `transformation` role, in registry order. */
export const TRANSFORMATION_KINDS: readonly TransformationKind[] = KIND_NAMES.filter(
  (k): k is TransformationKind => KINDS[k].role === 'transformation',
);

/** True when `source` is a transformation (not an input or an output). */
export function isTransformation(source: Source): source is TransformationSource {
  return kindOf(source.kind).role === 'transformation';
}
