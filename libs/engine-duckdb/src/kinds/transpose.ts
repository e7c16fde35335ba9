import { duckDbTypeName } from '../compile-expression';
import { quoteIdentifier as q, sqlInteger, sqlString, freshColumnName, numberedRows } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// One aggregate SELECT per non-index column, in column order: its cell in new column n is its value
// in input row n (the only row a CASE keeps), widened to the common type.
export const transposeSql: DuckDbKind<'transpose'> = {
  field: 'indexColumns',
  sql: (bound, [relation]) => {
    const { rows, valueType, width } = bound.transform;
    const taken = [...bound.columns, ...rows];
    const seq = freshColumnName(taken, '__seq');
    const pos = freshColumnName(taken, '__pos');
    const [first, ...cells] = bound.columns;
    const numbered = numberedRows(relation, seq);
    const branches = rows.map((c, k) => {
      const value = c.type === valueType ? q(c.name) : `CAST(${q(c.name)} AS ${duckDbTypeName(valueType)})`;
      const items = [`${k} AS ${q(pos)}`, `${sqlString(c.name)} AS ${q(first.name)}`];
      for (let r = 0; r < width; r++) items.push(`max(CASE WHEN ${q(seq)} = ${sqlInteger(r + 1)} THEN ${value} END) AS ${q(cells[r].name)}`);
      return `SELECT ${items.join(', ')} FROM ${numbered} GROUP BY ()`;
    });
    const out = bound.columns.map((c) => q(c.name)).join(', ');
    if (branches.length === 0) return `SELECT ${bound.columns.map((c) => `CAST(NULL AS ${c === first ? 'VARCHAR' : duckDbTypeName(valueType)}) AS ${q(c.name)}`).join(', ')} WHERE false`;
    return `SELECT ${out} FROM (${branches.join(' UNION ALL ')}) ORDER BY ${q(pos)}`;
  },
};
