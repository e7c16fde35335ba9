/** What a server asks about its Spark before taking spark jobs: configured (V-014 otherwise) and reachable (readiness). */
import { connectSpark, redactToken } from '@pipeline/spark-connect';
import { validationErrors, type ValidationError } from '@pipeline/validation';

/** V-014 for `backend: spark` on a server without `--spark-remote` (decisions 8). */
export function sparkNotConfigured(): ValidationError {
  return validationErrors.backendNotConfigured('spark', '--spark-remote');
}

/** How long a probe may take before it is abandoned (interrupted), whatever readiness answered meanwhile. */
const PROBE_LIMIT_MS = 60_000;

/** The probe running per remote: readiness asked again meanwhile waits on it instead of opening another session. */
const probes = new Map<string, Promise<string | undefined>>();

/**
 * Undefined when the Spark Connect server of `remote` answers a trivial query within
 * `timeoutMs`, else the reason (`spark unavailable: ...`) readiness reports. The probe is not
 * interrupted at `timeoutMs`: its session is released only once its query has settled, because a
 * query the server takes up after the release (a cold or restarting server) opens the session
 * again, and nothing would ever release it.
 */
export async function sparkReadiness(remote: string, timeoutMs: number): Promise<string | undefined> {
  let probe = probes.get(remote);
  if (probe === undefined) {
    probe = probeSpark(remote).finally(() => probes.delete(remote));
    probes.set(remote, probe);
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`spark unavailable: no answer from ${redactToken(remote)} within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function probeSpark(remote: string): Promise<string | undefined> {
  let client: ReturnType<typeof connectSpark>;
  try {
    client = connectSpark(remote);
  } catch (e) {
    return `spark unavailable: ${(e as Error).message}`;
  }
  const session = client.session();
  try {
    await session.sql('SELECT 1', { signal: AbortSignal.timeout(PROBE_LIMIT_MS) });
    return undefined;
  } catch (e) {
    const message = (e as Error).message;
    return message.startsWith('spark unavailable') ? message : `spark unavailable: ${message}`;
  } finally {
    await session.release().catch(() => undefined);
    client.close();
  }
}
