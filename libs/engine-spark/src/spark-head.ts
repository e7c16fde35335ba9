/**
 * The first rows of a relation of a Spark session as typed JSON (rows/rows-result.ts): one query
 * of at most `limit + 1` rows, so Spark computes no more of the relation than it must.
 */
import type { SparkSession } from '@pipeline/spark-connect';
import { type Blame, type Column, type RowsResult } from '@pipeline/engine-core';
import { holdsVariant, sparkJsonCell } from './spark-json-cell';
import { sparkFailure } from './spark-errors';
import { sparkIdentifier as q } from './sql-text';

/** The SELECT over `relation` (a quoted view name) giving at most `limit + 1` rows; a column holding a variant as Spark's JSON text. */
export function sparkRowsSelect(relation: string, columns: readonly Column[], limit: number): string {
  const cells = columns.map((c) => (holdsVariant(c.type) ? `to_json(${q(c.name)}) AS ${q(c.name)}` : q(c.name)));
  // A relation without columns still has rows; one constant keeps the SELECT valid.
  return `SELECT ${cells.length === 0 ? 'NULL' : cells.join(', ')} FROM ${relation} LIMIT ${limit + 1}`;
}

/** The first `limit` rows of the view `relation` (quoted) of `session`, whose columns are `columns`; a failure is blamed on `blame`. */
export async function sparkHead(session: SparkSession, relation: string, columns: readonly Column[], limit: number, options: { signal?: AbortSignal; blame?: Blame } = {}): Promise<RowsResult> {
  let result;
  try {
    result = await session.sql(sparkRowsSelect(relation, columns, limit), options.signal === undefined ? {} : { signal: options.signal });
  } catch (e) {
    // Views are lazy: a failure of the relation itself (a CAST Spark refuses) surfaces here, blamed on its step.
    throw sparkFailure(e, options.blame);
  }
  const rows = result.rows.slice(0, limit).map((row) => columns.map((c, i) => sparkJsonCell(c.type, row[i] ?? null)));
  return { columns: columns.map((c) => ({ name: c.name, type: c.type })), rows, truncated: result.rows.length > limit };
}
