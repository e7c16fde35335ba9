/**
 * Binds one transformation to its upstream's columns, before it runs: every expression of a
 * `where`, `select` or `group_by` is checked and typed, output columns are named (alias, column
 * name, else the canonical printed expression such as `avg(salary)`) and must be unique. Both
 * backends execute the bound form, so they agree on names, types and errors.
 */
import { outputName, type Expr, type GroupBySource, type SelectSource, type WhereSource } from '@pipeline/definition';
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

/** The bound transformation, the type of every node, and the columns it produces. */
export interface BoundSource {
  readonly transform: BoundTransform;
  readonly types: TypeMap;
  readonly columns: readonly Column[];
}

/** Binds `source` (of asset `ref`) to the columns of its upstream. */
export function bindSource(ref: string, source: WhereSource | SelectSource | GroupBySource, upstream: readonly Column[]): BoundSource {
  const types: TypeMap = new Map();
  const scope = { asset: ref, from: source.from, columns: upstream };
  switch (source.kind) {
    case 'where': {
      const bound = bindExpression(source.filter, { ...scope, field: 'filter', context: 'row' }, types);
      if (bound.type !== 'boolean' && bound.type !== 'null') {
        throw typeError(ref, 'filter', `a filter must be a true/false condition, got ${bound.type}`);
      }
      return { transform: { kind: 'where', filter: bound.expr }, types, columns: upstream };
    }
    case 'select': {
      const items = source.columns.map((e) => item(e, bindExpression(e, { ...scope, field: 'columns', context: 'row' }, types)));
      return { transform: { kind: 'select', items }, types, columns: uniqueColumns(ref, items) };
    }
    case 'group_by': {
      const keys = source.by.map((e) => item(e, bindExpression(e, { ...scope, field: 'by', context: 'row' }, types)));
      const groupKeys = keys.flatMap((k) => {
        const inner = k.expr.kind === 'alias' ? k.expr.expr : k.expr;
        return inner.kind === 'column' ? [inner.name] : [];
      });
      const aggs = source.agg.map((e) =>
        item(e, bindExpression(e, { ...scope, field: 'agg', context: 'aggregate', groupKeys }, types)),
      );
      return { transform: { kind: 'group_by', keys, aggs }, types, columns: uniqueColumns(ref, [...keys, ...aggs]) };
    }
  }
}

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
