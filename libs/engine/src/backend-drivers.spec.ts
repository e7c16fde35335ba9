import * as os from 'node:os';
import { BACKEND_NAMES, parseBackendName } from './backend-drivers';
import { resolveDuckDbSettings } from '@pipeline/engine-core';

describe('backend names', () => {
  it('defaults to duckdb and accepts danfo and spark', () => {
    expect(BACKEND_NAMES).toEqual(['duckdb', 'danfo', 'spark']);
    expect(parseBackendName(undefined)).toBe('duckdb');
    expect(parseBackendName('')).toBe('duckdb');
    expect(parseBackendName('duckdb')).toBe('duckdb');
    expect(parseBackendName('danfo')).toBe('danfo');
    expect(parseBackendName('spark')).toBe('spark');
  });

  it('refuses anything else with E_UNKNOWN_BACKEND', () => {
    expect(() => parseBackendName('polars')).toThrow('unknown backend "polars" (expected duckdb, danfo, spark)');
    expect(() => parseBackendName('DuckDB')).toThrow(expect.objectContaining({ code: 'E_UNKNOWN_BACKEND' }));
  });
});

describe('DuckDB settings', () => {
  it('defaults to every core and a bounded memory limit', () => {
    const s = resolveDuckDbSettings(undefined);
    expect(s.threads).toBe(Math.max(1, os.availableParallelism()));
    const mb = Number(/^(\d+)MB$/.exec(s.memoryLimit)?.[1]);
    expect(mb).toBeGreaterThanOrEqual(256);
    expect(mb).toBeLessThanOrEqual(4096);
  });

  it('keeps explicit values and refuses bad ones', () => {
    expect(resolveDuckDbSettings({ threads: 2, memoryLimit: '512MB', tempDirectory: '/tmp/x' })).toEqual({
      threads: 2,
      memoryLimit: '512MB',
      tempDirectory: '/tmp/x',
    });
    expect(() => resolveDuckDbSettings({ threads: 0 })).toThrow(RangeError);
    expect(() => resolveDuckDbSettings({ memoryLimit: "1GB'; SET x" })).toThrow(RangeError);
  });
});
