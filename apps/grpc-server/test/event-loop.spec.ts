import { startHarness, type Harness } from './harness';

// Session work runs off the server's event loop: while a danfo session (synchronous JavaScript,
// run in a worker thread) and a DuckDB session chew on a large file, other calls keep answering.

const ROWS = 300_000;
const salary = (i: number) => (i * 7919) % 100000;
/** Rows with salary > 100, counted the slow obvious way. */
const EXPECTED = Array.from({ length: ROWS }, (_, i) => salary(i)).filter((s) => s > 100).length;

function bigCsv(rows: number): string {
  const lines = ['id,department,salary'];
  for (let i = 0; i < rows; i++) lines.push(`${i},d${i % 50},${salary(i)}`);
  return `${lines.join('\n')}\n`;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.write('big.csv', bigCsv(ROWS));
});
afterAll(() => h.stop());

it.each(['danfo', 'duckdb'])('keeps answering Health while a %s session works', async (backend) => {
  const { sessionId } = await h.client.createSession({ backend });
  let finished = false;
  const started = Date.now();
  const work = (async () => {
    const raw = await h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'big.csv' });
    const rich = await h.client.applyTransform({
      sessionId,
      assetName: 'rich',
      sourceJson: '{"where":{"from":"raw","filter":"salary > 100"}}',
      inputHandles: { raw: raw.handleId },
    });
    finished = true;
    return rich.rowCount;
  })();
  const latencies: number[] = [];
  while (!finished) {
    const t = Date.now();
    await h.client.health({});
    latencies.push(Date.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  const rows = await work;
  const took = Date.now() - started;
  expect(rows).toBe(EXPECTED);
  // The check only means something when the session worked long enough to overlap the calls.
  if (backend === 'danfo') expect(took).toBeGreaterThan(300);
  expect(latencies.length).toBeGreaterThan(0);
  // A loop blocked by danfo would stall for the whole read (seconds); allow for a busy 2-core CI.
  expect(Math.max(...latencies)).toBeLessThan(750);
  await h.client.closeSession({ sessionId });
});
