import * as os from 'node:os';
import { defaultThreads, resolveDuckDbSettings } from './config';

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
