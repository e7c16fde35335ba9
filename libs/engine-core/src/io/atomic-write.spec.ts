import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempRoot, type TempRoot } from '../__fixtures__/temp-root';
import { concatenateInto, decideMode, lacksFinalNewline, prepareAtomicFile } from './atomic-write';

describe('atomic writes', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
  });
  afterEach(() => root.cleanup());

  it('applies the mode before any work', () => {
    const dest = path.join(root.dir, 'o.csv');
    for (const mode of ['overwrite', 'append', 'error', 'ignore'] as const) expect(decideMode(dest, 'o.csv', mode)).toBe('write');
    root.write('o.csv', 'x');
    expect(() => decideMode(dest, 'o.csv', 'error', 'out')).toThrow('asset "out": E-IO-002: output already exists: o.csv (mode error)');
    expect(decideMode(dest, 'o.csv', 'ignore')).toBe('skip');
    expect(decideMode(dest, 'o.csv', 'overwrite')).toBe('write');
    fs.mkdirSync(path.join(root.dir, 'folder'));
    expect(() => decideMode(path.join(root.dir, 'folder'), 'folder', 'overwrite')).toThrow(/is a folder/);
  });

  it('writes beside the destination and renames into place, creating folders', () => {
    const dest = path.join(root.dir, 'a/b/o.csv');
    const f = prepareAtomicFile(dest, 'a/b/o.csv');
    expect(path.dirname(f.tempPath)).toBe(path.dirname(dest));
    fs.writeFileSync(f.tempPath, 'data');
    expect(root.exists('a/b/o.csv')).toBe(false);
    expect(f.commit('overwrite')).toBe(true);
    expect(root.read('a/b/o.csv')).toBe('data');
    expect(root.files()).toEqual(['a/b/o.csv']);
  });

  it('discarding removes the temporary file and the folders it created', () => {
    root.write('keep/x', '1');
    const f = prepareAtomicFile(path.join(root.dir, 'keep/new/deep/o.csv'), 'o.csv');
    fs.writeFileSync(f.tempPath, 'partial');
    f.discard();
    f.discard();
    expect(root.files()).toEqual(['keep/x']);
    expect(fs.existsSync(path.join(root.dir, 'keep/new'))).toBe(false);
  });

  it('mode error never replaces a file that appeared meanwhile; ignore skips it', () => {
    const dest = path.join(root.dir, 'o.csv');
    const f = prepareAtomicFile(dest, 'o.csv', 'out');
    fs.writeFileSync(f.tempPath, 'new');
    root.write('o.csv', 'old');
    expect(() => f.commit('error')).toThrow(expect.objectContaining({ code: 'E_OUTPUT_EXISTS' }));
    expect(root.read('o.csv')).toBe('old');
    const g = prepareAtomicFile(dest, 'o.csv');
    fs.writeFileSync(g.tempPath, 'new');
    expect(g.commit('ignore')).toBe(false);
    expect(root.read('o.csv')).toBe('old');
    expect(root.files()).toEqual(['o.csv']);
  });

  it('mode error places a new file and leaves no temporary behind', () => {
    const f = prepareAtomicFile(path.join(root.dir, 'o.csv'), 'o.csv');
    fs.writeFileSync(f.tempPath, 'new');
    expect(f.commit('error')).toBe(true);
    expect(root.files()).toEqual(['o.csv']);
    expect(() => f.commit('error')).toThrow(/already committed/);
  });

  it('concatenates files and detects a missing final newline', () => {
    const a = root.write('a', 'h\n1');
    const b = root.write('b', '2\n');
    expect(lacksFinalNewline(a)).toBe(true);
    expect(lacksFinalNewline(b)).toBe(false);
    expect(lacksFinalNewline(root.write('e', ''))).toBe(false);
    concatenateInto(path.join(root.dir, 'c'), a, b, Buffer.from('\n'));
    expect(root.read('c')).toBe('h\n1\n2\n');
  });
});
