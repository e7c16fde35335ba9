import { compileDuckDbExpression as sql } from '../compile-expression';
import { quoteIdentifier as q, columnList, freshColumnName, numberedRows } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// The rows pass through unless onFailure is drop. Dropping by a unique rule counts each value over
// the whole input, numbering rows first so that the rows kept stay in input order.
export const assertionSql: DuckDbKind<'assertion'> = {
  field: 'checks',
  sql: (bound, [relation]) => {
    const { keep, unique } = bound.transform;
    if (keep === undefined && unique.length === 0) return `SELECT * FROM ${relation}`;
    if (unique.length === 0) return `SELECT * FROM ${relation} WHERE ${sql(keep as NonNullable<typeof keep>)}`;
    const seq = freshColumnName(bound.columns, '__seq');
    const single = unique.map((c) => `(${q(c)} IS NULL OR count(*) OVER (PARTITION BY ${q(c)}) = 1)`);
    const filters = [...(keep === undefined ? [] : [`(${sql(keep)})`]), ...single];
    return `SELECT ${columnList(bound.columns)} FROM ${numberedRows(relation, seq)} QUALIFY ${filters.join(' AND ')} ORDER BY ${q(seq)}`;
  },
};
