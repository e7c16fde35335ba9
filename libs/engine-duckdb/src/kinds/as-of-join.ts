import { isNumeric, quoteIdentifier as q } from '@pipeline/engine-core';
import { compileDuckDbExpression as sql } from '../compile-expression';
import type { DuckDbKind } from './duckdb-kind';

// Both inputs are numbered and renamed `<asset>.<column>` (the names the candidate condition
// uses); of each left row's candidates the closest is kept (distance as a double for numbers, in
// microseconds for dates and timestamps), then the smaller as-of value, then the earlier right
// row, as the JavaScript backend ranks them. Left rows keep their order.
export const asOfJoinSql: DuckDbKind<'as_of_join'> = {
  field: 'on',
  sql: (bound, [left, right]) => {
    const t = bound.transform;
    const [ls, rs] = [q('__l'), q('__r')];
    const side = (asset: string, columns: readonly { name: string }[], seq: string, relation: string): string =>
      `SELECT ${[...columns.map((c) => `${q(c.name)} AS ${q(`${asset}.${c.name}`)}`), `row_number() OVER () AS ${seq}`].join(', ')} FROM ${relation}`;
    const [l, r] = [q(t.leftAsOf.name), q(t.rightAsOf.name)];
    const numeric = isNumeric(t.leftAsOf.type) && isNumeric(t.rightAsOf.type);
    const distance = numeric
      ? `abs(CAST(r.${r} AS DOUBLE) - CAST(l.${l} AS DOUBLE))`
      : `abs(epoch_us(CAST(r.${r} AS TIMESTAMP)) - epoch_us(CAST(l.${l} AS TIMESTAMP)))`;
    const ctes = [
      `l AS (${side(t.leftAsset, t.leftColumns, ls, left)})`,
      `r AS (${side(t.rightAsset, t.rightColumns, rs, right)})`,
      `best AS (SELECT l.${ls}, r.${rs} FROM l JOIN r ON ${sql(t.candidate)} QUALIFY row_number() OVER (PARTITION BY l.${ls} ORDER BY ${distance}, r.${r}, r.${rs}) = 1)`,
    ];
    const items = t.output.map((o) => `${o.side === 'left' ? 'l' : 'r'}.${q(`${o.side === 'left' ? t.leftAsset : t.rightAsset}.${o.name}`)} AS ${q(o.as)}`);
    const joinType = t.type === 'inner' ? 'JOIN' : 'LEFT JOIN';
    return `WITH ${ctes.join(', ')} SELECT ${items.join(', ')} FROM l ${joinType} best ON best.${ls} = l.${ls} LEFT JOIN r ON r.${rs} = best.${rs} ORDER BY l.${ls}`;
  },
};
