import * as fs from 'node:fs';
import { makeTempRoot, type TempRoot } from '../__fixtures__/temp-root';
import { fileIdentity, SettledFileCache, SETTLED_MS } from './settled-file-cache';

describe('what was learnt from a file, remembered while the file is unchanged', () => {
  let root: TempRoot;
  beforeEach(() => (root = makeTempRoot()));
  afterEach(() => root.cleanup());
  const later = (): number => Date.now() + SETTLED_MS + 1_000;

  it('remembers a settled file and answers for it while it is unchanged', () => {
    const file = root.write('a.csv', 'id\n1\n');
    const cache = new SettledFileCache<string>();
    cache.remember(fileIdentity(file, later()), 'csv', 'learnt');
    expect(cache.get(fileIdentity(file, later()), 'csv')).toBe('learnt');
    expect(cache.get(fileIdentity(file, later()), 'parquet')).toBeUndefined();
  });

  it('does not remember a file changed less than SETTLED_MS ago, nor answer for one', () => {
    const file = root.write('a.csv', 'id\n1\n');
    const cache = new SettledFileCache<string>();
    const fresh = fileIdentity(file);
    expect(fresh?.settled).toBe(false);
    cache.remember(fresh, 'csv', 'learnt');
    expect(cache.size).toBe(0);
    cache.remember(fileIdentity(file, later()), 'csv', 'learnt');
    expect(cache.get(fileIdentity(file), 'csv')).toBeUndefined();
  });

  it('forgets a file rewritten in place, even with the same size and its old modification time', () => {
    const file = root.write('a.csv', 'id\n1\n');
    // A whole second, which utimes sets exactly, so the rewrite keeps the same modification time.
    const stamp = Math.floor(Date.now() / 1000) - 60;
    fs.utimesSync(file, stamp, stamp);
    const cache = new SettledFileCache<string>();
    cache.remember(fileIdentity(file, later()), 'csv', 'learnt');
    fs.writeFileSync(file, 'ab\n2\n');
    fs.utimesSync(file, stamp, stamp);
    expect(fs.statSync(file, { bigint: true }).mtimeNs).toBe(BigInt(stamp) * 1_000_000_000n);
    expect(cache.get(fileIdentity(file, later() + 5_000), 'csv')).toBeUndefined();
  });

  it('forgets a file replaced by another one (a new inode at the same path)', () => {
    const file = root.write('a.csv', 'id\n1\n');
    const cache = new SettledFileCache<string>();
    cache.remember(fileIdentity(file, later()), 'csv', 'learnt');
    root.write('b.csv', 'id\n1\n');
    fs.renameSync(`${root.dir}/b.csv`, file);
    expect(cache.get(fileIdentity(file, later() + 5_000), 'csv')).toBeUndefined();
  });

  it('has no identity for a missing file, and keeps at most its bound, dropping the least recently used', () => {
    expect(fileIdentity(`${root.dir}/missing.csv`)).toBeUndefined();
    const files = ['a', 'b', 'c'].map((n) => root.write(`${n}.csv`, n));
    const id = (i: number) => fileIdentity(files[i] as string, later());
    const cache = new SettledFileCache<number>(2);
    cache.remember(id(0), '', 0);
    cache.remember(id(1), '', 1);
    expect(cache.get(id(0), '')).toBe(0);
    cache.remember(id(2), '', 2);
    expect([cache.get(id(0), ''), cache.get(id(1), ''), cache.get(id(2), '')]).toEqual([0, undefined, 2]);
    expect(cache.size).toBe(2);
  });
});
