import { failure, startHarness, type Harness } from './harness';

// Sessions share one memory limit (MEMORY_LIMIT, as a job has) and one budget for what they hold:
// past it, idle sessions are evicted first, then new sessions and handles are refused; running
// out of memory answers RESOURCE_EXHAUSTED naming the asset, never INTERNAL.

const ROWS = 1_000_000;

function bigCsv(): string {
  const lines = ['id,grp,amount,k'];
  for (let i = 0; i < ROWS; i++) lines.push(`${i},${i % 1000},${(i * 7919) % 100_000},1`);
  return `${lines.join('\n')}\n`;
}

describe('sessions under MEMORY_LIMIT=64MB', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ memoryLimit: '64MB' });
    h.write('big.csv', bigCsv());
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  it('refuses a handle once the budget is spent, then a new session evicts the idle one holding it', async () => {
    const first = await h.client.createSession({ backend: 'duckdb' });
    const read = () => h.client.readInput({ sessionId: first.sessionId, assetName: 'big', format: 'csv', path: 'big.csv', options: {} });
    // A 1M-row handle holds about 25-45 MB: the third or fourth one finds the budget spent.
    let refused: { code: string; details: string } | undefined;
    for (let i = 0; i < 8 && refused === undefined; i++) {
      refused = await read().then(
        () => undefined,
        (e: unknown) => failure(Promise.reject(e)),
      );
    }
    expect(refused).toEqual({
      code: 'RESOURCE_EXHAUSTED',
      details: expect.stringMatching(/^the sessions' memory budget of 64MB is spent \(1 open sessions hold about \d+ MB, none idle to evict\); close sessions or release handles, then retry$/),
    });
    // The first session is idle now: a new session makes room by evicting it.
    const second = await h.client.createSession({ backend: 'duckdb' });
    expect(await failure(read())).toEqual({ code: 'NOT_FOUND', details: 'session not found' });
    const again = await h.client.readInput({ sessionId: second.sessionId, assetName: 'big', format: 'csv', path: 'big.csv', options: {} });
    expect(again.rowCount).toBe(ROWS);
    await h.client.closeSession({ sessionId: second.sessionId });
  }, 120_000);
});

describe('sessions under MEMORY_LIMIT=32MB', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ memoryLimit: '32MB' });
    h.write('big.csv', bigCsv());
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  // DuckDB's CSV reader needs a 30.5 MiB buffer block, more than 32MB leaves it; danfo holds a file
  // about 18 times its size, and 17 MB of CSV does not fit the 256 MB heap its thread gets at least.
  it.each(['duckdb', 'danfo'])('answers a %s read past the limit with RESOURCE_EXHAUSTED naming the asset, and keeps serving', async (backend) => {
    const { sessionId } = await h.client.createSession({ backend });
    const oom = await failure(h.client.readInput({ sessionId, assetName: 'big', format: 'csv', path: 'big.csv', options: {} }));
    expect(oom).toEqual({
      code: 'RESOURCE_EXHAUSTED',
      details: expect.stringMatching(/^asset "big": out of memory under the sessions' memory limit of 32MB \(.+\)$/),
    });
    const other = await h.client.createSession({ backend });
    await h.client.closeSession({ sessionId: other.sessionId });
  }, 120_000);
});
