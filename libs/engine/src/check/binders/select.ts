import type { Expr } from '@pipeline/definition';
import { bindExpression, type Column } from '../bind-expression';
import { columnNotFound } from '../../errors';
import { item, uniqueColumns, type Binder, type BoundItem } from './binder-kit';
import { passThrough } from './projection';

export interface BoundSelect {
  readonly kind: 'select';
  readonly items: readonly BoundItem[];
  /** The columns read (a helper column of the statement must not take one of their names). */
  readonly input: readonly Column[];
}

export const bindSelect: Binder<'select', BoundSelect> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const scope = { asset: ref, from: source.from, columns, field: 'columns', context: 'row' } as const;
  const items = source.columns.flatMap((e) =>
    e.kind === 'star' ? starItems(ref, source.from, columns, e) : [item(e, bindExpression(e, scope))],
  );
  return { transform: { kind: 'select', items, input: columns }, columns: uniqueColumns(ref, items) };
};

/**
 * `*` is every column as it is named; `a.*` is every column when `a` is the asset read, else the
 * columns a join took from input `a`, each named by its column part (as a qualified reference is).
 */
function starItems(ref: string, from: string, columns: readonly Column[], star: Extract<Expr, { kind: 'star' }>): BoundItem[] {
  const { qualifier } = star;
  if (qualifier === undefined || qualifier.toLowerCase() === from.toLowerCase()) {
    return columns.map((c) => passThrough(ref, from, columns, c));
  }
  const taken = columns.filter((c) => c.origin?.toLowerCase() === qualifier.toLowerCase());
  if (taken.length === 0) {
    throw columnNotFound(ref, `${qualifier}.*`, columns.map((c) => c.name), 'columns');
  }
  // A name both sides had is `<asset>.<column>` in the join's output: named by its column part here.
  const prefix = `${qualifier.toLowerCase()}.`;
  return taken.map((c) => passThrough(ref, from, columns, c, c.name.toLowerCase().startsWith(prefix) ? c.name.slice(prefix.length) : c.name));
}
