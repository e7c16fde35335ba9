/**
 * A Spark Connect server that restarts under a session: the session's temporary views are gone,
 * and the client says so (SPARK_UNAVAILABLE) instead of running in a fresh, empty session; a new
 * session works. Uses a server of its own, as it stops it.
 */
import { startSparkConnect, type SparkServer } from '@pipeline/test-spark';
import { connectSpark } from './client';

jest.setTimeout(400_000);

describe('Spark Connect server restart', () => {
  let server: SparkServer | undefined;
  afterAll(() => server?.stop());

  it('fails the old session with "spark unavailable" and serves a new one', async () => {
    server = await startSparkConnect();
    const port = server.port;
    const spark = connectSpark(server.url);
    const session = spark.session();
    await session.sql('CREATE TEMPORARY VIEW v AS SELECT 1 AS x');
    await server.stop();
    server = undefined;

    const down = await session.sql('SELECT x FROM v').catch((e: unknown) => e);
    expect(down).toMatchObject({ code: 'SPARK_UNAVAILABLE' });

    server = await startSparkConnect({ port });
    // The channel may still be in its reconnect back-off and refuse at once (also "spark
    // unavailable"); once it reaches the new server, the old session must be reported lost.
    let lost = await session.sql('SELECT x FROM v').catch((e: unknown) => e);
    for (let tries = 0; tries < 30 && /ECONNREFUSED/.test(String((lost as Error).message)); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      lost = await session.sql('SELECT x FROM v').catch((e: unknown) => e);
    }
    expect(lost).toMatchObject({ code: 'SPARK_UNAVAILABLE' });
    expect((lost as Error).message).toMatch(/^spark unavailable: the server lost the session \(restarted\?\)/);
    expect((await spark.session().sql('SELECT 2 AS y')).rows).toEqual([[2]]);
    spark.close();
  });
});
