import type { JoinType } from '@pipeline/definition';
import { qualifiedName, quoteIdentifier as q } from '@pipeline/engine-core';
import { compileDuckDbExpression as sql } from '../compile-expression';
import type { DuckDbKind } from './duckdb-kind';

const JOIN_SQL: Readonly<Record<JoinType, string>> = {
  inner: 'JOIN',
  left: 'LEFT JOIN',
  right: 'RIGHT JOIN',
  outer: 'FULL OUTER JOIN',
  cross: 'CROSS JOIN',
  left_semi: 'SEMI JOIN',
  left_anti: 'ANTI JOIN',
};

/** The helper column numbering input `i`'s rows (never a qualified name: those have a dot). */
const seq = (i: number): string => `__s${i}`;

// Every input's columns are renamed `<asset>.<column>` (the names the conditions use) and, when
// the order can be observed, its rows numbered, so that the result is ordered as the JavaScript
// backend builds it: by left position, then right position, rows without a match on the left last.
// Otherwise DuckDB returns the rows in whatever order its join gives (and sorts nothing).
export const joinSql: DuckDbKind<'join'> = {
  field: 'right',
  sortsForParity: true,
  sql: (bound, relations, { ordered } = { ordered: true }) => {
    const { inputs, steps, output } = bound.transform;
    const qualified = (i: number): string => {
      const items = inputs[i].columns.map((c) => `${q(c.name)} AS ${q(qualifiedName({ asset: inputs[i].asset, name: c.name }))}`);
      // A relation without columns still needs one for the SELECT: the numbering.
      if (ordered || items.length === 0) items.push(`row_number() OVER () AS ${q(seq(i))}`);
      return `(SELECT ${items.join(', ')} FROM ${relations[i]})`;
    };
    let joined = qualified(0);
    const order = [seq(0)];
    for (const step of steps) {
      const on = step.condition === undefined ? '' : ` ON ${sql(step.condition)}`;
      joined = `(SELECT * FROM ${joined} ${JOIN_SQL[step.type]} ${qualified(step.input)}${on})`;
      if (step.type !== 'left_semi' && step.type !== 'left_anti') order.push(seq(step.input));
    }
    const items = output.map((o) => `${q(qualifiedName(o.column))} AS ${q(o.name)}`);
    if (!ordered) return `SELECT ${items.join(', ')} FROM ${joined}`;
    return `SELECT ${items.join(', ')} FROM ${joined} ORDER BY ${order.map((s) => `${q(s)} NULLS LAST`).join(', ')}`;
  },
};
