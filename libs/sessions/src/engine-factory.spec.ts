import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createSessionEngineFactory } from './engine-factory';

describe('the session engine factory', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-engines-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  // A spark session used to open a DuckDB session silently (spark does not compute in JavaScript).
  it('refuses a spark session without a Spark Connect server instead of opening a DuckDB one in its place', async () => {
    const engines = createSessionEngineFactory({ dataRoot: dir });
    await expect(engines.open('spark')).rejects.toMatchObject({
      code: 'E_UNKNOWN_BACKEND',
      message: expect.stringMatching(/^backend "spark" is not configured on this server \(set --spark-remote\)/),
    });
    const duckdb = await engines.open('duckdb');
    await duckdb.close();
  });
});
