import { compileDuckDbExpression as sql } from '../compile-expression';
import { quoteIdentifier as q, sqlString, freshColumnName } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// One aggregate SELECT per statistic, in the order listed; `GROUP BY ()` makes it one row even
// when no column is described.
export const describeSql: DuckDbKind<'describe'> = {
  field: 'statistics',
  sql: (bound, [relation]) => {
    const pos = freshColumnName(bound.columns, '__pos');
    const [summary, ...described] = bound.columns;
    const branches = bound.transform.rows.map((row, i) => {
      const items = [`${i} AS ${q(pos)}`, `${sqlString(row.statistic)} AS ${q(summary.name)}`, ...row.cells.map((cell, k) => `${sql(cell)} AS ${q(described[k].name)}`)];
      return `SELECT ${items.join(', ')} FROM ${relation} GROUP BY ()`;
    });
    return `SELECT ${bound.columns.map((c) => q(c.name)).join(', ')} FROM (${branches.join(' UNION ALL ')}) ORDER BY ${q(pos)}`;
  },
};
