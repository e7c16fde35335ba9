import { connect } from 'node:http2';
import { ApplyTransformRequest } from '../src/generated/pipeline/v1/pipeline';
import { startHarness, type Harness } from './harness';

// A call whose client gave up (its gRPC deadline passed) must stop its work, so that the session's
// next call does not wait behind it.

const ROWS = 1_000_000;

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  const lines = ['id,grp,amount,k'];
  for (let i = 0; i < ROWS; i++) lines.push(`${i},${i % 1000},${(i * 7919) % 100_000},1`);
  h.write('big.csv', `${lines.join('\n')}\n`);
  h.write('small.csv', 'id\n1\n');
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

/**
 * ApplyTransform with a gRPC deadline of `timeoutMs` (the `grpc-timeout` header every client sends
 * for a deadline; nice-grpc's client has no deadline option without a middleware): its grpc-status.
 */
function applyWithDeadline(address: string, request: ApplyTransformRequest, timeoutMs: number): Promise<string> {
  const message = ApplyTransformRequest.encode(request).finish();
  const frame = Buffer.alloc(5 + message.length);
  frame.writeUInt32BE(message.length, 1);
  frame.set(message, 5);
  return new Promise((resolve, reject) => {
    const session = connect(`http://${address}`);
    session.on('error', reject);
    const stream = session.request({
      ':method': 'POST',
      ':path': '/pipeline.v1.PipelineService/ApplyTransform',
      'content-type': 'application/grpc',
      te: 'trailers',
      'grpc-timeout': `${timeoutMs}m`,
    });
    let status = '';
    stream.on('response', (headers) => (status = String(headers['grpc-status'] ?? status)));
    stream.on('trailers', (trailers) => (status = String(trailers['grpc-status'] ?? status)));
    stream.on('error', reject);
    stream.on('data', () => undefined);
    stream.on('close', () => {
      session.close();
      resolve(status);
    });
    stream.end(frame);
  });
}

/**
 * Work that runs for minutes over the 1M rows on each backend: a lambda folding 10,000 values per
 * row on DuckDB; on danfo a window whose frame grows with each row of one 1M-row partition (its
 * column is computed in one synchronous call) and a pivot whose values are probed first.
 */
const HEAVY: Record<string, object[]> = {
  duckdb: [
    { addColumns: { from: 'big', columns: [{ name: 's', expression: 'aggregate(array_repeat(amount, 10000), 0, (acc, x) -> acc + x % 7)' }] } },
  ],
  danfo: [
    {
      window: {
        from: 'big',
        partitionBy: ['k'],
        orderBy: ['amount'],
        frame: { type: 'rows', start: 'unbounded preceding', end: 'current row' },
        functions: [{ expression: 'max(amount)', alias: 'm' }],
      },
    },
    { pivot: { from: 'big', groupBy: ['id'], pivotColumn: 'grp', agg: ['sum(amount)'] } },
  ],
};

const CASES = Object.entries(HEAVY).flatMap(([backend, sources]) => sources.map((source) => [backend, Object.keys(source)[0], source] as const));

describe.each(CASES)('a %s session whose %s call passes its deadline', (backend, _kind, source) => {
  it('stops the work: the next call answers within a few seconds', async () => {
    const { sessionId } = await h.client.createSession({ backend });
    const big = await h.client.readInput({ sessionId, assetName: 'big', format: 'csv', path: 'big.csv', options: {} });
    expect(big.rowCount).toBe(ROWS);
    const request = { sessionId, assetName: 'heavy', sourceJson: JSON.stringify(source), inputHandles: { big: big.handleId } };
    // 4 = DEADLINE_EXCEEDED.
    expect(await applyWithDeadline(h.address, request, 1000)).toBe('4');
    const started = Date.now();
    const next = await h.client.readInput({ sessionId, assetName: 'small', format: 'csv', path: 'small.csv', options: {} });
    expect(next.rowCount).toBe(1);
    // DuckDB sees an interrupt between batches of chunks: 4-8 s with this lambda on a loaded 2-core machine.
    expect(Date.now() - started).toBeLessThan(15_000);
    await h.client.closeSession({ sessionId });
  }, 120_000);
});
