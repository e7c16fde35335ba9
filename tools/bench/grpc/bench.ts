/**
 * gRPC benchmark client (bundled and started by run.cjs against a built server):
 * - Health and ValidatePipeline at a fixed concurrency for a bounded time: calls per second and
 *   latency percentiles over one HTTP/2 channel;
 * - the low-level session chain (CreateSession, ReadInput, where, group_by, WriteOutput,
 *   CloseSession) run back to back on each backend: chain latency percentiles.
 *
 * Usage (through run.cjs): --address host:port --duration 10 --concurrency 32 --chains 30
 */
import { createChannel, createClient } from 'nice-grpc';
import { PipelineServiceDefinition } from '../../../apps/grpc-server/src/generated/pipeline/v1/pipeline';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const address = option('address', '127.0.0.1:50051');
const durationS = Number(option('duration', '10'));
const concurrency = Number(option('concurrency', '32'));
const chains = Number(option('chains', '30'));
const client = createClient(PipelineServiceDefinition, createChannel(address));

const PIPELINE = `version: "3.0"
pipeline:
  name: bench
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: employees.csv } }
    - asset_ref: rich
      source: { where: { from: raw, filter: "salary > 50000 AND department <> 'ops'" } }
    - asset_ref: by_dept
      source: { group_by: { from: rich, by: [department], agg: ["COUNT(*) AS n", "AVG(salary) AS avg_salary"] } }
    - asset_ref: out
      source: { output: { from: by_dept, format: csv, path: "\${OUT:out/bench.csv}", mode: overwrite } }
`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(name: string, latencies: number[], seconds?: number): string {
  const s = [...latencies].sort((a, b) => a - b);
  const rate = seconds === undefined ? '' : `${(s.length / seconds).toFixed(0).padStart(8)} calls/s`;
  return `${name.padEnd(28)}${String(s.length).padStart(7)} calls ${rate}  p50 ${percentile(s, 50).toFixed(2)} ms  p99 ${percentile(s, 99).toFixed(2)} ms  max ${s[s.length - 1].toFixed(2)} ms`;
}

async function load(name: string, call: () => Promise<unknown>): Promise<string> {
  const latencies: number[] = [];
  const end = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return summary(name, latencies, (performance.now() - started) / 1000);
}

async function sessionChains(backend: string): Promise<string> {
  const latencies: number[] = [];
  for (let i = 0; i < chains; i++) {
    const t = performance.now();
    const { sessionId } = await client.createSession({ backend });
    const raw = await client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv' });
    const rich = await client.applyTransform({
      sessionId,
      assetName: 'rich',
      sourceJson: '{"where":{"from":"raw","filter":"salary > 50000"}}',
      inputHandles: { raw: raw.handleId },
    });
    const byDept = await client.applyTransform({
      sessionId,
      assetName: 'by_dept',
      sourceJson: '{"group_by":{"from":"rich","by":["department"],"agg":["COUNT(*) AS n"]}}',
      inputHandles: { rich: rich.handleId },
    });
    await client.writeOutput({ sessionId, handleId: byDept.handleId, format: 'csv', path: `out/chain-${backend}.csv`, mode: 'overwrite' });
    await client.closeSession({ sessionId });
    latencies.push(performance.now() - t);
  }
  return summary(`session chain (${backend})`, latencies);
}

async function main(): Promise<void> {
  console.log(`gRPC benchmark against ${address}: ${durationS} s per load test, concurrency ${concurrency}, ${chains} chains per backend`);
  console.log(await load('Health', () => client.health({})));
  console.log(await load('ValidatePipeline', () => client.validatePipeline({ yaml: PIPELINE, variables: { OUT: 'out/x.csv' } })));
  console.log(await sessionChains('duckdb'));
  console.log(await sessionChains('danfo'));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
