import { engineError } from '../../errors';
import { resolveColumn, type Binder } from './binder-kit';
import { passThrough, type BoundProjection } from './projection';

export type BoundDropColumns = BoundProjection<'drop_columns'>;

export const bindDropColumns: Binder<'drop_columns', BoundDropColumns> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const dropped = new Set(source.columns.map((c, i) => resolveColumn(ref, `columns[${i}]`, columns, c).name));
  const kept = columns.filter((c) => !dropped.has(c.name));
  if (kept.length === 0) {
    throw engineError('E_BAD_SOURCE', { asset: ref, field: 'columns', specCode: 'E-SCHEMA-002', problem: 'dropping every column would leave no column' });
  }
  return { transform: { kind: 'drop_columns', items: kept.map((c) => passThrough(ref, source.from, columns, c)) }, columns: kept };
};
