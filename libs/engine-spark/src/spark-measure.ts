/**
 * Quality measurements on Spark: a MeasureRequest (a suite's, an assertion's, a schemaEnforce's)
 * over a temporary view as a few aggregate queries, the measures DuckDB's measure-sql takes, in
 * the same representation (numbers as doubles, dates as day numbers, timestamps as microseconds).
 * Every check type of the engine's registry measures through this one function, so a check judged
 * on Spark gives DuckDB's statuses and observed values.
 */
import type { SparkSession, SparkValue } from '@pipeline/spark-connect';
import { type BoundExpr, engineError, isNumeric, type KeyCounts, type Measurer, type MeasureRequest, type Measures } from '@pipeline/engine-core';
import { compileSparkExpression } from './compile-expression';
import { sparkFailure } from './spark-errors';
import { sparkIdentifier as q } from './sql-text';

/** A measurer over the view `relation` (quoted); `references` names the view of each asset a request may look up. */
export function sparkMeasurer(session: SparkSession, relation: string, references: Readonly<Record<string, string>> = {}): Measurer {
  return async (request: MeasureRequest, signal?: AbortSignal): Promise<Measures> => {
    const asset = request.asset;
    const first = async (sql: string): Promise<(number | null)[]> => {
      try {
        const { rows } = await session.sql(sql, signal === undefined ? {} : { signal });
        return (rows[0] ?? []).map(toNumber);
      } catch (e) {
        throw sparkFailure(e, { asset, field: request.field });
      }
    };
    const base = request.filter === undefined ? relation : `(SELECT * FROM ${relation} WHERE ${compileSparkExpression(request.filter)})`;
    const values = await first(`SELECT ${['count(*)', ...request.aggregates.map(asNumber)].join(', ')} FROM ${base}`);
    const keys: KeyCounts[] = [];
    for (const key of request.keys) {
      const named = key.map(q);
      const [distinct, keyedRows, duplicateRows] = await first(
        `SELECT count(*), coalesce(sum(n), 0), coalesce(sum(CASE WHEN n > 1 THEN n ELSE 0 END), 0) FROM ` +
          `(SELECT count(*) AS n FROM ${base} WHERE ${named.map((c) => `${c} IS NOT NULL`).join(' AND ')} GROUP BY ${named.join(', ')})`,
      );
      keys.push({ distinct: distinct ?? 0, keyedRows: keyedRows ?? 0, duplicateRows: duplicateRows ?? 0 });
    }
    const found: { checked: number; missing: number }[] = [];
    for (const ref of request.references) {
      const other = references[ref.asset];
      if (other === undefined) throw engineError('E_BAD_SOURCE', { asset, problem: `reference asset "${ref.asset}" has not been computed` });
      const c = q(ref.column);
      // Spark takes no subquery in an aggregate's FILTER: the values not found are an anti join.
      const present = `(SELECT * FROM ${base} WHERE ${c} IS NOT NULL)`;
      const [checked, missing] = await first(
        `SELECT (SELECT count(*) FROM ${present}), (SELECT count(*) FROM ${present} AS t LEFT ANTI JOIN ${other} AS r ON r.${q(ref.referenceColumn)} = t.${c})`,
      );
      found.push({ checked: checked ?? 0, missing: missing ?? 0 });
    }
    return { rows: values[0] ?? 0, aggregates: values.slice(1), keys, references: found };
  };
}

/** An aggregate as a Spark number: numbers as DOUBLE, dates as days and timestamps as microseconds since the epoch. */
function asNumber(e: BoundExpr): string {
  const sql = compileSparkExpression(e);
  // The portable timestamp is Spark's TIMESTAMP_NTZ, which unix_micros does not take; the session's time zone is UTC.
  if (e.type === 'timestamp') return `unix_micros(CAST(${sql} AS TIMESTAMP_LTZ))`;
  if (e.type === 'date') return `unix_date(${sql})`;
  return isNumeric(e.type) ? `CAST(${sql} AS DOUBLE)` : sql;
}

function toNumber(v: SparkValue | undefined): number | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'number' ? v : Number(v);
}
