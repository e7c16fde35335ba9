/**
 * What both backends say when a value grows past what a job may build. Validation bounds written
 * counts (MAX_TEXT_GROWTH) and refuses an aggregate that compounds its accumulator; what it cannot
 * see is checked here while the job runs, so a job fails with E_VALUE instead of taking the process
 * past its memory: a count read from the data (repeat('x', 2000000000) built a 2 GB text), and a
 * value's size. DuckDB evaluates a lambda outside its memory accounting, for 2048 rows at once
 * (28 doublings of a 5-character accumulator took one job's resident memory 5 GB past its 2 GB
 * limit): so a value is bounded to MAX_VALUE_BYTES, and a chunk of rows to 2048 times that.
 */
import { MAX_TEXT_GROWTH } from '@pipeline/definition';

/** Largest text (in bytes on DuckDB, UTF-16 units on danfo) a growing function or a fold may make. */
export const MAX_VALUE_BYTES = 1024 * 1024;

/** Largest number of values an aggregate's array state may hold. */
export const MAX_VALUE_ELEMENTS = 100_000;

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
    ? `aggregate's accumulator grew past ${MAX_VALUE_BYTES} bytes, the largest value a job may build`
    : `aggregate's accumulator grew past ${MAX_VALUE_ELEMENTS} values, the largest array a fold may build`;
}
