/**
 * What both backends say when a value grows past what a job may build. Validation bounds written
 * counts (MAX_TEXT_GROWTH) and refuses an aggregate that compounds its accumulator; what it cannot
 * see is checked here while the job runs, so a job fails with E_VALUE instead of taking the process
 * past its memory: a count read from the data (repeat('x', 2000000000) built a 2 GB text), and a
 * value's size.
 *
 * DuckDB evaluates an expression for the 2048 rows of a chunk at once, outside its memory
 * accounting, and keeps every step of a fold's state until the chunk is done: a bound on one value
 * is a bound on a chunk only once multiplied by 2048 and by the copies DuckDB makes. So on DuckDB
 * the bounds follow the job's `memory_limit` (`valueLimits`): a 1 MiB value bound let 4,096 rows of
 * repeat(s, 10000) reach 3.4 GB peak RSS under a 2 GB limit.
 */
import { MAX_TEXT_GROWTH } from '@pipeline/definition';

/** Largest text (in bytes on DuckDB, UTF-16 units on danfo) a growing function may make: the ceiling of every limit. */
export const MAX_VALUE_BYTES = 1024 * 1024;

/** Largest text an aggregate's accumulator may reach while it folds (the ceiling). */
export const MAX_FOLD_BYTES = 128 * 1024;

/** Largest number of values an aggregate's array accumulator may reach (the ceiling). */
export const MAX_FOLD_ELEMENTS = 4096;

/** Rows DuckDB evaluates an expression for at once (its vector size). */
export const CHUNK_ROWS = 2048;

/**
 * Bytes of memory a chunk's built values take per byte of value, measured (docs/performance.md,
 * "Limits"): the value itself, the copy the next operator makes, the CSV writer's. Chosen so that
 * a chunk of values at the limit takes at most half the memory limit, which DuckDB does not see.
 */
export const VALUE_COPIES = 4;

/** Likewise for a fold's text state: every step's state stays until the chunk ends, and a state may be one merge past the bound. */
export const FOLD_TEXT_COPIES = 32;

/** Bytes an array accumulator's value costs while a chunk folds (struct pairs, every step's state): measured about 420. */
export const FOLD_ELEMENT_BYTES = 2048;

/** Floors: below them a small memory limit would refuse ordinary values (a 64 MB limit still builds 8 KiB texts). */
const MIN_VALUE_BYTES = 8 * 1024;
const MIN_FOLD_BYTES = 4 * 1024;
const MIN_FOLD_ELEMENTS = 64;

/** The run-time bounds of one job. */
export interface ValueLimits {
  /** Largest value (bytes of text, or of an array's values) an expression may build, per row. */
  readonly valueBytes: number;
  /** Largest text an aggregate's accumulator may reach. */
  readonly foldBytes: number;
  /** Largest number of values an aggregate's array accumulator may reach. */
  readonly foldElements: number;
}

/**
 * The bounds for a job whose DuckDB `memory_limit` is `memoryLimitBytes`: a chunk of values at the
 * bound stays within about half the limit (2 GB: 256 KiB values, 32 KiB fold texts, 1,024 fold
 * values; 512 MB: 64 KiB, 8 KiB, 256), never above the ceilings nor below the floors.
 */
export function valueLimits(memoryLimitBytes: number): ValueLimits {
  const share = (copies: number, floor: number, ceiling: number): number =>
    Math.min(ceiling, Math.max(floor, Math.floor(memoryLimitBytes / (CHUNK_ROWS * copies))));
  return {
    valueBytes: share(VALUE_COPIES, MIN_VALUE_BYTES, MAX_VALUE_BYTES),
    foldBytes: share(FOLD_TEXT_COPIES, MIN_FOLD_BYTES, MAX_FOLD_BYTES),
    foldElements: share(FOLD_ELEMENT_BYTES, MIN_FOLD_ELEMENTS, MAX_FOLD_ELEMENTS),
  };
}

export function growthLimitProblem(name: 'repeat' | 'lpad' | 'rpad'): string {
  const [unit, what] = name === 'repeat' ? ['copies', 'count'] : ['characters', 'length'];
  return `${name} makes text of at most ${MAX_TEXT_GROWTH} ${unit}; a ${what} in the data is larger`;
}

/** A growing function (repeat, replace, regexp_replace) whose result would pass `limit` bytes. */
export function valueSizeProblem(name: 'repeat' | 'replace' | 'regexp_replace', limit: number | string = MAX_VALUE_BYTES): string {
  return `${name} would make a text of more than ${limit} bytes, the largest value a job may build`;
}

/** An aggregate whose accumulator passes the fold limits while it folds. */
export function foldSizeProblem(what: 'text' | 'array', limit: number | string): string {
  return what === 'text'
    ? `aggregate's accumulator grew past ${limit} bytes, the largest text a fold may build`
    : `aggregate's accumulator grew past ${limit} values, the largest array a fold may build`;
}
