/**
 * Following a service's readiness over time, for transports that push it rather than answer
 * when asked (the gRPC health service's status of a service name, whose Watch streams changes).
 */

/** Whether a service can take work now, and why not. */
export type Readiness = { readonly ready: true } | { readonly ready: false; readonly reason: string };

/** Default time between two readiness checks of {@link watchReadiness}. */
export const READINESS_CHECK_MS = 2_000;

/** A running watch. */
export interface ReadinessWatch {
  /** Stops the checks (one running finishes, but reports nothing). */
  stop(): void;
}

/**
 * Asks `check` now and every `intervalMs` (never two at once) and calls `onChange` with the first
 * answer and each one that differs from the previous (ready or not, or another reason). A check
 * that throws counts as not ready, with its message as the reason.
 */
export function watchReadiness(
  check: () => Promise<Readiness>,
  onChange: (readiness: Readiness) => void,
  options: { readonly intervalMs?: number } = {},
): ReadinessWatch {
  let last: Readiness | undefined;
  let stopped = false;
  let checking = false;
  const round = async (): Promise<void> => {
    if (checking || stopped) return;
    checking = true;
    let now: Readiness;
    try {
      now = await check();
    } catch (error) {
      now = { ready: false, reason: error instanceof Error ? error.message : String(error) };
    } finally {
      checking = false;
    }
    if (stopped || (last !== undefined && sameReadiness(last, now))) return;
    last = now;
    onChange(now);
  };
  const timer = setInterval(() => void round(), options.intervalMs ?? READINESS_CHECK_MS);
  timer.unref();
  void round();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

function sameReadiness(a: Readiness, b: Readiness): boolean {
  return a.ready === b.ready && (a.ready || b.ready || a.reason === b.reason);
}
