/**
 * What both backends say when repeat's count or lpad / rpad's length, read from the data, is beyond
 * the bound validation puts on a written one (MAX_TEXT_GROWTH): a count of 2000000000 builds
 * gigabytes per row, so the job fails instead.
 */
import { MAX_TEXT_GROWTH } from '@pipeline/definition';

export function growthLimitProblem(name: 'repeat' | 'lpad' | 'rpad'): string {
  const [unit, what] = name === 'repeat' ? ['copies', 'count'] : ['characters', 'length'];
  return `${name} makes text of at most ${MAX_TEXT_GROWTH} ${unit}; a ${what} in the data is larger`;
}
