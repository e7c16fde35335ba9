import { compileDuckDbExpression as sql } from '../compile-expression';
import { quoteIdentifier as q } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// A pivot of count(*) over col2's values, grouped by col1 and ordered by it, NULLs last.
export const crosstabSql: DuckDbKind<'crosstab'> = {
  field: 'col2',
  sql: (bound, [relation]) => {
    const { key, cells } = bound.transform;
    const items = [`${q(key.name)} AS ${q(bound.columns[0].name)}`, ...cells.map((c) => `${sql(c.expr)} AS ${q(c.name)}`)];
    return `SELECT ${items.join(', ')} FROM ${relation} GROUP BY ${q(key.name)} ORDER BY ${q(key.name)} ASC NULLS LAST`;
  },
};
