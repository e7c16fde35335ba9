/**
 * A DuckDB read of a file read before, and unchanged since, is the relation the first read
 * described (no second sniff); a file changed in between is described again, so its new columns
 * and types are the ones read.
 */
import * as fs from 'node:fs';
import { makeTempRoot, type TempRoot, input } from '@pipeline/engine-core/testing';
import { resolveDuckDbSettings, SETTLED_MS, openDataRoot } from '@pipeline/engine-core';
import { DuckDbDatabase } from './duckdb-database';
import { inputRelation, type InputRelation } from './input-relation';

describe('inputs DuckDB has read before', () => {
  let root: TempRoot;
  let db: DuckDbDatabase;
  beforeEach(async () => {
    root = makeTempRoot();
    db = await DuckDbDatabase.open(openDataRoot(root.dir), resolveDuckDbSettings(undefined));
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await db.close();
    root.cleanup();
  });

  const read = (path: string, options: Record<string, string> = {}): Promise<InputRelation> =>
    inputRelation(db, openDataRoot(root.dir), 'raw', input(path, 'csv', options), undefined);
  /** Makes every file written so far look settled. */
  const settle = (): void => {
    const now = Date.now() + SETTLED_MS + 1_000;
    jest.spyOn(Date, 'now').mockReturnValue(now);
  };

  it('describes a settled, unchanged file once', async () => {
    root.write('people.csv', 'id,name\n1,ann\n2,bob\n');
    settle();
    const first = await read('people.csv');
    expect(first.columns).toEqual([{ name: 'id', type: 'long' }, { name: 'name', type: 'string' }]);
    expect(await read('people.csv')).toBe(first);
  });

  it('describes a file again after it changed, and reads its new columns and types', async () => {
    const file = root.write('people.csv', 'id,name\n1,ann\n2,bob\n');
    // A whole second, which utimes sets exactly: the rewrite below keeps the same modification time.
    const stamp = Math.floor(Date.now() / 1000) - 60;
    fs.utimesSync(file, stamp, stamp);
    settle();
    const first = await read('people.csv');
    // The same size and modification time: only the change time tells.
    fs.writeFileSync(file, 'id,rate\n1,2.5\n2,3.5\n');
    expect(fs.statSync(file).size).toBe('id,name\n1,ann\n2,bob\n'.length);
    fs.utimesSync(file, stamp, stamp);
    expect(fs.statSync(file, { bigint: true }).mtimeNs).toBe(BigInt(stamp) * 1_000_000_000n);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + SETTLED_MS + 10_000);
    const again = await read('people.csv');
    expect(again).not.toBe(first);
    expect(again.columns).toEqual([{ name: 'id', type: 'long' }, { name: 'rate', type: 'double' }]);
  });

  it('describes a file changed less than SETTLED_MS ago on every read', async () => {
    root.write('people.csv', 'id,name\n1,ann\n');
    const first = await read('people.csv');
    const again = await read('people.csv');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('keeps one entry per way of reading a file: other options describe it again', async () => {
    root.write('people.csv', 'id;name\n1;ann\n');
    settle();
    const plain = await read('people.csv');
    const separated = await read('people.csv', { sep: ';' });
    expect(separated).not.toBe(plain);
    expect(separated.columns.map((c) => c.name)).toEqual(['id', 'name']);
    expect(await read('people.csv', { sep: ';' })).toBe(separated);
  });
});
