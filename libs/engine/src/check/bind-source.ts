/**
 * Binds one transformation to its upstream assets' columns, before it runs: every expression is
 * checked and typed, output columns are named (alias, column name, else the canonical printed
 * expression such as `avg(salary)`) and must be unique. Both backends execute the bound form, so
 * they agree on names, types and errors. One binder per transformation kind, in one table.
 */
import {
  outputName,
  type Expr,
  type SourceOfKind,
  type TransformationKind,
  type TransformationSource,
} from '@pipeline/definition';
import { EngineError, assetPrefix, typeError } from '../errors';
import type { DataType } from '../types/data-type';
import { bindExpression, type Column, type TypeMap } from './bind-expression';

/** An output column of a transformation: its name, bound expression and type. */
export interface BoundItem {
  readonly name: string;
  readonly expr: Expr;
  readonly type: DataType;
}

/** A transformation ready to compile. */
export type BoundTransform =
  | { readonly kind: 'where'; readonly filter: Expr }
  | { readonly kind: 'select'; readonly items: readonly BoundItem[] }
  | { readonly kind: 'group_by'; readonly keys: readonly BoundItem[]; readonly aggs: readonly BoundItem[] };

/** The bound form of one kind. */
export type BoundTransformOf<K extends TransformationKind> = Extract<BoundTransform, { readonly kind: K }>;

/** The bound transformation, the type of every node, and the columns it produces. */
export interface BoundSource<K extends TransformationKind = TransformationKind> {
  readonly transform: BoundTransformOf<K>;
  readonly types: TypeMap;
  readonly columns: readonly Column[];
}

/** One upstream asset of a transformation and its columns, in the order the kind names them. */
export interface UpstreamColumns {
  readonly asset: string;
  readonly columns: readonly Column[];
}

type Binder<K extends TransformationKind> = (
  ref: string,
  source: SourceOfKind<K>,
  upstream: readonly UpstreamColumns[],
  types: TypeMap,
) => { readonly transform: BoundTransformOf<K>; readonly columns: readonly Column[] };

/** Binds `source` (of asset `ref`) to the columns of its upstream assets. */
export function bindSource(ref: string, source: TransformationSource, upstream: readonly UpstreamColumns[]): BoundSource {
  const types: TypeMap = new Map();
  const bind = BINDERS[source.kind] as Binder<TransformationKind>;
  const { transform, columns } = bind(ref, source, upstream, types);
  return { transform, types, columns };
}

const bindWhere: Binder<'where'> = (ref, source, upstream, types) => {
  const columns = upstream[0].columns;
  const bound = bindExpression(source.filter, { asset: ref, from: source.from, columns, field: 'filter', context: 'row' }, types);
  if (bound.type !== 'boolean' && bound.type !== 'null') {
    throw typeError(ref, 'filter', `a filter must be a true/false condition, got ${bound.type}`);
  }
  return { transform: { kind: 'where', filter: bound.expr }, columns };
};

const bindSelect: Binder<'select'> = (ref, source, upstream, types) => {
  const scope = { asset: ref, from: source.from, columns: upstream[0].columns, field: 'columns', context: 'row' } as const;
  const items = source.columns.map((e) => item(e, bindExpression(e, scope, types)));
  return { transform: { kind: 'select', items }, columns: uniqueColumns(ref, items) };
};

const bindGroupBy: Binder<'group_by'> = (ref, source, upstream, types) => {
  const scope = { asset: ref, from: source.from, columns: upstream[0].columns };
  const keys = source.by.map((e) => item(e, bindExpression(e, { ...scope, field: 'by', context: 'row' }, types)));
  const groupKeys = keys.flatMap((k) => {
    const inner = k.expr.kind === 'alias' ? k.expr.expr : k.expr;
    return inner.kind === 'column' ? [inner.name] : [];
  });
  const aggs = source.agg.map((e) => item(e, bindExpression(e, { ...scope, field: 'agg', context: 'aggregate', groupKeys }, types)));
  return { transform: { kind: 'group_by', keys, aggs }, columns: uniqueColumns(ref, [...keys, ...aggs]) };
};

/** Every transformation kind's binder: a kind of the definition catalogue without one does not compile. */
const BINDERS: { readonly [K in TransformationKind]: Binder<K> } = {
  where: bindWhere,
  select: bindSelect,
  group_by: bindGroupBy,
};

function item(original: Expr, bound: { expr: Expr; type: DataType }): BoundItem {
  // A bare column keeps its real spelling (resolved case-insensitively); anything else is named
  // from the text as written.
  const name = bound.expr.kind === 'column' ? bound.expr.name : outputName(original);
  return { name, expr: bound.expr, type: bound.type === 'null' ? 'integer' : bound.type };
}

function uniqueColumns(ref: string, items: readonly BoundItem[]): Column[] {
  const seen = new Set<string>();
  for (const i of items) {
    // DuckDB column names are case-insensitive, so `a` and `A` would collide there.
    const key = i.name.toLowerCase();
    if (seen.has(key)) {
      throw new EngineError('E_DUPLICATE_COLUMN', `${assetPrefix(ref)}duplicate output column "${i.name}"`, {
        asset: ref,
        column: i.name,
      });
    }
    seen.add(key);
  }
  return items.map((i) => ({ name: i.name, type: i.type }));
}
