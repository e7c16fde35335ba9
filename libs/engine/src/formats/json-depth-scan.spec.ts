/**
 * JSON input files nested deeper than MAX_JSON_DEPTH (1,000 levels) fail the job with
 * E_READ_FAILED naming the asset and path on both backends, before DuckDB's read_json sees them
 * (100,000 nested arrays SIGSEGV'd the process); the scanner counts levels across chunks and
 * ignores brackets inside strings.
 */
import { execFileSync } from 'node:child_process';
import * as zlib from 'node:zlib';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { shapedPipeline } from '../__fixtures__/shaped-pipeline';
import { executePlan } from '../index';
import { JsonDepthScanner } from '@pipeline/engine-core';

const objects = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const arrays = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('JsonDepthScanner', () => {
  const scan = (limit: number, ...chunks: string[]): boolean => {
    const s = new JsonDepthScanner(limit);
    return chunks.map((c) => s.feed(Buffer.from(c))).at(-1) as boolean;
  };

  it('counts levels of arrays and objects, not brackets', () => {
    expect(scan(3, '[{"a":[1]}]')).toBe(false);
    expect(scan(2, '[{"a":[1]}]')).toBe(true);
    expect(scan(2, '[[1],[2],{"a":3},[4]]')).toBe(false);
    expect(scan(2, '[[1],[2],{"a":[3]},[4]]')).toBe(true);
  });

  it('skips brackets in strings, escaped quotes too, across chunk boundaries', () => {
    expect(scan(1, '["[[[[", "\\"[[["]')).toBe(false);
    expect(scan(1, '["[[\\', '"[[', '[", 1]')).toBe(false);
    expect(scan(1, '["a\\\\', '"', ', [[1]]]')).toBe(true);
  });
});

describe.each(['duckdb', 'danfo'] as const)('JSON input nesting bound on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => (root = makeTempRoot()));
  afterEach(() => root.cleanup());
  const run = (path = 'events.json') => executePlan(plan(shapedPipeline(['id'], { input: { path } })), { dataRoot: root.dir, backend });

  it.each([
    ['1,001 nested objects', `{"id":1,"v":${objects(1000)}}\n`],
    ['100,000 nested arrays', `{"id":1,"v":${arrays(100_000)}}\n`],
    ['100,000 nested objects after a shallow record', `{"id":0,"v":1}\n{"id":1,"v":${objects(100_000)}}\n`],
  ])('refuses %s naming the asset and path', async (_label, text) => {
    root.write('events.json', text);
    await expect(run()).rejects.toMatchObject({
      code: 'E_READ_FAILED',
      message: expect.stringContaining('asset "events": E-IO-001: cannot read events.json: its JSON nests deeper than 1000 levels'),
    });
  });

  it('refuses a deep gzip file too', async () => {
    root.write('events.json.gz', zlib.gzipSync(`{"id":1,"v":${arrays(100_000)}}\n`));
    await expect(run('events.json.gz')).rejects.toMatchObject({ code: 'E_READ_FAILED', message: expect.stringContaining('its JSON nests deeper than 1000 levels') });
  });

  if (backend === 'duckdb') {
    // zstd has no decoder in Node here: DuckDB reads each record as one JSON text and SQL checks it.
    it('refuses a deep zstd file and reads a shallow one', async () => {
      const zstd = (text: string, name: string): void => {
        root.write(name, text);
        execFileSync('zstd', ['-q', '-f', '--rm', root.dir + '/' + name, '-o', `${root.dir}/${name}.zst`]);
      };
      zstd(`{"id":0,"v":1}\n{"id":1,"v":${objects(100_000)}}\n`, 'deep.json');
      await expect(run('deep.json.zst')).rejects.toMatchObject({ code: 'E_READ_FAILED', message: expect.stringContaining('cannot read deep.json.zst: its JSON nests deeper than 1000 levels') });
      zstd(`{"id":1,"v":${objects(50)},"w":[${'[1],'.repeat(5000)}[2]]}\n{"id":2}\n`, 'fine.json');
      await run('fine.json.zst');
      expect(root.read('out.csv')).toBe('id\n1\n2\n');
    });

    // Not at the bound: DuckDB's own expression depth limit (1,000) refuses a struct type that deep.
    it('reads nested values and brackets in strings', async () => {
      root.write('events.json', `{"id":1,"v":${objects(100)},"s":"${'['.repeat(5000)}"}\n`);
      await run();
      expect(root.read('out.csv')).toBe('id\n1\n');
    });
  }
});
