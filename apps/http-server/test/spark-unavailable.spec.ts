/**
 * A configured Spark that is down is the server's dependency failing, not the request's fault: a
 * preview on backend spark answers 503 with the reason /api/ready gives (`spark unavailable: ...`),
 * as a down job store does, and the server keeps serving. No real Spark: the remote is a closed port.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { closedPort, EMPLOYEES_CSV, pipelineYaml, postJson, request, startTestServer, type TestServer } from './helpers';

describe('backend spark while Spark is down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ sparkRemote: `sc://127.0.0.1:${await closedPort()}` });
    fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
  });
  afterAll(() => server.stop());

  it('answers a preview 503 with the reason, and keeps serving previews on duckdb', async () => {
    const body = { yaml: pipelineYaml('employees.csv', 'out.csv'), asset: 'kept' };
    const down = await postJson(`${server.url}/api/preview`, { ...body, backend: 'spark' });
    expect(down.status).toBe(503);
    expect(down.body.error).toMatch(/^spark unavailable: .*\(127\.0\.0\.1:\d+\)$/);
    const ready = await request(`${server.url}/api/ready`);
    expect(ready.status).toBe(503);
    const duck = await postJson(`${server.url}/api/preview`, { ...body, backend: 'duckdb' });
    expect(duck.status).toBe(200);
    expect(duck.body.rows).toHaveLength(2);
  });
});
