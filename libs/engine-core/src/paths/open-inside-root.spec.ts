import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeTempRoot, type TempRoot } from '../__fixtures__/temp-root';
import { openDataRoot, resolveInRoot } from './data-root';
import { readFileChecked, readHeadChecked, writeNewFileChecked } from './open-inside-root';

describe('opening a checked path', () => {
  let root: TempRoot;
  let outside: string;
  beforeEach(() => {
    root = makeTempRoot();
    outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'engine-outside-')));
    fs.writeFileSync(path.join(outside, 'secret.csv'), 'secret\n42\n');
    root.write('race/secret.csv', 'public\n1\n');
  });
  afterEach(() => {
    root.cleanup();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  /** The race, made deterministic: the folder is swapped for a link after the check, before the open. */
  function swapFolderForLink(): void {
    fs.renameSync(path.join(root.dir, 'race'), path.join(root.dir, 'race-old'));
    fs.symlinkSync(outside, path.join(root.dir, 'race'));
  }

  it('reads a file that stayed where it was checked, and one reached through a link inside the root', () => {
    const r = openDataRoot(root.dir);
    expect(readFileChecked(resolveInRoot(r, 'race/secret.csv').absolute).toString()).toBe('public\n1\n');
    fs.symlinkSync(path.join(root.dir, 'race'), path.join(root.dir, 'alias'));
    expect(readHeadChecked(resolveInRoot(r, 'alias/secret.csv').absolute, 6).toString()).toBe('public');
  });

  it('refuses to read when a folder on the path became a link out of the root after the check', () => {
    const checked = resolveInRoot(openDataRoot(root.dir), 'race/secret.csv', 'raw').absolute;
    swapFolderForLink();
    // Opening the path now reaches the outside file: the descriptor's real path gives it away.
    expect(fs.readFileSync(checked, 'utf8')).toBe('secret\n42\n');
    expect(() => readFileChecked(checked, { asset: 'raw', display: 'race/secret.csv' })).toThrow(
      expect.objectContaining({
        code: 'E_PATH_OUTSIDE_ROOT',
        message: 'asset "raw": path "race/secret.csv" changed while it was being opened (a folder on it was replaced, for example by a symbolic link); it was not used',
      }),
    );
    expect(() => readHeadChecked(checked, 10)).toThrow(expect.objectContaining({ code: 'E_PATH_OUTSIDE_ROOT' }));
  });

  it('refuses to create a file through a folder that became a link out of the root, and leaves nothing outside', () => {
    const checked = path.join(resolveInRoot(openDataRoot(root.dir), 'race/out.csv').absolute);
    swapFolderForLink();
    expect(() => writeNewFileChecked(checked, Buffer.from('rows\n'), { asset: 'out', display: 'race/out.csv' })).toThrow(
      expect.objectContaining({ code: 'E_PATH_OUTSIDE_ROOT' }),
    );
    expect(fs.readdirSync(outside)).toEqual(['secret.csv']);
  });

  it('creates a new file with its bytes, and never replaces an existing one', () => {
    const checked = resolveInRoot(openDataRoot(root.dir), 'race/new.csv').absolute;
    writeNewFileChecked(checked, Buffer.from('a\n1\n'));
    expect(fs.readFileSync(checked, 'utf8')).toBe('a\n1\n');
    expect(() => writeNewFileChecked(checked, Buffer.from('b\n'))).toThrow(/EEXIST/);
  });
});
