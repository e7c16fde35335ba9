/**
 * repeat, lpad and rpad with a count read from the data: validation bounds a written count, and
 * both backends fail the job for a larger one from the data, instead of building gigabytes per row
 * (DuckDB built a 2 GB text for repeat('x', 2000000000)). A value a growing function or a fold
 * makes is bounded too, whatever the count: on DuckDB by a limit that follows the job's memory
 * limit (it builds a chunk of 2048 rows' values at once), on danfo by MAX_VALUE_BYTES.
 */

import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { MAX_VALUE_BYTES, valueLimits } from '@pipeline/engine-core';

/** DuckDB's limits under a `memory_limit` of 2GB (2e9 bytes) and 512MB. */
const AT_2GB = valueLimits(2e9);
const AT_512MB = valueLimits(512e6);

function pipeline(column: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: raw',
    '      source: { input: { format: csv, path: counts.csv } }',
    '    - asset_ref: grown',
    `      source: { select: { from: raw, columns: [${JSON.stringify(column)}] } }`,
    '    - asset_ref: out',
    '      source: { output: { from: grown, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

describe.each(['duckdb', 'danfo'] as const)('text growth from the data on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('counts.csv', 'n\n3\n20000\n');
  });
  afterEach(() => root.cleanup());
  const run = (column: string) => executePlan(plan(pipeline(column)), { dataRoot: root.dir, backend });

  it.each([
    ["repeat('ab', n) AS r", 'repeat makes text of at most 10000 copies; a count in the data is larger'],
    ["lpad('x', n, '-') AS r", 'lpad makes text of at most 10000 characters; a length in the data is larger'],
    ["rpad('x', n) AS r", 'rpad makes text of at most 10000 characters; a length in the data is larger'],
  ])('%s fails the job with E_VALUE past the bound', async (column, message) => {
    await expect(run(column)).rejects.toMatchObject({ code: 'E_VALUE', message: expect.stringContaining(message) });
  });

  it('computes counts within the bound', async () => {
    root.write('counts.csv', 'n\n3\n10000\n');
    await run("length(repeat('ab', n)) AS r");
    expect(root.read('out.csv')).toBe('r\n6\n20000\n');
    // A length read as a long column: DuckDB's lpad takes an INTEGER (this failed to bind before).
    root.write('counts.csv', 'n\n3\n1\n');
    await run("lpad('x', n, '-') AS r");
    expect(root.read('out.csv')).toBe('r\n--x\nx\n');
  });
});

describe.each(['duckdb', 'danfo'] as const)('the size of a grown value on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    // 200 characters repeated 10,000 times is 2 MB: within the count bound, past the size bound.
    root.write('counts.csv', `w,n,r,v\n${'x'.repeat(200)},10000,${'y'.repeat(10_000)},${'v'.repeat(2000)}\n`);
  });
  afterEach(() => root.cleanup());
  const run = (column: string, memoryLimit = '2GB') => executePlan(plan(pipeline(column)), { dataRoot: root.dir, backend, duckdb: { memoryLimit } });
  const limit = backend === 'duckdb' ? AT_2GB.valueBytes : MAX_VALUE_BYTES;

  it('fails repeat past the value limit with E_VALUE, before building it', async () => {
    await expect(run('repeat(w, n) AS r')).rejects.toMatchObject({
      code: 'E_VALUE',
      message: expect.stringContaining(`repeat would make a text of more than ${limit} bytes`),
    });
    const within = Math.floor(limit / 200);
    await run(`length(repeat(w, ${within})) AS r`);
    expect(root.read('out.csv')).toBe(`r\n${within * 200}\n`);
  });

  (backend === 'danfo' ? it : it.skip)('fails replace past MAX_VALUE_BYTES with E_VALUE (DuckDB counts it in its memory limit)', async () => {
    await expect(run("replace(w, 'x', r) AS r")).rejects.toMatchObject({ code: 'E_VALUE', message: expect.stringContaining('replace would make a text of more than') });
    await expect(run("regexp_replace(r, 'y', 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy') AS r")).rejects.toMatchObject({
      code: 'E_VALUE',
      message: expect.stringContaining('regexp_replace would make a text of more than'),
    });
  });

  (backend === 'duckdb' ? it : it.skip)('fails an aggregate whose text accumulator passes the fold limit', async () => {
    // Appending once per element is valid (linear), but 100 elements of 2,000 characters is 200 KB.
    await expect(run("aggregate(array_repeat(v, 100), '', (acc, x) -> concat(acc, x)) AS r")).rejects.toMatchObject({
      code: 'E_VALUE',
      message: expect.stringContaining(`aggregate's accumulator grew past ${AT_2GB.foldBytes} bytes`),
    });
    await run("length(aggregate(array_repeat(v, 10), '', (acc, x) -> concat(acc, x))) AS r");
    expect(root.read('out.csv')).toBe('r\n20000\n');
  });
});

const csvField = (text: string): string => `"${text.replaceAll('"', '""')}"`;

describe('the value limits on duckdb follow the memory limit', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('counts.csv', `w,r,a\n${'x'.repeat(200)},${'y'.repeat(10_000)},${csvField(JSON.stringify(Array.from({ length: 100 }, () => 'z'.repeat(200))))}\n`);
  });
  afterEach(() => root.cleanup());
  const run = (column: string, memoryLimit: string) => executePlan(plan(pipeline(column)), { dataRoot: root.dir, backend: 'duckdb', duckdb: { memoryLimit } });

  it('derives them from memory_limit: 2GB gives 244,140-byte values, 512MB 62,500, with floors and ceilings', () => {
    expect(AT_2GB).toEqual({ valueBytes: 244_140, foldBytes: 30_517, foldElements: 476 });
    expect(AT_512MB).toEqual({ valueBytes: 62_500, foldBytes: 7_812, foldElements: 122 });
    expect(valueLimits(16e9)).toEqual({ valueBytes: MAX_VALUE_BYTES, foldBytes: 128 * 1024, foldElements: 3814 });
    expect(valueLimits(1e6)).toEqual({ valueBytes: 8 * 1024, foldBytes: 4 * 1024, foldElements: 64 });
  });

  it('builds a 200 KB text under 2GB and fails the same job with E_VALUE naming repeat and the asset under 512MB', async () => {
    await run('length(repeat(w, 1000)) AS r', '2GB');
    expect(root.read('out.csv')).toBe('r\n200000\n');
    await expect(run('length(repeat(w, 1000)) AS r', '512MB')).rejects.toMatchObject({
      code: 'E_VALUE',
      details: { asset: 'grown' },
      message: expect.stringContaining(`repeat would make a text of more than ${AT_512MB.valueBytes} bytes`),
    });
  });

  it('bounds the array a transform builds as a whole: each element gets its share of the limit', async () => {
    // 100 elements of 4,000 characters: each is far within the limit, the array (400 KB) is not.
    await expect(run("size(transform(from_json(a, 'array<string>'), x -> repeat(x, 20))) AS r", '2GB')).rejects.toMatchObject({
      code: 'E_VALUE',
      details: { asset: 'grown' },
      message: expect.stringContaining('repeat would make a text of more than 2441 bytes, the largest value a job may build (its share of it in a lambda'),
    });
    await expect(run("size(filter(from_json(a, 'array<string>'), x -> length(repeat(x, 20)) > 0)) AS r", '2GB')).rejects.toMatchObject({ code: 'E_VALUE' });
    await expect(run("size(zip_with(from_json(a, 'array<string>'), from_json(a, 'array<string>'), (x, y) -> repeat(x, 20))) AS r", '2GB')).rejects.toMatchObject({
      code: 'E_VALUE',
      message: expect.stringContaining('its share of it in a lambda'),
    });
    await run("size(transform(from_json(a, 'array<string>'), x -> repeat(x, 10))) AS r", '2GB');
    expect(root.read('out.csv')).toBe('r\n100\n');
  });

  it('bounds the array array_repeat builds as a whole', async () => {
    // 100 copies of 10,000 characters: the count is within its bound, the array (1 MB) is not.
    await expect(run('size(array_repeat(r, 100)) AS r', '2GB')).rejects.toMatchObject({
      code: 'E_VALUE',
      details: { asset: 'grown' },
      message: expect.stringContaining(`array_repeat would make an array of more than ${AT_2GB.valueBytes} bytes`),
    });
    await run('size(array_repeat(r, 20)) AS r', '2GB');
    expect(root.read('out.csv')).toBe('r\n20\n');
  });
});
