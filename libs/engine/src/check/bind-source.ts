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
import type { Binder, UpstreamColumns } from './binders/binder-kit';
import { bindAsOfJoin, type BoundAsOfJoin } from './binders/as-of-join';
import { bindCastColumns, type BoundCastColumns } from './binders/cast-columns';
import { bindConditional, type BoundConditional } from './binders/conditional';
import { bindDistinct, type BoundDistinct } from './binders/distinct';
import { bindDropColumns, type BoundDropColumns } from './binders/drop-columns';
import { bindDropNa, type BoundDropNa } from './binders/drop-na';
import { bindExcept, type BoundExcept } from './binders/except';
import { bindFillNa, type BoundFillNa } from './binders/fill-na';
import { bindGroupBy, type BoundGroupBy } from './binders/group-by';
import { bindIntersect, type BoundIntersect } from './binders/intersect';
import { bindJoin, type BoundJoin } from './binders/join';
import { bindLateralJoin, type BoundLateralJoin } from './binders/lateral-join';
import { bindLimit, type BoundLimit } from './binders/limit';
import { bindMerge, type BoundMerge } from './binders/merge';
import { bindOffset, type BoundOffset } from './binders/offset';
import { bindOrderBy, type BoundOrderBy } from './binders/order-by';
import { bindCoalesce, bindHint, bindRepartition, bindSplit, type BoundPassThrough } from './binders/pass-through';
import { bindRenameColumns, type BoundRenameColumns } from './binders/rename-columns';
import { bindReplace, type BoundReplace } from './binders/replace';
import { bindSample, type BoundSample } from './binders/sample';
import { bindScd2, type BoundScd2 } from './binders/scd2';
import { bindSelect, type BoundSelect } from './binders/select';
import { bindTail, type BoundTail } from './binders/tail';
import { bindUnion, type BoundUnion } from './binders/union';
import { bindWhere, type BoundWhere } from './binders/where';

export type { BoundItem, UpstreamColumns } from './binders/binder-kit';

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
  scd2: bindScd2,
  merge: bindMerge,
  as_of_join: bindAsOfJoin,
  lateral_join: bindLateralJoin,
};

/** Binds `source` (of asset `ref`) to the columns of its upstream assets. */
export function bindSource(ref: string, source: TransformationSource, upstream: readonly UpstreamColumns[]): BoundSource {
  const bind = BINDERS[source.kind] as Binder<TransformationKind, BoundTransform>;
  const { transform, columns } = bind(ref, source, upstream);
  return { transform, columns } as BoundSource;
}
