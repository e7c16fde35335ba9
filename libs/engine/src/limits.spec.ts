import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { makeTempRoot, type TempRoot, input } from '@pipeline/engine-core/testing';
import { createBackend } from './create-backend';
import { MAX_DANFO_INPUT_BYTES } from '@pipeline/engine-core';

describe('danfo: the bound on what it reads into memory', () => {
  let root: TempRoot;
  beforeAll(() => {
    root = makeTempRoot();
    // One line more than the bound, written in chunks (no string of that size in the test).
    const fd = fs.openSync(path.join(root.dir, 'big.csv'), 'w');
    fs.writeSync(fd, 'a,b\n');
    const chunk = Buffer.from('1,xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n'.repeat(16_384));
    for (let written = 0; written <= MAX_DANFO_INPUT_BYTES; written += chunk.length) fs.writeSync(fd, chunk);
    fs.closeSync(fd);
    // A small gzip file that expands past the bound.
    fs.writeFileSync(path.join(root.dir, 'bomb.csv.gz'), gzipSync(Buffer.concat([Buffer.from('a\n'), Buffer.alloc(MAX_DANFO_INPUT_BYTES + 10, 0x31)])));
    root.write('small.csv', 'a,b\n1,2\n');
  });
  afterAll(() => root.cleanup());

  it.each([
    ['big.csv', /^asset "r": E-IO-001: cannot read big\.csv: the file holds \d+ bytes of data; the danfo backend reads at most 67108864 \(the duckdb backend has no such limit\)$/],
    ['bomb.csv.gz', /^asset "r": E-IO-001: cannot read bomb\.csv\.gz: the file holds 67108865 bytes or more of data; the danfo backend reads at most 67108864/],
  ])('%s is refused with a clear error before it is held in memory', async (file, message) => {
    const backend = await createBackend('danfo', { dataRoot: root.dir });
    try {
      const failure = await backend.readInput('r', input(file)).then(
        () => undefined,
        (e: unknown) => e as Error & { code?: string },
      );
      expect(failure?.code).toBe('E_READ_FAILED');
      expect(failure?.message).toMatch(message);
      await expect(backend.readInput('s', input('small.csv'))).resolves.toMatchObject({ rowCount: 1 });
    } finally {
      await backend.close();
    }
  });
});
