import type { Expr } from '@pipeline/definition';
import { resolveColumn, type Binder } from './binder-kit';
import { boundItem, columnRef, passThrough, type BoundProjection } from './projection';

export type BoundCastColumns = BoundProjection<'cast_columns'>;

// castColumns never fails the pipeline on a value: a value that does not convert is NULL (TRY_CAST).
export const bindCastColumns: Binder<'cast_columns', BoundCastColumns> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const casts = new Map(source.columns.map((c, i) => [resolveColumn(ref, `columns[${i}]`, columns, c.name).name, { type: c.type, i }]));
  const items = columns.map((c) => {
    const cast = casts.get(c.name);
    if (cast === undefined) return passThrough(ref, source.from, columns, c);
    const expr: Expr = { kind: 'cast', operand: columnRef(c), type: cast.type, safe: true, span: { start: 0, end: 0 } };
    return boundItem(ref, source.from, `columns[${cast.i}]`, columns, expr, c.name);
  });
  return { transform: { kind: 'cast_columns', items }, columns: items.map((i) => ({ name: i.name, type: i.type })) };
};
