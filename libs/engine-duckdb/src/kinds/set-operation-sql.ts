/**
 * Union, intersect and except in DuckDB SQL, with the row order the JavaScript backend gives:
 * every input is lined up (columns picked and widened), its rows numbered in input order, and the
 * result ordered by input then position. Duplicates compare NULLs as equal (`IS NOT DISTINCT FROM`,
 * `PARTITION BY`), as set operations do. `ALL` keeps multiplicities: intersect keeps a row's first
 * n occurrences where n is its smallest count in the other inputs; except drops a row's first m
 * occurrences where m is its count in `right`.
 */
import { type Column, type BoundSetOperation, quoteIdentifier as q, freshColumnName } from '@pipeline/engine-core';
import type { TransformationKind } from '@pipeline/definition';
import { duckDbTypeName } from '../compile-expression';

/** Names of the helper columns, chosen apart from the output's. */
interface Helpers {
  readonly src: string;
  readonly seq: string;
  readonly occ: string;
}

function helpers(columns: readonly Column[]): Helpers {
  const src = freshColumnName(columns, '__src');
  const seq = freshColumnName([...columns, { name: src, type: 'long' }], '__seq');
  const occ = freshColumnName([...columns, { name: src, type: 'long' }, { name: seq, type: 'long' }], '__occ');
  return { src, seq, occ };
}

/** Input `index` lined up with the output columns, its rows numbered in input order. */
function numberedInput(bound: BoundSetOperation<TransformationKind>, columns: readonly Column[], relation: string, index: number, h: Helpers): string {
  const items = columns.map((out, position) => {
    const pick = bound.inputs[index].picks[position];
    if (pick === null) return `CAST(NULL AS ${duckDbTypeName(out.type)}) AS ${q(out.name)}`;
    const value = pick.type === out.type ? q(pick.name) : `CAST(${q(pick.name)} AS ${duckDbTypeName(out.type)})`;
    return `${value} AS ${q(out.name)}`;
  });
  return `SELECT ${items.join(', ')}, ${index + 1} AS ${q(h.src)}, row_number() OVER () AS ${q(h.seq)} FROM ${relation}`;
}

const list = (columns: readonly Column[], prefix = ''): string => columns.map((c) => `${prefix}${q(c.name)}`).join(', ');

/** `SELECT ... UNION ALL ...` of every input, in input then row order, optionally without duplicates. */
export function unionSql(bound: BoundSetOperation<'union'>, columns: readonly Column[], relations: readonly string[]): string {
  const h = helpers(columns);
  const all = relations.map((r, i) => `(${numberedInput(bound, columns, r, i, h)})`).join(' UNION ALL ');
  const order = `ORDER BY ${q(h.src)}, ${q(h.seq)}`;
  if (bound.all) return `SELECT ${list(columns)} FROM (${all}) ${order}`;
  return `SELECT ${list(columns)} FROM (${all}) QUALIFY row_number() OVER (PARTITION BY ${list(columns)} ${order}) = 1 ${order}`;
}

/** How many rows of `other` equal the row `l` (NULLs equal). */
function matches(columns: readonly Column[], other: string): string {
  const same = columns.map((c) => `r.${q(c.name)} IS NOT DISTINCT FROM l.${q(c.name)}`).join(' AND ');
  return `(SELECT count(*) FROM (${other}) r WHERE ${same})`;
}

/** The first input's rows with their occurrence number among equal rows. */
function leftWithOccurrence(first: string, columns: readonly Column[], h: Helpers): string {
  return `(SELECT *, row_number() OVER (PARTITION BY ${list(columns)} ORDER BY ${q(h.seq)}) AS ${q(h.occ)} FROM (${first}))`;
}

/** Rows of the first input kept by `keep` (a condition over `l` and the other inputs), in its order. */
function filterFirst(
  bound: BoundSetOperation<TransformationKind>,
  columns: readonly Column[],
  relations: readonly string[],
  keep: (occurrence: string, counts: readonly string[]) => string,
): string {
  const h = helpers(columns);
  const inputs = relations.map((r, i) => numberedInput(bound, columns, r, i, h));
  const counts = inputs.slice(1).map((other) => matches(columns, other));
  return `SELECT ${list(columns, 'l.')} FROM ${leftWithOccurrence(inputs[0], columns, h)} l WHERE ${keep(`l.${q(h.occ)}`, counts)} ORDER BY l.${q(h.seq)}`;
}

export function intersectSql(bound: BoundSetOperation<'intersect'>, columns: readonly Column[], relations: readonly string[]): string {
  return filterFirst(bound, columns, relations, (occ, counts) =>
    bound.all ? counts.map((n) => `${occ} <= ${n}`).join(' AND ') : [`${occ} = 1`, ...counts.map((n) => `${n} > 0`)].join(' AND '),
  );
}

export function exceptSql(bound: BoundSetOperation<'except'>, columns: readonly Column[], relations: readonly string[]): string {
  return filterFirst(bound, columns, relations, (occ, [n]) => (bound.all ? `${occ} > ${n}` : `${occ} = 1 AND ${n} = 0`));
}
