import { quoteIdentifier, columnList, freshColumnName, numberedRows } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// DuckDB's sort is not stable: the input position breaks ties, as JavaScript's stable sort does.
export const orderBySql: DuckDbKind<'order_by'> = {
  field: 'columns',
  keepsColumnTypes: () => true,
  sql: (bound, [relation]) => {
    const seq = freshColumnName(bound.columns, '__seq');
    const keys = bound.transform.keys.map(
      (k) => `${quoteIdentifier(k.column)} ${k.direction === 'desc' ? 'DESC' : 'ASC'} NULLS ${k.nulls === 'first' ? 'FIRST' : 'LAST'}`,
    );
    return `SELECT ${columnList(bound.columns)} FROM ${numberedRows(relation, seq)} ORDER BY ${[...keys, quoteIdentifier(seq)].join(', ')}`;
  },
};
