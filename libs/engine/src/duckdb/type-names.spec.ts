/**
 * InspectSource and ReadInput report only the contract's type names, whatever DuckDB finds in a
 * file: every type DuckDB can write to parquet, and the types its CSV and JSON readers infer.
 */
import * as path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { makeTempRoot, type TempRoot, input } from '@pipeline/engine-core/testing';
import { createBackend } from '../create-backend';
import { type Backend, nestedParts } from '@pipeline/engine-core';
import { inputTypeName, normalizedDuckDbType, portableTypeName } from '@pipeline/engine-duckdb';

const SCALAR = /^(string|integer|long|double|boolean|date|timestamp|decimal\(\d+,\d+\))$/;

/** A contract name: a scalar one, or an array, map or struct of contract names (spec 10.1). */
function isContract(t: string): boolean {
  const parts = nestedParts(t);
  if (parts === undefined) return SCALAR.test(t);
  if (parts.kind === 'array') return isContract(parts.element);
  if (parts.kind === 'map') return isContract(parts.key) && isContract(parts.value);
  return parts.fields.every((f) => isContract(f.type));
}

/** Every column type DuckDB writes to parquet, with the contract name it must be read as. */
const COLUMNS: [string, string, string][] = [
  ['tiny', '-5::TINYINT', 'integer'],
  ['small', '300::SMALLINT', 'integer'],
  ['int', '70000::INTEGER', 'integer'],
  ['big', '5000000000::BIGINT', 'long'],
  ['huge', '170141183460469231731687303715884105727::HUGEINT', 'double'], // DuckDB stores HUGEINT in parquet as DOUBLE
  ['utiny', '200::UTINYINT', 'integer'],
  ['usmall', '60000::USMALLINT', 'integer'],
  ['uint', '4000000000::UINTEGER', 'long'],
  ['ubig', '18446744073709551615::UBIGINT', 'decimal(20,0)'],
  ['flt', '1.5::FLOAT', 'double'],
  ['dbl', '2.5::DOUBLE', 'double'],
  ['dec', '12.34::DECIMAL(10,2)', 'decimal(10,2)'],
  ['wide', '1.5::DECIMAL(38,4)', 'decimal(38,4)'],
  ['bool', 'true', 'boolean'],
  ['text', "'x'", 'string'],
  ['bin', "'\\xAA\\x00'::BLOB", 'string'],
  ['day', "DATE '2024-01-02'", 'date'],
  ['clock', "TIME '12:34:56'", 'string'],
  ['clocktz', "'12:34:56+02'::TIMETZ", 'string'],
  ['ts', "TIMESTAMP '2024-01-02 03:04:05'", 'timestamp'],
  ['ts_s', "'2024-01-02 03:04:05'::TIMESTAMP_S", 'timestamp'],
  ['ts_ms', "'2024-01-02 03:04:05.123'::TIMESTAMP_MS", 'timestamp'],
  ['ts_ns', "'2024-01-02 03:04:05.123456789'::TIMESTAMP_NS", 'timestamp'],
  ['tstz', "'2024-01-02 03:04:05+01'::TIMESTAMPTZ", 'timestamp'],
  ['span', "INTERVAL '3 days'", 'string'],
  ['id', "'1c7c5d8e-1c2b-4b8e-9a4b-5f9a3c2d1e0f'::UUID", 'string'],
  ['list', '[1, 2, 3]::INTEGER[]', 'array<integer>'],
  ['nested', "{'a': 1, 'b': 'x'}", 'struct<a:integer,b:string>'],
  ['dict', "MAP {'k': 1}", 'map<string,integer>'],
  ['mood', "'happy'::ENUM('happy', 'sad')", 'string'],
  ['listtext', "['a', 'b']", 'array<string>'],
  ['arr', '[1, 2]::INTEGER[2]', 'array<integer>'],
  ['deep', "[{'t': TIME '01:02:03', 'f': 1.5::FLOAT, \"odd name\": [2::TINYINT]}]", 'array<struct<t:string,f:double,`odd name`:array<integer>>>'],
];

describe('DuckDB input types', () => {
  let root: TempRoot;
  let backend: Backend;
  beforeAll(async () => {
    root = makeTempRoot();
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    const select = COLUMNS.map(([name, sql]) => `${sql} AS ${name}`).join(', ');
    await conn.run(`COPY (SELECT ${select}) TO '${path.join(root.dir, 'all.parquet')}' (FORMAT parquet)`);
    await conn.run(`COPY (SELECT ${select}) TO '${path.join(root.dir, 'all.json')}' (FORMAT json)`);
    conn.closeSync();
    instance.closeSync();
    root.write('times.csv', 'at,span,when\n12:00:00,2024-01-02 03:04:05,2024-01-02\n');
    backend = await createBackend('duckdb', { dataRoot: root.dir });
  });
  afterAll(async () => {
    await backend.close();
    root.cleanup();
  });

  it('maps every type DuckDB writes to parquet to the closest contract name', async () => {
    const inspected = await backend.inspect(input('all.parquet', 'parquet'));
    expect(inspected.fields.map((f) => [f.name, f.dataType])).toEqual(COLUMNS.map(([name, , type]) => [name, type]));
    const handle = await backend.readInput('all', input('all.parquet', 'parquet'));
    expect(handle.columns.map((c) => c.dataType)).toEqual(COLUMNS.map(([, , type]) => type));
    expect(handle.rowCount).toBe(1);
  });

  it('reports only contract names for JSON and CSV inputs too', async () => {
    for (const source of [input('all.json', 'json'), input('times.csv')]) {
      const inspected = await backend.inspect(source);
      expect(inspected.fields.length).toBeGreaterThan(0);
      for (const f of inspected.fields) expect([f.dataType, isContract(f.dataType)]).toEqual([f.dataType, true]);
    }
    expect((await backend.inspect(input('times.csv'))).fields.map((f) => f.dataType)).toEqual(['string', 'timestamp', 'date']);
  });

  it('reads the converted values as text or the wider type', async () => {
    const h = await backend.readInput('p', input('all.parquet', 'parquet'));
    await backend.write(h.id, 'o', { kind: 'output', from: '', format: 'json', path: 'o.json', mode: 'overwrite', options: {} });
    const text = root.read('o.json');
    expect(JSON.parse(text)).toMatchObject({ tiny: -5, flt: 1.5, clock: '12:34:56', span: '3 days', list: [1, 2, 3], nested: { a: 1, b: 'x' }, dict: { k: 1 } });
    expect(text).toContain('"ubig":18446744073709551615');
  });

  it.each([
    'TINYINT', 'SMALLINT', 'INTEGER', 'BIGINT', 'HUGEINT', 'UHUGEINT', 'UTINYINT', 'USMALLINT', 'UINTEGER', 'UBIGINT', 'FLOAT',
    'DOUBLE', 'DECIMAL(18,3)', 'BOOLEAN', 'VARCHAR', 'BLOB', 'BIT', 'DATE', 'TIME', 'TIME WITH TIME ZONE', 'TIMESTAMP',
    'TIMESTAMP WITH TIME ZONE', 'TIMESTAMP_S', 'TIMESTAMP_MS', 'TIMESTAMP_NS', 'INTERVAL', 'UUID', 'JSON', 'VARINT', 'BIGNUM',
    'INTEGER[]', 'STRUCT(a INTEGER)', 'MAP(VARCHAR, INTEGER)', "ENUM('a', 'b')", 'UNION(a INTEGER, b VARCHAR)', 'INTEGER[3]', 'GEOMETRY',
  ])('%s has a contract name', (duckType) => {
    expect([duckType, isContract(inputTypeName(duckType))]).toEqual([duckType, true]);
  });

  it.each([
    ['INTEGER[]', undefined, 'array<integer>'],
    ['TINYINT[]', 'INTEGER[]', 'array<integer>'],
    ['INTEGER[3]', 'INTEGER[]', 'array<integer>'],
    ['STRUCT(a INTEGER, "b c" VARCHAR[])', undefined, 'struct<a:integer,`b c`:array<string>>'],
    ['STRUCT(t TIME, "x""y" FLOAT)', 'STRUCT("t" VARCHAR, "x""y" DOUBLE)', 'struct<t:string,`x"y`:double>'],
    ['MAP(VARCHAR, DECIMAL(10,2)[])', undefined, 'map<string,array<decimal(10,2)>>'],
    ['MAP(UBIGINT, STRUCT(a HUGEINT))', 'MAP(DECIMAL(20,0), STRUCT("a" DECIMAL(38,0)))', 'map<decimal(20,0),struct<a:decimal(38,0)>>'],
    ['UNION(a INTEGER, b VARCHAR)', 'VARCHAR', 'string'],
  ])('%s is converted to %s and read as %s', (duckType, converted, portable) => {
    expect(normalizedDuckDbType(duckType)).toBe(converted);
    expect(inputTypeName(duckType)).toBe(portable);
    expect(portableTypeName(converted ?? duckType)).toBe(portable);
  });
});
