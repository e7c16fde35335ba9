import { Client } from 'pg';
import { startPostgres, type PostgresServer } from './postgres-server';

describe('test PostgreSQL server', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server.stop());

  it('serves separate databases and survives a restart with its data', async () => {
    const url = await server.createDatabase();
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE TABLE t (n int); INSERT INTO t VALUES (42)');
    await client.end();
    await server.stopServer('immediate');
    const refused = new Client({ connectionString: url });
    refused.on('error', () => undefined);
    await expect(refused.connect()).rejects.toThrow(/ECONNREFUSED|terminated/);
    await server.startServer();
    const again = new Client({ connectionString: url });
    await again.connect();
    expect((await again.query('SELECT n FROM t')).rows).toEqual([{ n: 42 }]);
    await again.end();
    expect(url).toBe(server.url(url.split('/').pop()));
  }, 60_000);
});
