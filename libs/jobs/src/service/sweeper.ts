/**
 * The sweeper: removes the temporary output files a process killed mid-write (kill -9) left in
 * the data root, which would stay forever otherwise. First at once, then every `everyMs`.
 */
import { sweepStaleTempFiles } from '@pipeline/engine';
import type { Logger } from '@pipeline/server-kit';

/** How often the data root is swept for abandoned temporary output files (see `staleTempSweepMs`). */
export const DEFAULT_STALE_TEMP_SWEEP_MS = 10 * 60 * 1000;

export interface SweeperOptions {
  readonly dataRoot: string;
  /** 0 turns the sweep off. */
  readonly everyMs: number;
  readonly logger?: Logger;
  readonly onError: (error: Error) => void;
}

/** A running sweep timer. */
export interface Sweeper {
  stop(): void;
}

export function createSweeper(options: SweeperOptions): Sweeper {
  const sweep = (): void => {
    sweepStaleTempFiles(options.dataRoot).then(
      (result) => {
        if (result.removed.length > 0) options.logger?.info({ removed: result.removed.length }, 'removed abandoned temporary output files');
      },
      (error: unknown) => options.onError(new Error(`sweeping temporary output files failed: ${(error as Error).message}`, { cause: error })),
    );
  };
  const timer = options.everyMs > 0 ? setInterval(sweep, options.everyMs) : undefined;
  timer?.unref();
  if (timer !== undefined) sweep();
  return { stop: () => clearInterval(timer) };
}
