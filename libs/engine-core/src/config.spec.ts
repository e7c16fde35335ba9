import * as os from 'node:os';
import { defaultThreads, memoryLimitBytes, resolveDuckDbSettings } from './config';

describe('DuckDB settings', () => {
  it('defaults to every core, so a lone job or session uses the whole machine; explicit values win', () => {
    expect(defaultThreads()).toBe(Math.max(1, os.availableParallelism()));
    expect(resolveDuckDbSettings(undefined).threads).toBe(defaultThreads());
    expect(resolveDuckDbSettings({ threads: 1, memoryLimit: '300MB', tempDirectory: 'spill' })).toEqual({
      threads: 1,
      memoryLimit: '300MB',
      tempDirectory: 'spill',
    });
  });

  it('refuses bad threads and memory limits with a message naming them', () => {
    expect(() => resolveDuckDbSettings({ threads: 0 })).toThrow(/threads must be a positive integer/);
    expect(() => resolveDuckDbSettings({ memoryLimit: 'lots' })).toThrow(/memoryLimit must look like/);
  });
});

describe('memoryLimitBytes', () => {
  it('reads a memory limit as DuckDB does: KB, MB, GB in powers of 1000, KiB, MiB, GiB in powers of 1024', () => {
    expect(memoryLimitBytes('2GB')).toBe(2e9);
    expect(memoryLimitBytes(' 512 mb ')).toBe(512e6);
    expect(memoryLimitBytes('1.5GiB')).toBe(1.5 * 2 ** 30);
    expect(() => memoryLimitBytes('lots')).toThrow('duckdb memoryLimit must look like "512MB" or "2GB" (got "lots")');
  });
});
