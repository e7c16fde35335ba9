import { duckDbTypeName } from '../compile-expression';
import { quoteIdentifier as q, sqlString, freshColumnName, numberedRows } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// One SELECT per value column, each row tagged with its input position and the column's place in
// `values`, so that the rows come as the JavaScript backend writes them. NULL values are kept
// (DuckDB's UNPIVOT would drop them).
export const unpivotSql: DuckDbKind<'unpivot'> = {
  field: 'values',
  sql: (bound, [relation]) => {
    const { ids, values, valueType } = bound.transform;
    const taken = [...bound.columns, ...ids, ...values];
    const seq = freshColumnName(taken, '__seq');
    const pos = freshColumnName(taken, '__pos');
    const [variable, value] = bound.columns.slice(ids.length);
    const numbered = numberedRows(relation, seq);
    const branches = values.map((v, i) => {
      const cell = v.type === valueType ? q(v.name) : `CAST(${q(v.name)} AS ${duckDbTypeName(valueType)})`;
      const items = [...ids.map((c) => q(c.name)), `${sqlString(v.name)} AS ${q(variable.name)}`, `${cell} AS ${q(value.name)}`, q(seq), `${i} AS ${q(pos)}`];
      return `SELECT ${items.join(', ')} FROM ${numbered}`;
    });
    const out = bound.columns.map((c) => q(c.name)).join(', ');
    return `SELECT ${out} FROM (${branches.join(' UNION ALL ')}) ORDER BY ${q(seq)}, ${q(pos)}`;
  },
};
