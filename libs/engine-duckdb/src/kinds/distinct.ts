import { quoteIdentifier, columnList, freshColumnName, numberedRows } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// The first row of each group in input order is kept, and the groups stay in the order of their
// first rows, as on the JavaScript backend (PARTITION BY compares NULLs as equal, as DISTINCT does).
export const distinctSql: DuckDbKind<'distinct'> = {
  field: 'columns',
  keepsColumnTypes: () => true,
  sql: (bound, [relation]) => {
    const seq = freshColumnName(bound.columns, '__seq');
    const keys = bound.transform.keys.map(quoteIdentifier).join(', ');
    const first = `row_number() OVER (PARTITION BY ${keys} ORDER BY ${quoteIdentifier(seq)}) = 1`;
    return `SELECT ${columnList(bound.columns)} FROM ${numberedRows(relation, seq)} QUALIFY ${first} ORDER BY ${quoteIdentifier(seq)}`;
  },
};
