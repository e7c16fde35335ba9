/**
 * Binds one transformation to its upstream assets' columns, before it runs: every expression is
 * checked and typed, output columns are named (alias, column name, else the canonical printed
 * expression such as `avg(salary)`) and must be unique. Both backends execute the bound form, so
 * they agree on names, types and errors. One binder per transformation kind (`binders/<kind>.ts`),
 * in one table typed over every kind.
 */
import type { TransformationKind, TransformationSource } from '@pipeline/definition';
import type { Column } from './bind-expression';
import { bindAddColumns, type BoundAddColumns } from './binders/add-columns';
import { bindWindowStep, type BoundWindowStep } from './binders/window';
import type { Binder, Prober, UpstreamColumns } from './binders/binder-kit';
import type { ProbeAnswer, ProbeRequest } from './probe';
import { bindAsOfJoin, type BoundAsOfJoin } from './binders/as-of-join';
import { bindCastColumns, type BoundCastColumns } from './binders/cast-columns';
import { bindConditional, type BoundConditional } from './binders/conditional';
import { bindDescribe, type BoundDescribe } from './binders/describe';
import { bindCrosstab, probeCrosstab, type BoundCrosstab } from './binders/crosstab';
import { bindDistinct, type BoundDistinct } from './binders/distinct';
import { bindDropColumns, type BoundDropColumns } from './binders/drop-columns';
import { bindDropNa, type BoundDropNa } from './binders/drop-na';
import { bindExcept, type BoundExcept } from './binders/except';
import { bindFillNa, type BoundFillNa } from './binders/fill-na';
import { bindGroupBy, type BoundGroupBy } from './binders/group-by';
import { bindCube, bindGroupingSets, bindRollup, type BoundGroupingSets } from './binders/grouping-sets';
import { bindIntersect, type BoundIntersect } from './binders/intersect';
import { bindJoin, type BoundJoin } from './binders/join';
import { bindLateralJoin, type BoundLateralJoin } from './binders/lateral-join';
import { bindLimit, type BoundLimit } from './binders/limit';
import { bindMerge, type BoundMerge } from './binders/merge';
import { bindOffset, type BoundOffset } from './binders/offset';
import { bindOrderBy, type BoundOrderBy } from './binders/order-by';
import { bindPivot, probePivot, type BoundPivot } from './binders/pivot';
import { bindCoalesce, bindHint, bindRepartition, bindSplit, type BoundPassThrough } from './binders/pass-through';
import { bindRenameColumns, type BoundRenameColumns } from './binders/rename-columns';
import { bindReplace, type BoundReplace } from './binders/replace';
import { bindSample, type BoundSample } from './binders/sample';
import { bindScd2, type BoundScd2 } from './binders/scd2';
import { bindSelect, type BoundSelect } from './binders/select';
import { bindTail, type BoundTail } from './binders/tail';
import { bindTranspose, probeTranspose, type BoundTranspose } from './binders/transpose';
import { bindFlatten, type BoundFlatten } from './binders/flatten';
import { bindParse, probeParse, type BoundParse } from './binders/parse';
import { bindUnion, type BoundUnion } from './binders/union';
import { bindUnpivot, type BoundUnpivot } from './binders/unpivot';
import { bindWhere, type BoundWhere } from './binders/where';
import { bindAssertion, type BoundAssertion } from './binders/assertion';
import { bindSchemaEnforce, type BoundSchemaEnforce } from './binders/schema-enforce';

export type { BoundItem, UpstreamColumns } from './binders/binder-kit';
export type { ProbeAnswer, ProbeRequest } from './probe';

/** A transformation ready to compile: one bound form per kind. */
export type BoundTransform =
  | BoundWhere
  | BoundSelect
  | BoundGroupBy
  | BoundOrderBy
  | BoundJoin
  | BoundUnion
  | BoundIntersect
  | BoundExcept
  | BoundDistinct
  | BoundLimit
  | BoundAddColumns
  | BoundWindowStep
  | BoundDropColumns
  | BoundRenameColumns
  | BoundCastColumns
  | BoundConditional
  | BoundFillNa
  | BoundDropNa
  | BoundReplace
  | BoundSample
  | BoundPassThrough<'repartition'>
  | BoundPassThrough<'coalesce'>
  | BoundPassThrough<'hint'>
  | BoundPassThrough<'split'>
  | BoundOffset
  | BoundTail
  | BoundGroupingSets<'rollup'>
  | BoundGroupingSets<'cube'>
  | BoundGroupingSets<'grouping_sets'>
  | BoundUnpivot
  | BoundPivot
  | BoundCrosstab
  | BoundDescribe
  | BoundSchemaEnforce
  | BoundAssertion
  | BoundTranspose
  | BoundFlatten
  | BoundParse
  | BoundScd2
  | BoundMerge
  | BoundAsOfJoin
  | BoundLateralJoin;

/** The bound form of one kind. */
export type BoundTransformOf<K extends TransformationKind> = Extract<BoundTransform, { readonly kind: K }>;

/** The bound transformation (its expressions typed node by node) and the columns it produces. */
export interface BoundSource<K extends TransformationKind = TransformationKind> {
  readonly transform: BoundTransformOf<K>;
  readonly columns: readonly Column[];
}

/** Every transformation kind's binder: a kind of the definition catalogue without one does not compile. */
const BINDERS: { readonly [K in TransformationKind]: Binder<K, BoundTransformOf<K>> } = {
  where: bindWhere,
  select: bindSelect,
  group_by: bindGroupBy,
  order_by: bindOrderBy,
  join: bindJoin,
  union: bindUnion,
  intersect: bindIntersect,
  except: bindExcept,
  distinct: bindDistinct,
  limit: bindLimit,
  add_columns: bindAddColumns,
  window: bindWindowStep,
  drop_columns: bindDropColumns,
  rename_columns: bindRenameColumns,
  cast_columns: bindCastColumns,
  conditional: bindConditional,
  fill_na: bindFillNa,
  drop_na: bindDropNa,
  replace: bindReplace,
  sample: bindSample,
  repartition: bindRepartition,
  coalesce: bindCoalesce,
  hint: bindHint,
  split: bindSplit,
  offset: bindOffset,
  tail: bindTail,
  rollup: bindRollup,
  cube: bindCube,
  grouping_sets: bindGroupingSets,
  unpivot: bindUnpivot,
  pivot: bindPivot,
  crosstab: bindCrosstab,
  describe: bindDescribe,
  schema_enforce: bindSchemaEnforce,
  assertion: bindAssertion,
  transpose: bindTranspose,
  flatten: bindFlatten,
  parse: bindParse,
  scd2: bindScd2,
  merge: bindMerge,
  as_of_join: bindAsOfJoin,
  lateral_join: bindLateralJoin,
};

/** The kinds whose output columns depend on their upstream's data: what they read first. */
const PROBERS: { readonly [K in TransformationKind]?: Prober<K> } = {
  pivot: probePivot,
  crosstab: probeCrosstab,
  transpose: probeTranspose,
  parse: probeParse,
};

/** What `source` must read from its upstream before it is bound (check/probe.ts), if anything. */
export function probeOf(ref: string, source: TransformationSource, upstream: readonly UpstreamColumns[]): ProbeRequest | undefined {
  const probe = PROBERS[source.kind] as Prober<TransformationKind> | undefined;
  return probe?.(ref, source, upstream);
}

/** Binds `source` (of asset `ref`) to the columns of its upstream assets, with the answer to its probe if it has one. */
export function bindSource(ref: string, source: TransformationSource, upstream: readonly UpstreamColumns[], probed?: ProbeAnswer): BoundSource {
  const bind = BINDERS[source.kind] as Binder<TransformationKind, BoundTransform>;
  const { transform, columns } = bind(ref, source, upstream, probed);
  return { transform, columns } as BoundSource;
}
