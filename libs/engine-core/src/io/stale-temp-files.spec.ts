import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeTempRoot, type TempRoot } from '../__fixtures__/temp-root';
import { sweepStaleTempFiles } from './stale-temp-files';
import { spawnSync } from 'node:child_process';
import { tempFileName, thisWriter } from './temp-name';

describe('sweeping abandoned temporary output files', () => {
  let root: TempRoot;
  let outside: string;
  const hourAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
  beforeEach(() => {
    root = makeTempRoot();
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-outside-'));
  });
  afterEach(() => {
    root.cleanup();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  function old(relative: string): void {
    root.write(relative, 'partial');
    fs.utimesSync(path.join(root.dir, relative), hourAgo, hourAgo);
  }

  it('removes old files of the service own naming, anywhere below the root, and nothing else', async () => {
    const stale = [`out/${tempFileName('a.csv')}`, `deep/er/${tempFileName('b.parquet')}`, `out/${tempFileName('c.csv')}.part`];
    for (const file of stale) old(file);
    old('out/.hidden.tmp');
    old('out/data.csv');
    old(`out/${tempFileName('d.csv').toUpperCase()}`);
    root.write(`out/${tempFileName('fresh.csv')}`, 'a write in progress');
    const result = await sweepStaleTempFiles(root.dir);
    expect([...result.removed].sort()).toEqual([...stale].sort());
    expect(fs.readdirSync(path.join(root.dir, 'out')).length).toBe(4);
    expect(result.truncated).toBe(false);
  });

  it('removes at once a young file whose writer process is gone, and keeps those of live or unknown writers', async () => {
    const me = thisWriter();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid as number;
    const dead = `out/${tempFileName('dead.csv', { ...me, pid: gone })}`;
    const mine = `out/${tempFileName('mine.csv')}`;
    const elsewhere = `out/${tempFileName('elsewhere.csv', { ...me, pid: gone, host: '00000000' })}`;
    const otherContainer = `out/${tempFileName('container.csv', { ...me, pid: gone, space: '00000000' })}`;
    const unnamed = 'out/.older.csv.0123456789ab.tmp';
    for (const file of [dead, mine, elsewhere, otherContainer, unnamed]) root.write(file, 'a write');
    // A predecessor with this process's pid (a restarted container) wrote before this process began.
    const predecessor = `out/${tempFileName('predecessor.csv')}`;
    root.write(predecessor, 'half');
    const beforeStart = (Date.now() - process.uptime() * 1000 - 60_000) / 1000;
    fs.utimesSync(path.join(root.dir, predecessor), beforeStart, beforeStart);
    const result = await sweepStaleTempFiles(root.dir);
    expect([...result.removed].sort()).toEqual([dead, predecessor].sort());
  });

  it('never follows a link out of the root', async () => {
    const name = tempFileName('x.csv');
    fs.writeFileSync(path.join(outside, name), 'not ours');
    fs.utimesSync(path.join(outside, name), hourAgo, hourAgo);
    fs.symlinkSync(outside, path.join(root.dir, 'link'));
    fs.symlinkSync(path.join(outside, name), path.join(root.dir, name));
    expect((await sweepStaleTempFiles(root.dir)).removed).toEqual([]);
    expect(fs.existsSync(path.join(outside, name))).toBe(true);
  });

  it('stops after its entry budget', async () => {
    for (let i = 0; i < 10; i++) old(`many/${tempFileName(`f${i}.csv`)}`);
    const result = await sweepStaleTempFiles(root.dir, { maxEntries: 5 });
    expect(result.truncated).toBe(true);
    expect(result.visited).toBe(5);
  });
});
