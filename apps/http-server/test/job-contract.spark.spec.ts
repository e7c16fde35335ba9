/** The HTTP job contract (job-contract.ts) once more with `backend: spark`, on a real Spark Connect server. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { testSparkUrl } from '@pipeline/test-spark';
import { EMPLOYEES_CSV, startTestServer, type TestServer } from './helpers';
import { describeJobContract } from './job-contract';

/** Minutes of work for Spark: a three-way cross join of 600 rows (216 million) written out. */
const SLOW_ON_SPARK = [
  'version: "3.0"',
  'pipeline:',
  '  name: slow',
  '  assets:',
  '    - asset_ref: a',
  '      source: { input: { format: csv, path: n.csv } }',
  '    - asset_ref: b',
  '      source: { input: { format: csv, path: n.csv } }',
  '    - asset_ref: c',
  '      source: { input: { format: csv, path: n.csv } }',
  '    - asset_ref: all',
  '      source: { join: { left: a, right: [ { name: b, type: cross, on: [] }, { name: c, type: cross, on: [] } ] } }',
  '    - asset_ref: out',
  '      source: { output: { from: all, format: csv, path: out/big-copy.csv, mode: overwrite } }',
].join('\n');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sparkRemote: testSparkUrl(), workers: 1, queueCapacity: 2 });
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
  fs.writeFileSync(path.join(server.dataRoot, 'n.csv'), `n\n${Array.from({ length: 600 }, (_, i) => i).join('\n')}\n`);
});
afterAll(() => server.stop());

describe('the job contract on spark', () => {
  describeJobContract('spark', { server: () => server, slowYaml: SLOW_ON_SPARK });
});
