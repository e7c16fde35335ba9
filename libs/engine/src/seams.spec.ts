/**
 * The engine's registries are complete by construction. Each `@ts-expect-error` below is checked
 * by `nx typecheck engine` (tsconfig.spec.json): if a line stopped being a type error, the unused
 * directive would fail the type check. The runtime assertions check the real tables.
 */
import { FORMATS, TRANSFORMATION_KINDS } from '@pipeline/definition';
import {
  type BackendDriver,
  csvFormat,
  FORMAT_MODULES,
  type FormatModuleTable,
  jsonFormat,
  unsupported,
} from '@pipeline/engine-core';
import { BACKEND_DRIVERS, BACKEND_NAMES, type BackendDriverTable } from './backend-drivers';
import { DANFO_KINDS, type DanfoKindTable, runSelect, runWhere } from '@pipeline/engine-danfo';
import { DUCKDB_KINDS, type DuckDbKindTable, selectSql, whereSql } from '@pipeline/engine-duckdb';

describe('kind tables', () => {
  it('a backend table that forgets a kind does not compile', () => {
    // @ts-expect-error group_by has no entry: every transformation kind needs one (or unsupported(...))
    const duck: DuckDbKindTable = { where: whereSql, select: selectSql };
    // @ts-expect-error the same for danfo
    const danfo: DanfoKindTable = { where: runWhere, select: runSelect };
    const explicit: DuckDbKindTable<'where' | 'select' | 'group_by'> = { where: whereSql, select: selectSql, group_by: unsupported('not yet') };
    expect([duck, danfo, explicit].map((t) => Object.keys(t).length)).toEqual([2, 2, 3]);
  });

  it('an entry of the wrong kind does not compile', () => {
    // @ts-expect-error the select implementation cannot stand for where
    const table: DuckDbKindTable<'where'> = { where: selectSql };
    expect(table.where).toBe(selectSql);
  });

  it('each real table has exactly the transformation kinds of the definition catalogue', () => {
    const kinds = [...TRANSFORMATION_KINDS].sort();
    expect(Object.keys(DUCKDB_KINDS).sort()).toEqual(kinds);
    expect(Object.keys(DANFO_KINDS).sort()).toEqual(kinds);
    for (const name of BACKEND_NAMES) expect(Object.keys(BACKEND_DRIVERS[name].kinds).sort()).toEqual(kinds);
  });
});

describe('backend drivers', () => {
  it('a backend name without a driver does not compile', () => {
    // @ts-expect-error "polars" is a backend name here but the table has no driver for it
    const table: BackendDriverTable<'duckdb' | 'danfo' | 'spark' | 'polars'> = BACKEND_DRIVERS;
    expect(Object.keys(table)).toEqual(['duckdb', 'danfo', 'spark']);
  });

  it('a driver filed under another name does not compile', () => {
    // @ts-expect-error the duckdb driver cannot be the danfo entry
    const table: BackendDriverTable<'danfo'> = { danfo: BACKEND_DRIVERS.duckdb };
    expect(table.danfo.name).toBe('duckdb');
  });

  it('a driver without a compiler entry does not compile', () => {
    const { compile: _compile, ...withoutCompiler } = BACKEND_DRIVERS.danfo;
    // @ts-expect-error every backend compiles plans into physical plans the one executor runs
    const driver: BackendDriver = withoutCompiler;
    expect('compile' in driver).toBe(false);
  });

  it('lists every backend once, default first, each under its own name', () => {
    expect(BACKEND_NAMES).toEqual(['duckdb', 'danfo', 'spark']);
    for (const name of BACKEND_NAMES) {
      const driver: BackendDriver = BACKEND_DRIVERS[name];
      expect(driver.name).toBe(name);
    }
  });
});

describe('format modules', () => {
  it('a format without a module does not compile', () => {
    // @ts-expect-error parquet has no module: every format of the definition needs one
    const table: FormatModuleTable = { csv: csvFormat, json: jsonFormat };
    expect(Object.keys(table)).toEqual(['csv', 'json']);
  });

  it('a module filed under another format does not compile', () => {
    // @ts-expect-error the JSON module cannot stand for CSV
    const table: FormatModuleTable<'csv'> = { csv: jsonFormat };
    expect(table.csv.format).toBe('json');
  });

  it('the real table has one module per format of the definition, each under its own name', () => {
    expect(Object.keys(FORMAT_MODULES).sort()).toEqual([...FORMATS].sort());
    for (const format of FORMATS) expect(FORMAT_MODULES[format].format).toBe(format);
  });
});
