import { compileDuckDbExpression as sql } from '../compile-expression';
import { quoteIdentifier as q } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// Each cell is an ordinary aggregate over the group (the binder made it read only its pivot
// value's rows); the groups are ordered by their keys, NULLs last, as the JavaScript backend sorts.
export const pivotSql: DuckDbKind<'pivot'> = {
  field: 'agg',
  sql: (bound, [relation]) => {
    const { keys, cells } = bound.transform;
    const names = keys.map((k) => q(k.name));
    const items = [...names, ...cells.map((c) => `${sql(c.expr)} AS ${q(c.name)}`)];
    return `SELECT ${items.join(', ')} FROM ${relation} GROUP BY ${names.join(', ')} ORDER BY ${names.map((n) => `${n} ASC NULLS LAST`).join(', ')}`;
  },
};
