import {
  type BoundMergeAction,
  mergeProblem,
  type BoundExpr,
  qualifiedName,
  quoteIdentifier as q,
  freshColumnName,
} from '@pipeline/engine-core';
import { compileDuckDbExpression as sql, duckDbTypeName } from '../compile-expression';
import type { DuckDbKind } from './duckdb-kind';
import { guardBranch, raiseSql } from './raise';

/** The helper name of output column `k` (positional, apart from every helper). */
const v = (k: number): string => q(`v${k}`);

/** `CASE WHEN <condition> THEN <pick(action)> ... ELSE <otherwise> END`: the first action whose condition holds decides. */
function firstAction(actions: readonly BoundMergeAction[], pick: (a: BoundMergeAction) => string, otherwise: string): string {
  if (actions.length === 0) return otherwise;
  const whens = actions.map((a) => `WHEN ${a.condition === undefined ? 'TRUE' : sql(a.condition)} THEN ${pick(a)}`);
  return `CASE ${whens.join(' ')} ELSE ${otherwise} END`;
}

// Both inputs are numbered in input order; pairs are the target and source rows `on` matches, under
// `<asset>.<column>` names. A target row with a match takes the first whenMatched action that
// applies (at most one match: more fail the statement), one without takes whenNotMatchedBySource;
// a source row without a match is inserted by the first whenNotMatched action that applies. The
// target's rows come first, in order, then the inserted ones in source order.
export const mergeSql: DuckDbKind<'merge'> = {
  field: 'on',
  sql: (bound, [target, source]) => {
    const t = bound.transform;
    const tSeq = q(freshColumnName(t.targetColumns, '__t'));
    const sSeq = q(freshColumnName(t.sourceColumns, '__s'));
    const [d, keep, part, seq, g] = ['__d', '__k', '__part', '__seq', '__g'].map(q);
    const qualified = (asset: string, columns: readonly { name: string }[], seqName: string, from: string): string =>
      `SELECT ${[...columns.map((c) => `${q(c.name)} AS ${q(qualifiedName({ asset, name: c.name }))}`), seqName].join(', ')} FROM ${from}`;
    const value = (a: BoundMergeAction, k: number, otherwise: string): string => {
      const assigned: BoundExpr | undefined = a.values[k];
      return assigned === undefined ? otherwise : sql(assigned);
    };
    const deletes = (actions: readonly BoundMergeAction[]): string => firstAction(actions, (a) => (a.action === 'delete' ? 'TRUE' : 'FALSE'), 'FALSE');
    const updated = (actions: readonly BoundMergeAction[], keeps: readonly BoundExpr[]): string =>
      keeps.map((kept, k) => `${firstAction(actions, (a) => value(a, k, sql(kept)), sql(kept))} AS ${v(k)}`).join(', ');
    const ctes = [
      `tn AS (SELECT *, row_number() OVER () AS ${tSeq} FROM ${target})`,
      `sn AS (SELECT *, row_number() OVER () AS ${sSeq} FROM ${source})`,
      `p AS (SELECT * FROM (${qualified(t.targetAsset, t.targetColumns, tSeq, 'tn')}) JOIN (${qualified(t.sourceAsset, t.sourceColumns, sSeq, 'sn')}) ON ${sql(t.on)})`,
    ];
    // With matched actions a second match is refused (the guard); without, any one pair stands for the row.
    const guarded = t.whenMatched.length > 0;
    if (guarded) ctes.push(`guard AS (SELECT CASE WHEN EXISTS (SELECT 1 FROM p GROUP BY ${tSeq} HAVING count(*) > 1) THEN ${raiseSql(mergeProblem(t))} END AS ${g})`);
    ctes.push(
      `m AS (SELECT ${tSeq}, ${deletes(t.whenMatched)} AS ${d}, ${updated(t.whenMatched, t.keepMatched)} FROM p QUALIFY row_number() OVER (PARTITION BY ${tSeq} ORDER BY ${sSeq}) = 1)`,
      `b AS (SELECT ${tSeq}, ${deletes(t.whenNotMatchedBySource)} AS ${d}, ${updated(t.whenNotMatchedBySource, t.keepTarget)} FROM tn WHERE NOT EXISTS (SELECT 1 FROM p WHERE p.${tSeq} = tn.${tSeq}))`,
    );
    const values = t.keepTarget.map((_, k) => v(k)).join(', ');
    const parts = [`SELECT ${values}, 0 AS ${part}, ${tSeq} AS ${seq} FROM m WHERE NOT ${d}`, `SELECT ${values}, 0 AS ${part}, ${tSeq} AS ${seq} FROM b WHERE NOT ${d}`];
    if (t.whenNotMatched.length > 0) {
      const nulls = t.keepTarget.map((kept) => `CAST(NULL AS ${duckDbTypeName(kept.type)})`);
      const inserted = nulls.map((none, k) => `${firstAction(t.whenNotMatched, (a) => value(a, k, none), none)} AS ${v(k)}`).join(', ');
      ctes.push(
        `i AS (SELECT ${sSeq}, ${firstAction(t.whenNotMatched, () => 'TRUE', 'FALSE')} AS ${keep}, ${inserted} FROM sn WHERE NOT EXISTS (SELECT 1 FROM p WHERE p.${sSeq} = sn.${sSeq}))`,
      );
      parts.push(`SELECT ${values}, 1 AS ${part}, ${sSeq} AS ${seq} FROM i WHERE ${keep}`);
    }
    if (guarded) parts.push(guardBranch('guard', g, t.keepTarget.length + 2));
    const items = bound.columns.map((c, k) => `${v(k)} AS ${q(c.name)}`).join(', ');
    return `WITH ${ctes.join(', ')} SELECT ${items} FROM (${parts.join(' UNION ALL ')}) ORDER BY ${part}, ${seq}`;
  },
};
