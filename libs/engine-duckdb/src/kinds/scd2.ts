import { scd2Problems, quoteIdentifier as q } from '@pipeline/engine-core';
import { compileDuckDbExpression as sql } from '../compile-expression';
import type { DuckDbKind } from './duckdb-kind';
import { guardBranch, raiseSql } from './raise';

/** The helper name of data column `i` (positional, so no user name can collide with a helper). */
const d = (i: number): string => q(`d${i}`);


// Both inputs are brought to the output's types under positional names, rows numbered. Open rows
// (flag true) of `current` pair with incoming rows of the same key (NULLs equal: a key is an
// identity); a pair whose tracked values differ closes the open row and opens the incoming one.
// Every row of `current` is kept, in its order, then the opened rows in incoming order.
export const scd2Sql: DuckDbKind<'scd2'> = {
  field: 'keyColumns',
  sql: (bound, [current, incoming]) => {
    const t = bound.transform;
    const n = q('n');
    const [s, e, f] = [q('s'), q('e'), q('f')];
    const dataOf = (side: 'current' | 'incoming'): string => t.data.map((c, i) => `${sql(c[side])} AS ${d(i)}`).join(', ');
    const keysOf = (alias: string): string => t.keys.map((i) => `${alias}.${d(i)}`).join(', ');
    const sameKey = t.keys.map((i) => `cur.${d(i)} IS NOT DISTINCT FROM inc.${d(i)}`).join(' AND ');
    const changed = t.tracked.map((i) => `cur.${d(i)} IS DISTINCT FROM inc.${d(i)}`).join(' OR ');
    const problems = scd2Problems(t);
    const all = (alias: string): string => t.data.map((_, i) => `${alias}.${d(i)}`).join(', ');
    const ctes = [
      `cur AS (SELECT ${dataOf('current')}, ${sql(t.start.current)} AS ${s}, ${sql(t.end.current)} AS ${e}, ${sql(t.flag.current)} AS ${f}, row_number() OVER () AS ${n} FROM ${current})`,
      `inc AS (SELECT ${dataOf('incoming')}, row_number() OVER () AS ${n} FROM ${incoming})`,
      `now AS (SELECT ${sql(t.now)} AS ${q('t')})`,
      `pairs AS (SELECT cur.${n} AS ${q('cn')}, inc.${n} AS ${q('inn')}, (${changed}) AS ${q('changed')} FROM cur JOIN inc ON ${sameKey} WHERE cur.${f})`,
      `guard AS (SELECT CASE WHEN EXISTS (SELECT 1 FROM inc GROUP BY ${keysOf('inc')} HAVING count(*) > 1) THEN ${raiseSql(problems.incoming)} ` +
        `WHEN EXISTS (SELECT 1 FROM cur WHERE cur.${f} GROUP BY ${keysOf('cur')} HAVING count(*) > 1) THEN ${raiseSql(problems.current)} END AS ${q('g')})`,
    ];
    const closing = `(SELECT ${q('cn')} FROM pairs WHERE ${q('changed')})`;
    const kept =
      `SELECT ${all('cur')}, cur.${s}, CASE WHEN closing.${q('cn')} IS NULL THEN cur.${e} ELSE now.${q('t')} END AS ${e}, ` +
      `CASE WHEN closing.${q('cn')} IS NULL THEN cur.${f} ELSE FALSE END AS ${f}, 0 AS ${q('part')}, cur.${n} AS ${n} ` +
      `FROM cur LEFT JOIN ${closing} closing ON closing.${q('cn')} = cur.${n} CROSS JOIN now`;
    const opened =
      `SELECT ${all('inc')}, now.${q('t')} AS ${s}, CAST(NULL AS TIMESTAMP) AS ${e}, TRUE AS ${f}, 1 AS ${q('part')}, inc.${n} AS ${n} ` +
      `FROM inc CROSS JOIN now WHERE NOT EXISTS (SELECT 1 FROM pairs WHERE pairs.${q('inn')} = inc.${n} AND NOT pairs.${q('changed')})`;
    const items = [...t.data.map((c, i) => `${d(i)} AS ${q(c.name)}`), `${s} AS ${q(t.start.name)}`, `${e} AS ${q(t.end.name)}`, `${f} AS ${q(t.flag.name)}`];
    const guard = guardBranch('guard', q('g'), t.data.length + 5);
    return `WITH ${ctes.join(', ')} SELECT ${items.join(', ')} FROM (${kept} UNION ALL ${opened} UNION ALL ${guard}) ORDER BY ${q('part')}, ${n}`;
  },
};
