import type { Expr } from '@pipeline/definition';
import { bindExpression, type Column } from '../bind-expression';
import { columnNotFound } from '../../errors';
import { item, uniqueColumns, type Binder, type BoundItem } from './binder-kit';
import { bindGenerator, freshName, generatorEntry, type BoundGenerator } from './generator';
import { passThrough } from './projection';

export interface BoundSelect {
  readonly kind: 'select';
  readonly items: readonly BoundItem[];
  /** The columns read (a helper column of the statement must not take one of their names). */
  readonly input: readonly Column[];
  /**
   * The select's generator entry, if any (at most one, validation sees to it): each input row
   * becomes the rows it yields. Its columns are items reading helper columns named `helpers`
   * (one per generator column, none an input column's name), which the statement computes.
   */
  readonly generator?: BoundGenerator & { readonly helpers: readonly string[] };
}

export const bindSelect: Binder<'select', BoundSelect> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const scope = { asset: ref, from: source.from, columns, field: 'columns', context: 'row' } as const;
  let generator: BoundSelect['generator'];
  const items = source.columns.flatMap((e) => {
    if (e.kind === 'star') return starItems(ref, source.from, columns, e);
    if (generatorEntry(e) === undefined) return [item(e, bindExpression(e, scope))];
    const bound = bindGenerator(e, scope);
    const helpers: string[] = [];
    for (const c of bound.columns) helpers.push(freshName([...columns, ...helpers.map((h) => ({ name: h, type: c.type }))], `__gen_${helpers.length}`));
    generator = { ...bound, helpers };
    return bound.columns.map((c, i) => ({ name: c.name, type: c.type, expr: { kind: 'column', name: helpers[i] as string, type: c.type, span: bound.call.span } as const }));
  });
  const transform: BoundSelect = { kind: 'select', items, input: columns, ...(generator === undefined ? {} : { generator }) };
  return { transform, columns: uniqueColumns(ref, items) };
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
