/** Test support: the code and message a promise rejects with. */

/** Awaits `p`, which must reject, and returns its error's code and message (throws if it resolved). */
export async function failure(p: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
  throw new Error('expected a failure');
}
