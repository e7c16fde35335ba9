import { quoteIdentifier } from '@pipeline/engine-core';
import { compileDuckDbExpression as sql } from '../compile-expression';
import type { DuckDbKind } from './duckdb-kind';

export const groupBySql: DuckDbKind<'group_by'> = {
  field: 'by/agg',
  sql: (bound, [relation]) => {
    const { keys, aggs } = bound.transform;
    const items = [...keys, ...aggs].map((i) => `${sql(i.expr)} AS ${quoteIdentifier(i.name)}`);
    const groupBy = keys.length === 0 ? '' : ` GROUP BY ${keys.map((k) => sql(k.expr)).join(', ')}`;
    return `SELECT ${items.join(', ')} FROM ${relation}${groupBy}`;
  },
};
