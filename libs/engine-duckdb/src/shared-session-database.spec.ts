import { makeTempRoot, type TempRoot } from '@pipeline/engine-core/testing';
import { createSharedDuckDb, type SharedDuckDb } from './shared-session-database';

describe('createSharedDuckDb', () => {
  let root: TempRoot;
  let shared: SharedDuckDb;
  beforeEach(() => {
    root = makeTempRoot();
    const lines = ['id,name'];
    for (let i = 0; i < 200_000; i++) lines.push(`${i},n${i % 500}`);
    root.write('in/rows.csv', `${lines.join('\n')}\n`);
    shared = createSharedDuckDb({ dataRoot: root.dir, duckdb: { threads: 1, memoryLimit: '256MB' } });
  });
  afterEach(async () => {
    await shared.close();
    root.cleanup();
  });

  const usage = async (): Promise<number> => {
    const u = await shared.usage();
    return u.memoryBytes + u.spilledBytes;
  };

  it('gives each backend its own tables on one database, and counts what they hold until each closes', async () => {
    expect(await usage()).toBe(0);
    const a = await shared.open();
    const b = await shared.open();
    const ha = await a.readInput('rows', { kind: 'input', format: 'csv', path: 'in/rows.csv', options: {} });
    const afterA = await usage();
    expect(afterA).toBeGreaterThan(1_000_000);
    const hb = await b.readInput('rows', { kind: 'input', format: 'csv', path: 'in/rows.csv', options: {} });
    expect(await usage()).toBeGreaterThan(afterA);
    // Same asset, same step: each backend's table is its own.
    expect([ha.rowCount, hb.rowCount]).toEqual([200_000, 200_000]);
    await expect(b.apply('few', { kind: 'limit', from: 'rows', count: 2 }, { rows: ha.id })).rejects.toMatchObject({ code: 'E_BAD_HANDLE' });
    await a.close();
    await b.close();
    expect(await usage()).toBeLessThan(afterA);
  });
});
