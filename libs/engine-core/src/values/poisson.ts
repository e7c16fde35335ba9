/**
 * Poisson repeat counts for `sample` with replacement (Spark's PoissonSampler): each row is kept
 * k times with k ~ Poisson(lambda). k comes from a uniform draw in [0, 1) through the inverse of
 * the cumulative distribution, so a backend's draw (a function of position and seed) fixes k.
 */

/** Probability mass left out of the table: below any draw's resolution. */
const TAIL = 1e-12;

/**
 * The cumulative probabilities P(k <= 0), P(k <= 1), ... of Poisson(lambda), up to the point
 * where the remaining mass is below TAIL; a draw u gives the first k with u < table[k], or
 * table.length when u is beyond the last entry.
 */
export function poissonCumulative(lambda: number): number[] {
  const table: number[] = [];
  let p = Math.exp(-lambda);
  let cumulative = p;
  for (let k = 0; 1 - cumulative > TAIL && k < 100; k++) {
    table.push(cumulative);
    p *= lambda / (k + 1);
    cumulative += p;
  }
  table.push(cumulative);
  return table;
}

/** How many times a row with draw `u` in [0, 1) is repeated, through `table` (poissonCumulative). */
export function poissonRepeats(u: number, table: readonly number[]): number {
  let k = 0;
  while (k < table.length && u >= table[k]) k++;
  return k;
}
