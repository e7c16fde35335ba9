/**
 * Quality measurements on DuckDB: a MeasureRequest over a relation (a table or a view of a
 * streamed plan) as a few aggregate queries. Results come back as numbers in the representation
 * the danfo backend uses (dates as day numbers, timestamps as microseconds).
 */
import {
  type BoundExpr,
  type Column,
  engineError,
  type KeyCounts,
  type Measurer,
  type MeasureRequest,
  type Measures,
  isNumeric,
  quoteIdentifier as q,
} from '@pipeline/engine-core';
import { compileDuckDbExpression } from './compile-expression';

/** Runs SQL and returns rows (the backend's connection). */
export type RunRows = (sql: string, options: { signal?: AbortSignal; asset?: string }) => Promise<unknown[][]>;

/** A measurer over `relation` (quoted), with `references` naming the relation of each asset a request may look up. */
export function duckDbMeasurer(rows: RunRows, relation: string, references: Readonly<Record<string, { name: string; columns: readonly Column[] }>> = {}): Measurer {
  return async (request: MeasureRequest, signal?: AbortSignal): Promise<Measures> => {
    const asset = request.asset;
    const base = request.filter === undefined ? relation : `(SELECT * FROM ${relation} WHERE ${compileDuckDbExpression(request.filter)})`;
    const items = ['count(*)', ...request.aggregates.map(asNumber)];
    const [first] = await rows(`SELECT ${items.join(', ')} FROM ${base}`, { signal, asset });
    const values = (first ?? []).map(toNumber);
    const keys: KeyCounts[] = [];
    for (const key of request.keys) {
      const named = key.map(q);
      const sql =
        `SELECT count(*), coalesce(sum(n), 0), coalesce(sum(CASE WHEN n > 1 THEN n ELSE 0 END), 0) FROM ` +
        `(SELECT count(*) AS n FROM ${base} WHERE ${named.map((c) => `${c} IS NOT NULL`).join(' AND ')} GROUP BY ${named.join(', ')})`;
      const [row] = await rows(sql, { signal, asset });
      keys.push({ distinct: toNumber(row?.[0]) ?? 0, keyedRows: toNumber(row?.[1]) ?? 0, duplicateRows: toNumber(row?.[2]) ?? 0 });
    }
    const found: { checked: number; missing: number }[] = [];
    for (const ref of request.references) {
      const other = references[ref.asset];
      if (other === undefined) throw engineError('E_BAD_SOURCE', { asset, problem: `reference asset "${ref.asset}" has not been computed` });
      const c = q(ref.column);
      const sql =
        `SELECT count(*), count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM ${other.name} AS r WHERE r.${q(ref.referenceColumn)} = t.${c})) ` +
        `FROM ${base} AS t WHERE t.${c} IS NOT NULL`;
      const [row] = await rows(sql, { signal, asset });
      found.push({ checked: toNumber(row?.[0]) ?? 0, missing: toNumber(row?.[1]) ?? 0 });
    }
    return { rows: values[0] ?? 0, aggregates: values.slice(1), keys, references: found };
  };
}

/** An aggregate as a DuckDB number: numbers as DOUBLE, dates as days and timestamps as microseconds since the epoch. */
function asNumber(e: BoundExpr): string {
  const sql = compileDuckDbExpression(e);
  if (e.type === 'timestamp') return `epoch_us(${sql})`;
  if (e.type === 'date') return `(${sql} - DATE '1970-01-01')`;
  return isNumeric(e.type) ? `CAST(${sql} AS DOUBLE)` : sql;
}

function toNumber(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'number' ? v : Number(v);
}
