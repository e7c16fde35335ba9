import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeTempRoot, type TempRoot } from '../__fixtures__/temp-root';
import { MAX_NAME_BYTES, isInside, openDataRoot, resolveInRoot } from './data-root';

describe('data root', () => {
  let root: TempRoot;
  let outside: string;
  beforeEach(() => {
    root = makeTempRoot();
    outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'engine-outside-')));
    fs.writeFileSync(path.join(outside, 'secret.csv'), 'a\n1\n');
  });
  afterEach(() => {
    root.cleanup();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('resolves relative paths, absolute paths inside, and paths that do not exist yet', () => {
    const r = openDataRoot(root.dir);
    root.write('in/a.csv', 'x');
    expect(resolveInRoot(r, 'in/a.csv').absolute).toBe(path.join(root.dir, 'in/a.csv'));
    expect(resolveInRoot(r, path.join(root.dir, 'in/a.csv')).absolute).toBe(path.join(root.dir, 'in/a.csv'));
    expect(resolveInRoot(r, 'new/deeper/out.parquet').absolute).toBe(path.join(root.dir, 'new/deeper/out.parquet'));
    expect(resolveInRoot(r, 'in/../in/a.csv').absolute).toBe(path.join(root.dir, 'in/a.csv'));
    expect(resolveInRoot(r, '..data.csv').absolute).toBe(path.join(root.dir, '..data.csv'));
  });

  it.each([
    ['../x.csv', 'is outside the data root'],
    ['in/../../x.csv', 'is outside the data root'],
    ['/etc/passwd', 'is outside the data root'],
    ['', 'is empty'],
    ['.', 'names the data root itself, not a file'],
  ])('refuses %p', (p, why) => {
    const r = openDataRoot(root.dir);
    expect(() => resolveInRoot(r, p, 'raw')).toThrow(`asset "raw": path "${p}" ${why}`);
    expect(() => resolveInRoot(r, p, 'raw')).toThrow(expect.objectContaining({ code: 'E_PATH_OUTSIDE_ROOT' }));
  });

  it('refuses an absolute path into a sibling folder that shares the prefix', () => {
    const sibling = `${root.dir}-sibling`;
    expect(() => resolveInRoot(openDataRoot(root.dir), path.join(sibling, 'a.csv'))).toThrow(/outside the data root/);
  });

  it('refuses a symbolic link that points out, for files, folders and outputs below them', () => {
    const r = openDataRoot(root.dir);
    fs.symlinkSync(path.join(outside, 'secret.csv'), path.join(root.dir, 'link.csv'));
    fs.symlinkSync(outside, path.join(root.dir, 'linkdir'));
    for (const p of ['link.csv', 'linkdir/secret.csv', 'linkdir/new/out.csv']) {
      expect(() => resolveInRoot(r, p, 'a')).toThrow(`asset "a": path "${p}" leaves the data root through a symbolic link`);
    }
  });

  it('accepts a symbolic link that stays inside, and refuses a dangling one', () => {
    const r = openDataRoot(root.dir);
    root.write('real/a.csv', 'x');
    fs.symlinkSync(path.join(root.dir, 'real'), path.join(root.dir, 'alias'));
    expect(resolveInRoot(r, 'alias/a.csv').absolute).toBe(path.join(root.dir, 'real/a.csv'));
    fs.symlinkSync(path.join(outside, 'missing'), path.join(root.dir, 'dangling'));
    expect(() => resolveInRoot(r, 'dangling/x.csv')).toThrow(/symbolic link whose target does not exist/);
  });

  it('follows a data root that is itself a symbolic link', () => {
    const link = `${outside}/root-link`;
    fs.symlinkSync(root.dir, link);
    root.write('a.csv', 'x');
    expect(resolveInRoot(openDataRoot(link), 'a.csv').absolute).toBe(path.join(root.dir, 'a.csv'));
  });

  it('refuses paths the file system would refuse, by length, without quoting them', () => {
    const r = openDataRoot(root.dir);
    expect(() => resolveInRoot(r, 'a'.repeat(40_005), 'raw')).toThrow(
      'asset "raw": path has a name of 40005 bytes; the file system\'s limit is 255 bytes per file or folder name',
    );
    expect(() => resolveInRoot(r, `${'é'.repeat(128)}.csv`)).toThrow(/a name of 260 bytes/);
    expect(resolveInRoot(r, `${'n'.repeat(MAX_NAME_BYTES)}`).absolute).toBe(path.join(root.dir, 'n'.repeat(MAX_NAME_BYTES)));
    const deep = 'a/'.repeat(20_000) + 'x.csv';
    expect(() => resolveInRoot(r, deep)).toThrow(
      /^path is 40005 bytes long; with the data root's own folder it exceeds the file system's limit of 4095 bytes$/,
    );
    expect(() => resolveInRoot(r, deep)).toThrow(expect.objectContaining({ code: 'E_PATH_OUTSIDE_ROOT' }));
  });

  it('resolves a deep path that does not exist in time linear in its depth', () => {
    const r = openDataRoot(root.dir);
    root.write('a/a/keep.csv', 'x');
    // 2,000 levels (the most the length limit allows): the old bottom-up walk took about 0.4 s.
    const deep = 'a/'.repeat(2_000) + 'x.csv';
    const started = performance.now();
    expect(resolveInRoot(r, deep).absolute).toBe(path.join(root.dir, deep));
    expect(performance.now() - started).toBeLessThan(150);
  });

  it('refuses a data root that is missing or not a folder', () => {
    expect(() => openDataRoot(path.join(root.dir, 'missing'))).toThrow(/does not exist/);
    root.write('file', 'x');
    expect(() => openDataRoot(path.join(root.dir, 'file'))).toThrow(/not a directory/);
    expect(() => openDataRoot('')).toThrow(/not set/);
  });

  it('isInside compares whole path segments', () => {
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b/c')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/a/b', '/a')).toBe(false);
  });
});
