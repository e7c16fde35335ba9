/** The HTTP job contract (job-contract.ts) once more with `backend: spark`, on a real Spark Connect server. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { testSparkUrl } from '@pipeline/test-spark';
import { EMPLOYEES_CSV, SPARK_N_CSV, slowSparkYaml, startTestServer, type TestServer } from './helpers';
import { describeJobContract } from './job-contract';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sparkRemote: testSparkUrl(), workers: 1, queueCapacity: 2 });
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
  fs.writeFileSync(path.join(server.dataRoot, 'n.csv'), SPARK_N_CSV);
});
afterAll(() => server.stop());

describe('the job contract on spark', () => {
  describeJobContract('spark', { server: () => server, slowYaml: slowSparkYaml('out/big-copy.csv') });
});
