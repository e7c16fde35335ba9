/**
 * The run-time value limits (values/growth-limit.ts) as DuckDB sees them: each connection holds its
 * job's limits in variables, so the compiled SQL reads them without every compiler being told the
 * memory limit. A variable is per connection, and only the engine writes SQL. The variables are set
 * just before the connection's first statement that reads them: each statement costs about 0.4 ms
 * of CPU however small, and most plans (a tiny job's one COPY) never read a limit.
 */
import { type ValueLimits, sqlString } from '@pipeline/engine-core';
import { raiseSqlText } from './kinds/raise';

const VARIABLES = { valueBytes: 'pipeline_value_bytes', foldBytes: 'pipeline_fold_bytes', foldElements: 'pipeline_fold_values' } as const;

/** The statements that give a connection its limits. */
export function setValueLimitsSql(limits: ValueLimits): string[] {
  return (Object.keys(VARIABLES) as (keyof ValueLimits)[]).map((k) => `SET VARIABLE ${VARIABLES[k]} = CAST(${Math.floor(limits[k])} AS BIGINT)`);
}

/** Whether `sql` reads a limit (see {@link valueLimitSql}): the connection must hold them first. */
export function readsValueLimits(sql: string): boolean {
  return sql.includes('getvariable(');
}

/** SQL reading one of the connection's limits. */
export function valueLimitSql(limit: keyof ValueLimits): string {
  return `getvariable(${sqlString(VARIABLES[limit])})`;
}

/** SQL failing the statement with `problem(limit)`, the limit's number read from `limitSql` as it runs. */
export function raiseWithLimit(problem: (limit: string) => string, limitSql: string): string {
  const [before, after] = problem('\u0000').split('\u0000') as [string, string];
  return raiseSqlText(`${sqlString(before)} || CAST(${limitSql} AS VARCHAR) || ${sqlString(after)}`);
}
