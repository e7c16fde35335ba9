/**
 * Session memory benchmark client (bundled and started by run.cjs against a built server): opens
 * `--sessions` sessions one after another, each reading the 1M-row big.csv into a handle and kept
 * open, and reports after each the server's resident memory (from /proc/<pid>/status), the
 * refusals (RESOURCE_EXHAUSTED) and evictions (NOT_FOUND for an earlier session), then the peak.
 *
 * Usage (through run.cjs): --address host:port --pid <server pid> --sessions 30 --backend duckdb
 */
import { readFileSync } from 'node:fs';
import { ClientError, Status, createChannel, createClient } from 'nice-grpc';
import { PipelineServiceDefinition } from '../../../apps/grpc-server/src/generated/pipeline/v1/pipeline';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const pid = option('pid', '');
const sessions = Number(option('sessions', '30'));
const backend = option('backend', 'duckdb');
const client = createClient(PipelineServiceDefinition, createChannel(option('address', '127.0.0.1:50051')));

/** A field of /proc/<pid>/status in MB (VmRSS now, VmHWM the peak). */
function statusMb(field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m === null ? NaN : Math.round(Number(m[1]) / 1024);
}

async function main(): Promise<void> {
  console.log(`server RSS before: ${statusMb('VmRSS')} MB; ${sessions} ${backend} sessions, each reading 1M rows`);
  const open: string[] = [];
  let refused = 0;
  for (let i = 1; i <= sessions; i++) {
    let outcome: string;
    try {
      const { sessionId } = await client.createSession({ backend });
      const h = await client.readInput({ sessionId, assetName: 'big', format: 'csv', path: 'big.csv', options: {} });
      open.push(sessionId);
      outcome = `handle of ${h.rowCount} rows`;
    } catch (e) {
      if (!(e instanceof ClientError)) throw e;
      refused += e.code === Status.RESOURCE_EXHAUSTED ? 1 : 0;
      outcome = `${Status[e.code]}: ${e.details.slice(0, 120)}`;
    }
    console.log(`session ${i}: ${outcome}; RSS ${statusMb('VmRSS')} MB`);
  }
  console.log(`server RSS after: ${statusMb('VmRSS')} MB; peak (VmHWM): ${statusMb('VmHWM')} MB`);
  // A session the budget evicted answers NOT_FOUND.
  let evicted = 0;
  for (const sessionId of open) {
    await client.closeSession({ sessionId }).catch((e: unknown) => {
      if (e instanceof ClientError && e.code === Status.NOT_FOUND) evicted++;
      else throw e;
    });
  }
  console.log(`refused: ${refused}; evicted: ${evicted} of ${open.length} that got a handle`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
