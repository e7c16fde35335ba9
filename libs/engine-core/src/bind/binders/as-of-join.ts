/**
 * Binds an as-of join (spec 8.39). Its conditions see both rows under `<asset>.<column>` names, as
 * a join's do; the direction, exactness and tolerance become one more condition over the two
 * as-of columns, so both backends test candidates with the same bound predicate. The as-of
 * columns must be numbers, dates or timestamps: the distance `nearest` ranks by is defined there.
 */
import { walkExpression, type Expr } from '@pipeline/definition';
import { typeError } from '../../errors';
import { isNumeric, isTemporal, type DataType } from '../../types/data-type';
import { bindExpression, type Column } from '../bind-expression';
import type { BoundExpr } from '../bound-expr';
import { supertype } from '../supertype';
import { resolveColumn, uniqueColumns, type Binder } from './binder-kit';
import { binary, chain, column, isNull } from './built-expr';
import { qualifiedName } from './join';

export interface BoundAsOfJoin {
  readonly kind: 'as_of_join';
  readonly leftAsset: string;
  readonly rightAsset: string;
  readonly leftColumns: readonly Column[];
  readonly rightColumns: readonly Column[];
  /** Whether a right row is a candidate for a left row: `on`, direction, exactness and tolerance, over qualified names. */
  readonly candidate: BoundExpr;
  /** The as-of columns, by qualified name, and their types. */
  readonly leftAsOf: { readonly name: string; readonly type: DataType };
  readonly rightAsOf: { readonly name: string; readonly type: DataType };
  readonly type: 'inner' | 'left';
  /** The output: each column's side, its name there and the name it gets. */
  readonly output: readonly { readonly side: 'left' | 'right'; readonly name: string; readonly as: string }[];
}

const orderable = (t: DataType): boolean => isNumeric(t) || isTemporal(t);

export const bindAsOfJoin: Binder<'as_of_join', BoundAsOfJoin> = (ref, source, upstream) => {
  const [left, right] = upstream;
  const scope = [
    ...left.columns.map((c) => ({ ...c, name: qualifiedName({ asset: left.asset, name: c.name }) })),
    ...right.columns.map((c) => ({ ...c, name: qualifiedName({ asset: right.asset, name: c.name }) })),
  ];
  const leftAsOf = resolveColumn(ref, 'leftAsOf', left.columns, source.leftAsOf);
  const rightAsOf = resolveColumn(ref, 'rightAsOf', right.columns, source.rightAsOf);
  for (const [field, c] of [['leftAsOf', leftAsOf], ['rightAsOf', rightAsOf]] as const) {
    if (!orderable(c.type)) throw typeError(ref, field, `column "${c.name}" is ${c.type}; an as-of column must be a number, a date or a timestamp`);
  }
  if (supertype(leftAsOf.type, rightAsOf.type) === undefined) {
    throw typeError(ref, 'rightAsOf', `cannot compare ${leftAsOf.type} column "${leftAsOf.name}" with ${rightAsOf.type} column "${rightAsOf.name}"`);
  }
  const l = column(qualifiedName({ asset: left.asset, name: leftAsOf.name }));
  const r = column(qualifiedName({ asset: right.asset, name: rightAsOf.name }));
  const exact = source.allowExactMatches;
  // A NULL as-of value has no place in time or order: it never matches (nearest has no comparison to say so).
  const conditions: Expr[] = [...source.on, isNull(l, true), isNull(r, true)];
  if (source.direction === 'backward') conditions.push(binary(exact ? '<=' : '<', r, l));
  if (source.direction === 'forward') conditions.push(binary(exact ? '>=' : '>', r, l));
  if (source.direction === 'nearest' && !exact) conditions.push(binary('!=', r, l));
  if (source.tolerance !== undefined) {
    walkExpression(source.tolerance, (node) => {
      if (node.kind === 'column') throw typeError(ref, 'tolerance', `the tolerance must be a constant, not a column ("${node.name}")`);
    });
    // `r >= l - tolerance` bounds a backward match, `r <= l + tolerance` a forward one; nearest takes both.
    if (source.direction !== 'forward') conditions.push(binary('>=', r, binary('-', l, source.tolerance)));
    if (source.direction !== 'backward') conditions.push(binary('<=', r, binary('+', l, source.tolerance)));
  }
  const candidate = bindExpression(chain('AND', conditions), { asset: ref, field: source.tolerance === undefined ? 'on' : 'tolerance', from: '', columns: scope, context: 'row' });
  if (candidate.type !== 'boolean') throw typeError(ref, 'on', `an as-of join condition must be true or false, got ${candidate.type}`);
  const counts = new Map<string, number>();
  for (const c of [...left.columns, ...right.columns]) counts.set(c.name.toLowerCase(), (counts.get(c.name.toLowerCase()) ?? 0) + 1);
  const named = (side: 'left' | 'right', asset: string) => (c: Column) => ({
    side,
    name: c.name,
    as: (counts.get(c.name.toLowerCase()) ?? 0) > 1 ? qualifiedName({ asset, name: c.name }) : c.name,
    type: c.type,
    origin: asset,
  });
  const output = [...left.columns.map(named('left', left.asset)), ...right.columns.map(named('right', right.asset))];
  const columns = uniqueColumns(ref, output.map((o) => ({ name: o.as, type: o.type }))).map((c, i) => ({ ...c, origin: output[i].origin }));
  return {
    transform: {
      kind: 'as_of_join',
      leftAsset: left.asset,
      rightAsset: right.asset,
      leftColumns: left.columns,
      rightColumns: right.columns,
      candidate,
      leftAsOf: { name: qualifiedName({ asset: left.asset, name: leftAsOf.name }), type: leftAsOf.type },
      rightAsOf: { name: qualifiedName({ asset: right.asset, name: rightAsOf.name }), type: rightAsOf.type },
      type: source.type,
      output: output.map(({ side, name, as }) => ({ side, name, as })),
    },
    columns,
  };
};
