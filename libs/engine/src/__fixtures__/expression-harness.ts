/**
 * Test support: evaluates one expression text on both backends over the same small table, so
 * tests can compare DuckDB (compiled SQL) with the JavaScript evaluator value by value.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { parseExpression } from '@pipeline/definition';
import {
  bindExpression,
  type Column,
  type BoundExpr,
  isEngineError,
  formatValue,
  type Value,
  parseDate,
  parseTimestamp,
  valueLimits,
} from '@pipeline/engine-core';
import {
  compileDuckDbExpression,
  translateDuckDbError,
  portableTypeName,
  setValueLimitsSql,
} from '@pipeline/engine-duckdb';
import { compileRowExpression, compileGroupExpression } from '@pipeline/engine-danfo';
import { unsignedNan } from './nan-sign';

/** The test table's columns. */
export const COLUMNS: readonly Column[] = [
  { name: 'i', type: 'integer' },
  { name: 'l', type: 'long' },
  { name: 'd', type: 'double' },
  { name: 's', type: 'string' },
  { name: 'b', type: 'boolean' },
  { name: 'dt', type: 'date' },
  { name: 'ts', type: 'timestamp' },
  { name: 'm', type: 'decimal(10,2)' },
  { name: 'g', type: 'string' },
];

/** Rows as SQL literals (DuckDB) — the same data as JS_ROWS. */
const SQL_ROWS = [
  `(1, 10, 1.5, 'Alice', TRUE, DATE '2024-01-31', TIMESTAMP '2024-01-31 10:20:30.5', 1.25, 'a')`,
  `(-7, 3000000000, -2.5, 'bob', FALSE, DATE '2023-02-28', TIMESTAMP '2023-02-28 23:59:59', -0.5, 'a')`,
  `(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'b')`,
  `(0, 0, 0.0, '', TRUE, DATE '2000-02-29', TIMESTAMP '2000-02-29 00:00:00', 0.00, 'b')`,
  `(2147483647, -42, 1e20, 'a''b %_x', FALSE, DATE '1969-12-31', TIMESTAMP '1969-12-31 23:00:00.000001', 99999999.99, 'c')`,
];

const JS_ROWS: Value[][] = [
  [1, 10, 1.5, 'Alice', true, d('2024-01-31'), t('2024-01-31 10:20:30.5'), 1.25, 'a'],
  [-7, 3000000000, -2.5, 'bob', false, d('2023-02-28'), t('2023-02-28 23:59:59'), -0.5, 'a'],
  [null, null, null, null, null, null, null, null, 'b'],
  [0, 0, 0, '', true, d('2000-02-29'), t('2000-02-29 00:00:00'), 0, 'b'],
  [2147483647, -42, 1e20, "a'b %_x", false, d('1969-12-31'), t('1969-12-31 23:00:00.000001'), 99999999.99, 'c'],
];

function d(text: string): number {
  return parseDate(text) as number;
}
function t(text: string): number {
  return parseTimestamp(text) as number;
}

/** Column-major JS data. */
export const JS_COLUMNS: Value[][] = COLUMNS.map((_, c) => JS_ROWS.map((r) => r[c]));

/** What one backend produced: per-row texts (DuckDB's VARCHAR form) and the type, or an error code. */
export type Outcome = { type: string; values: (string | null)[] } | { error: string; message: string };

/** A DuckDB connection with the test table `t` (ordered by `_row`). */
export async function openHarness(): Promise<{ conn: DuckDBConnection; close: () => void }> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const conn = await instance.connect();
  await conn.run("SET TimeZone = 'UTC'");
  // The ceilings of the run-time value limits, as a job's connection would hold them.
  for (const sql of setValueLimitsSql(valueLimits(Number.POSITIVE_INFINITY))) await conn.run(sql);
  const types = COLUMNS.map((c) => `${JSON.stringify(c.name)} ${duckType(c.type)}`).join(', ');
  await conn.run(`CREATE TABLE t (_row INTEGER, ${types})`);
  for (const [k, row] of SQL_ROWS.entries()) await conn.run(`INSERT INTO t VALUES (${k}, ${row.slice(1)}`);
  return {
    conn,
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

function duckType(type: string): string {
  return type === 'string' ? 'VARCHAR' : type === 'long' ? 'BIGINT' : type === 'double' ? 'DOUBLE' : type.toUpperCase();
}

function bind(text: string, context: 'row' | 'aggregate'): BoundExpr {
  return bindExpression(parseExpression(text), { asset: 'x', field: 'columns', from: 't', columns: COLUMNS, context, groupKeys: ['g'] });
}

/** Evaluates `text` per row on DuckDB. */
export async function duckdbRows(conn: DuckDBConnection, text: string): Promise<Outcome> {
  let sql: string;
  let type: string;
  try {
    const b = bind(text, 'row');
    sql = compileDuckDbExpression(b);
    type = b.type;
  } catch (e) {
    return failure(e);
  }
  return runDuck(conn, `SELECT CAST(${sql} AS VARCHAR), typeof(${sql}) FROM t ORDER BY _row`, type);
}

/** Evaluates aggregate `text` per group of `g` on DuckDB. */
export async function duckdbGroups(conn: DuckDBConnection, text: string): Promise<Outcome> {
  let sql: string;
  let type: string;
  try {
    const b = bind(text, 'aggregate');
    sql = compileDuckDbExpression(b);
    type = b.type;
  } catch (e) {
    return failure(e);
  }
  return runDuck(conn, `SELECT CAST(${sql} AS VARCHAR), typeof(${sql}) FROM t GROUP BY g ORDER BY g`, type);
}

async function runDuck(conn: DuckDBConnection, sql: string, bound: string): Promise<Outcome> {
  try {
    const reader = await conn.runAndReadAll(sql);
    const rows = reader.getRowsJson() as (string | null)[][];
    const duckTypes = new Set(rows.map((r) => r[1]).filter((x): x is string => x !== null && x !== '"NULL"'));
    const type = duckTypes.size === 0 ? bound : portableTypeName([...duckTypes][0] as string);
    return { type, values: rows.map((r) => unsignedNan(r[0] as string | null)) };
  } catch (e) {
    // The backend's own mapping, so a test sees the code a user would.
    return { error: translateDuckDbError(e).code, message: (e as Error).message.split('\n')[0] };
  }
}

/** Evaluates `text` per row in JavaScript. */
export function jsRows(text: string): Outcome {
  try {
    const b = bind(text, 'row');
    const fn = compileRowExpression(b, CONTEXT);
    return { type: b.type, values: JS_ROWS.map((_, i) => formatValue(b.type, fn(JS_COLUMNS, i))) };
  } catch (e) {
    return failure(e);
  }
}

/** Evaluates aggregate `text` per group of `g` in JavaScript (groups in key order). */
export function jsGroups(text: string): Outcome {
  try {
    const b = bind(text, 'aggregate');
    const fn = compileGroupExpression(b, CONTEXT);
    const groups = new Map<string, number[]>();
    JS_ROWS.forEach((r, i) => groups.set(String(r[8]), [...(groups.get(String(r[8])) ?? []), i]));
    const keys = [...groups.keys()].sort();
    return { type: b.type, values: keys.map((k) => formatValue(b.type, fn(JS_COLUMNS, groups.get(k) as number[]))) };
  } catch (e) {
    return failure(e);
  }
}

const CONTEXT = {
  asset: 'x',
  field: 'columns',
  columnIndex: (name: string) => COLUMNS.findIndex((c) => c.name === name),
  nowMicros: Date.now() * 1000,
};

function failure(e: unknown): Outcome {
  if (isEngineError(e)) return { error: e.code, message: e.message };
  throw e;
}
