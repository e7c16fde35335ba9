/**
 * The statistical aggregates of spec 9.13.12 over doubles, computed in the same order and with the
 * same formulas as DuckDB (single-threaded), so both backends print the same digits: covariances
 * by the running co-moment of Schubert and Gertz, correlation from it and two running variances
 * (Welford), skewness and kurtosis as Spark's population moments from sums of powers.
 * Inputs are the non-NULL values (pairs where both are non-NULL); undefined means NULL.
 */

/** Thrown when a result is not a finite number (DuckDB raises an out-of-range error). */
export class StatisticOutOfRange extends Error {}

interface CoMoment {
  readonly count: number;
  readonly coMoment: number;
}

/** Running co-moment of pairs (y, x), x driving the update as in DuckDB's `covar_pop(y, x)`. */
function coMoment(ys: readonly number[], xs: readonly number[]): CoMoment {
  let count = 0;
  let meanX = 0;
  let meanY = 0;
  let c = 0;
  for (let i = 0; i < xs.length; i++) {
    count++;
    const dx = xs[i] - meanX;
    meanX += dx / count;
    meanY += (ys[i] - meanY) / count;
    c += dx * (ys[i] - meanY);
  }
  return { count, coMoment: c };
}

/** Sum of squared deviations by Welford's update (DuckDB's stddev state). */
function squaredDeviations(xs: readonly number[]): number {
  let mean = 0;
  let m2 = 0;
  xs.forEach((x, i) => {
    const delta = x - mean;
    mean += delta / (i + 1);
    m2 += delta * (x - mean);
  });
  return m2;
}

/** Population covariance of the pairs. */
export function covariancePop(ys: readonly number[], xs: readonly number[]): number | undefined {
  const { count, coMoment: c } = coMoment(ys, xs);
  return count === 0 ? undefined : c / count;
}

/** Sample covariance of the pairs (NULL under two pairs). */
export function covarianceSamp(ys: readonly number[], xs: readonly number[]): number | undefined {
  const { count, coMoment: c } = coMoment(ys, xs);
  return count < 2 ? undefined : c / (count - 1);
}

/**
 * Pearson correlation: population covariance over the product of population deviations; NULL for
 * one pair or when either side has no spread, as Spark (whose division by a zero spread is NULL).
 */
export function correlation(ys: readonly number[], xs: readonly number[]): number | undefined {
  const n = xs.length;
  if (n < 2) return undefined;
  const cov = coMoment(ys, xs).coMoment / n;
  const sxx = squaredDeviations(xs);
  const syy = squaredDeviations(ys);
  if (sxx === 0 || syy === 0) return undefined;
  const stdX = Math.sqrt(sxx / n);
  const stdY = Math.sqrt(syy / n);
  if (!Number.isFinite(stdX) || !Number.isFinite(stdY)) throw new StatisticOutOfRange('standard deviation is out of range');
  return cov / (stdX * stdY);
}

/**
 * The quantile at `fraction` of sorted values, interpolated between the two nearest as Spark's
 * percentile weighs them, (above - position) * low + (position - below) * high, which is also how
 * DuckDB's quantile_cont rounds (`low + d * (high - low)` differs in the last bit: 2.98 where both
 * give 2.9799999999999995 for the 0.99 percentile of 1 and 3).
 */
export function continuousQuantile(sorted: readonly number[], fraction: number): number {
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  if (below === above) return sorted[below];
  return (above - position) * sorted[below] + (position - below) * sorted[above];
}

/** The smallest of sorted values with at least `fraction` of them at or below it (DuckDB's quantile_disc). */
export function discreteQuantile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(sorted.length * fraction) - 1)];
}

/**
 * Spark's population skewness or excess kurtosis (spec 9.13.12 defers to Spark): central moments
 * from the count and the power sums, NULL without values or without spread (Spark's
 * nullOnDivideByZero: one value is NULL, two give 0 and -2). The spread test is Welford's sum of
 * squared deviations, exactly 0 for equal values, where the power sums may leave a rounding
 * residue. duckdb/compile-expression.ts `sparkMoment` does the same arithmetic in the same order.
 */
export function sparkMoment(order: 3 | 4, xs: readonly number[]): number | undefined {
  if (xs.length === 0 || squaredDeviations(xs) === 0) return undefined;
  const name = order === 3 ? 'skewness' : 'kurtosis';
  const n = xs.length;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  for (const x of xs) {
    s1 += x;
    s2 += x * x;
    s3 += x * x * x;
    if (order === 4) s4 += x * x * x * x;
  }
  // DuckDB raises on a DOUBLE overflow where JavaScript goes on with Infinity.
  const m2 = s2 - (s1 * s1) / n;
  if (!Number.isFinite(s3 + s4) || !Number.isFinite(m2)) throw new StatisticOutOfRange(`${name} is out of range`);
  if (!(m2 > 0)) return undefined;
  const result =
    order === 3
      ? (Math.sqrt(n) * (s3 - (3 * s1 * s2) / n + (2 * s1 * s1 * s1) / (n * n))) / Math.sqrt(m2 * m2 * m2)
      : (n * (s4 - (4 * s1 * s3) / n + (6 * s1 * s1 * s2) / (n * n) - (3 * s1 * s1 * s1 * s1) / (n * n * n))) / (m2 * m2) - 3;
  if (!Number.isFinite(result)) throw new StatisticOutOfRange(`${name} is out of range`);
  return result;
}
