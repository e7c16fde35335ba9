/** The gRPC job contract (job-contract.ts) once more with `backend: spark`, on a real Spark Connect server. */
import { testSparkUrl } from '@pipeline/test-spark';
import { EMPLOYEES_CSV, startHarness, type Harness } from './harness';
import { crossJoinPipeline, describeJobContract, N_CSV } from './job-contract';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ workers: 1, queueCapacity: 3, sparkRemote: testSparkUrl() });
  h.write('employees.csv', EMPLOYEES_CSV);
  h.write('n.csv', N_CSV);
});
afterAll(() => h.stop());

describe('the job contract on spark', () => {
  describeJobContract('spark', { harness: () => h, slowYaml: crossJoinPipeline('out/slow.csv') });
});
