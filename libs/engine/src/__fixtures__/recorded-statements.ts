/**
 * Test support: records every statement DuckDB backends run from now on, in order, while still
 * running them. Undo with `jest.restoreAllMocks()`.
 */
import { DuckDbDatabase } from '../duckdb/duckdb-database';

export function recordStatements(): string[] {
  const statements: string[] = [];
  const run = DuckDbDatabase.prototype.run;
  jest.spyOn(DuckDbDatabase.prototype, 'run').mockImplementation(function (this: DuckDbDatabase, sql, options) {
    statements.push(sql);
    return run.call(this, sql, options);
  });
  return statements;
}
