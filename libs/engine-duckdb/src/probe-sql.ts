/** The DuckDB statement answering a probe (check/probe.ts) over a materialized upstream relation. */
import {
  type Column,
  MAX_PROBED_VALUES,
  type ProbeRequest,
  freshColumnName,
  numberedRows,
  quoteIdentifier as q,
} from '@pipeline/engine-core';

/** One more row than a probe may return, so that too many is seen without reading them all. */
export function probeSql(request: ProbeRequest, relation: string, columns: readonly Column[]): string {
  const limit = `LIMIT ${MAX_PROBED_VALUES + 1}`;
  if (request.what === 'distinct') {
    const c = q(request.columns[0]);
    return `SELECT CAST("v" AS VARCHAR) FROM (SELECT DISTINCT ${c} AS "v" FROM ${relation} WHERE ${c} IS NOT NULL) ORDER BY "v" ${limit}`;
  }
  const seq = freshColumnName(columns, '__seq');
  if (request.what === 'sample') {
    const c = q(request.columns[0]);
    return `SELECT CAST(${c} AS VARCHAR) FROM ${numberedRows(relation, seq)} WHERE ${c} IS NOT NULL ORDER BY ${q(seq)} LIMIT ${request.limit ?? 0}`;
  }
  const items = request.columns.length === 0 ? 'NULL' : request.columns.map((c) => `CAST(${q(c)} AS VARCHAR)`).join(', ');
  return `SELECT ${items} FROM ${numberedRows(relation, seq)} ORDER BY ${q(seq)} ${limit}`;
}
