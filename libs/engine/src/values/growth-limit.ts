/**
 * What both backends say when a value grows past what a job may build. Validation bounds written
 * counts (MAX_TEXT_GROWTH) and refuses an aggregate that compounds its accumulator; what it cannot
 * see is checked here while the job runs, so a job fails with E_VALUE instead of taking the process
 * past its memory: a count read from the data (repeat('x', 2000000000) built a 2 GB text), and a
 * value's size.
 *
 * DuckDB folds an aggregate outside its memory accounting, for the 2048 rows of a chunk at once,
 * and keeps every step's state until the chunk is done: 28 doublings of a 5-character accumulator
 * took one job 5 GB past its 2 GB limit, and a 1 MiB bound on the state still let 2048 rows reach
 * 9.5 GB (measured). The fold's state is bounded far lower, so a chunk's states stay within a
 * memory limit of the default size.
 */
import { MAX_TEXT_GROWTH } from '@pipeline/definition';

/** Largest text (in bytes on DuckDB, UTF-16 units on danfo) a growing function may make. */
export const MAX_VALUE_BYTES = 1024 * 1024;

/** Largest text an aggregate's accumulator may reach while it folds. */
export const MAX_FOLD_BYTES = 128 * 1024;

/** Largest number of values an aggregate's array accumulator may reach. */
export const MAX_FOLD_ELEMENTS = 4096;

export function growthLimitProblem(name: 'repeat' | 'lpad' | 'rpad'): string {
  const [unit, what] = name === 'repeat' ? ['copies', 'count'] : ['characters', 'length'];
  return `${name} makes text of at most ${MAX_TEXT_GROWTH} ${unit}; a ${what} in the data is larger`;
}

/** A growing function (repeat, replace, regexp_replace) whose result would pass MAX_VALUE_BYTES. */
export function valueSizeProblem(name: 'repeat' | 'replace' | 'regexp_replace'): string {
  return `${name} would make a text of more than ${MAX_VALUE_BYTES} bytes, the largest value a job may build`;
}

/** An aggregate whose accumulator passes the value limits while it folds. */
export function foldSizeProblem(what: 'text' | 'array'): string {
  return what === 'text'
    ? `aggregate's accumulator grew past ${MAX_FOLD_BYTES} bytes, the largest text a fold may build`
    : `aggregate's accumulator grew past ${MAX_FOLD_ELEMENTS} values, the largest array a fold may build`;
}
