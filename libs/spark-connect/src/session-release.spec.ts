import { ClientError, Status } from 'nice-grpc';
import type { SparkConnectServiceClient } from './generated/spark/connect/service';
import { createSparkSession } from './session';
import { parseSparkUrl } from './url';

const STILL_CLOSING =
  'operationId: 0ebeff6e with status ReadyForExecution is not within statuses List(Finished, Failed, Canceled) for event Closed';

/** A client whose ReleaseSession answers each of `answers` in turn (an error message, or success). */
function clientReleasing(answers: (string | 'ok')[]): { client: SparkConnectServiceClient; calls: () => number } {
  let calls = 0;
  const client = {
    releaseSession: async () => {
      const answer = answers[calls++] ?? 'ok';
      if (answer !== 'ok') throw new ClientError('/spark.connect.SparkConnectService/ReleaseSession', Status.INTERNAL, answer);
      return { sessionId: 'x', serverSideSessionId: '' };
    },
  } as unknown as SparkConnectServiceClient;
  return { client, calls: () => calls };
}

const url = parseSparkUrl('sc://127.0.0.1:15002');

describe('SparkSession.release', () => {
  it('tries again while an interrupted operation is still closing on the server', async () => {
    const { client, calls } = clientReleasing([STILL_CLOSING, STILL_CLOSING, 'ok']);
    const session = createSparkSession({ client, url, clientType: 'test' });
    await session.release();
    expect(calls()).toBe(3);
    // Released: a later call fails at once.
    await expect(session.sql('SELECT 1')).rejects.toMatchObject({ code: 'SPARK_SESSION_RELEASED' });
  });

  it('gives up on any other failure at once', async () => {
    const { client, calls } = clientReleasing(['something else broke']);
    const session = createSparkSession({ client, url, clientType: 'test' });
    await expect(session.release()).rejects.toMatchObject({ code: 'SPARK_QUERY_FAILED' });
    expect(calls()).toBe(1);
  });
});
