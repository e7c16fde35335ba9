/** What a server asks about its Spark before taking spark jobs: configured (V-014 otherwise) and reachable (readiness). */
import { connectSpark } from '@pipeline/spark-connect';
import { validationErrors, type ValidationError } from '@pipeline/validation';

/** V-014 for `backend: spark` on a server without `--spark-remote` (decisions 8). */
export function sparkNotConfigured(): ValidationError {
  return validationErrors.backendNotConfigured('spark', '--spark-remote');
}

/**
 * Undefined when the Spark Connect server of `remote` answers a trivial query within
 * `timeoutMs`, else the reason (`spark unavailable: ...`) readiness reports. The session is
 * released either way.
 */
export async function sparkReadiness(remote: string, timeoutMs: number): Promise<string | undefined> {
  let client: ReturnType<typeof connectSpark>;
  try {
    client = connectSpark(remote);
  } catch (e) {
    return `spark unavailable: ${(e as Error).message}`;
  }
  const session = client.session();
  try {
    await session.sql('SELECT 1', { signal: AbortSignal.timeout(timeoutMs) });
    return undefined;
  } catch (e) {
    const message = (e as Error).message;
    return message.startsWith('spark unavailable') ? message : `spark unavailable: ${message}`;
  } finally {
    await session.release().catch(() => undefined);
    client.close();
  }
}
