import { resolveColumn, uniqueColumns, type Binder } from './binder-kit';
import { passThrough, type BoundProjection } from './projection';

export type BoundRenameColumns = BoundProjection<'rename_columns'>;

export const bindRenameColumns: Binder<'rename_columns', BoundRenameColumns> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const renames = new Map<string, string>();
  for (const [from, to] of Object.entries(source.mappings)) {
    renames.set(resolveColumn(ref, `mappings.${from}`, columns, from).name, to);
  }
  const items = columns.map((c) => passThrough(ref, source.from, columns, c, renames.get(c.name) ?? c.name));
  // A new name taken by a column that keeps its name (or given twice) is E_DUPLICATE_COLUMN.
  return { transform: { kind: 'rename_columns', items }, columns: uniqueColumns(ref, items, 'E-NAME-003') };
};
