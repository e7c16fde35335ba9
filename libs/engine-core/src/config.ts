/** Engine configuration and the defaults that keep several concurrent jobs within a small machine. */
import * as os from 'node:os';

/** DuckDB resource settings of one backend instance. */
export interface DuckDbSettings {
  /**
   * Worker threads of the instance; default every core Node may use, so a lone job or session
   * uses the whole machine. Concurrent instances then share the cores through the OS scheduler
   * (see docs/performance.md for the measurement behind this default).
   */
  readonly threads?: number;
  /** DuckDB `memory_limit`, e.g. `'2GB'`; default an eighth of the machine's memory, between 256MB and 4GB. */
  readonly memoryLimit?: string;
  /** Folder for spilling; default a fresh folder under the system temp dir, removed on close. */
  readonly tempDirectory?: string;
}

/** What every backend instance needs. */
export interface EngineConfig {
  /** Folder every input and output path must resolve inside. */
  readonly dataRoot: string;
  readonly duckdb?: DuckDbSettings;
  readonly spark?: SparkSettings;
}

/** Where the spark backend runs (decisions 8); without `remote` a spark run is refused. */
export interface SparkSettings {
  /** The Spark Connect URL (`sc://host:port/;token=...`). */
  readonly remote?: string;
  /** The data root as the cluster sees it (`file:///mnt/data`, `s3a://bucket/prefix`); default `file://` + the data root. */
  readonly dataRoot?: string;
}

/** DuckDB settings with every default filled in. */
export interface ResolvedDuckDbSettings {
  readonly threads: number;
  readonly memoryLimit: string;
  readonly tempDirectory?: string;
}

const MB = 1024 * 1024;

/** Fills in the DuckDB defaults; explicit values win. */
export function resolveDuckDbSettings(settings: DuckDbSettings | undefined): ResolvedDuckDbSettings {
  const threads = settings?.threads ?? defaultThreads();
  if (!Number.isInteger(threads) || threads < 1) {
    throw new RangeError(`duckdb threads must be a positive integer (got ${String(threads)})`);
  }
  const memoryLimit = settings?.memoryLimit ?? defaultMemoryLimit();
  if (!/^\s*\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)\s*$/i.test(memoryLimit)) {
    throw new RangeError(`duckdb memoryLimit must look like "512MB" or "2GB" (got "${memoryLimit}")`);
  }
  return { threads, memoryLimit: memoryLimit.trim(), tempDirectory: settings?.tempDirectory };
}

const UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40 };

/** Bytes of a `memoryLimit` as DuckDB reads it (KB, MB, GB are powers of 1000; KiB, MiB, GiB of 1024). */
export function memoryLimitBytes(memoryLimit: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(memoryLimit);
  const unit = match === null ? undefined : UNITS[(match[2] as string).toLowerCase()];
  if (match === null || unit === undefined) throw new RangeError(`duckdb memoryLimit must look like "512MB" or "2GB" (got "${memoryLimit}")`);
  return Math.floor(Number(match[1]) * unit);
}

/** Every core Node may use. */
export function defaultThreads(): number {
  return Math.max(1, os.availableParallelism());
}

function defaultMemoryLimit(): string {
  const eighth = Math.floor(os.totalmem() / 8 / MB);
  return `${Math.min(4096, Math.max(256, eighth))}MB`;
}
