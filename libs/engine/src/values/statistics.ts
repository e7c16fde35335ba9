/**
 * The statistical aggregates of spec 9.13.12 over doubles, computed in the same order and with the
 * same formulas as DuckDB (single-threaded), so both backends print the same digits: covariances
 * by the running co-moment of Schubert and Gertz, correlation from it and two running variances
 * (Welford), skewness and kurtosis from running sums of powers with DuckDB's sample corrections.
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

/** Pearson correlation: population covariance over the product of population deviations (NaN when one is 0, as DuckDB). */
export function correlation(ys: readonly number[], xs: readonly number[]): number | undefined {
  const n = xs.length;
  if (n === 0) return undefined;
  const cov = coMoment(ys, xs).coMoment / n;
  const stdX = n > 1 ? Math.sqrt(squaredDeviations(xs) / n) : 0;
  const stdY = n > 1 ? Math.sqrt(squaredDeviations(ys) / n) : 0;
  if (!Number.isFinite(stdX) || !Number.isFinite(stdY)) throw new StatisticOutOfRange('standard deviation is out of range');
  return cov / (stdX * stdY);
}

/** The quantile at `fraction` of sorted values, interpolated between the two nearest (DuckDB's quantile_cont). */
export function continuousQuantile(sorted: readonly number[], fraction: number): number {
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  if (below === above) return sorted[below];
  return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
}

/** The smallest of sorted values with at least `fraction` of them at or below it (DuckDB's quantile_disc). */
export function discreteQuantile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(sorted.length * fraction) - 1)];
}

interface PowerSums {
  readonly n: number;
  readonly sum: number;
  readonly sumSqr: number;
  readonly sumCub: number;
  readonly sumFour: number;
}

function powerSums(xs: readonly number[]): PowerSums {
  let sum = 0;
  let sumSqr = 0;
  let sumCub = 0;
  let sumFour = 0;
  for (const x of xs) {
    sum += x;
    sumSqr += x ** 2;
    sumCub += x ** 3;
    sumFour += x ** 4;
  }
  return { n: xs.length, sum, sumSqr, sumCub, sumFour };
}

/** Sample skewness (DuckDB's adjusted Fisher-Pearson coefficient); NULL under three values, NaN without spread. */
export function skewness(xs: readonly number[]): number | undefined {
  const { n, sum, sumSqr, sumCub } = powerSums(xs);
  if (n <= 2) return undefined;
  const inv = 1 / n;
  const cubedVariance = (inv * (sumSqr - sum * sum * inv)) ** 3;
  // Below 0 only by rounding.
  if (cubedVariance < 0) return undefined;
  const div = Math.sqrt(cubedVariance);
  if (div === 0) return NaN;
  const correction = Math.sqrt(n * (n - 1)) / (n - 2);
  const result = (correction * inv * (sumCub - 3 * sumSqr * sum * inv + 2 * sum ** 3 * inv * inv)) / div;
  if (!Number.isFinite(result)) throw new StatisticOutOfRange('skewness is out of range');
  return result;
}

/** Sample excess kurtosis (bias-corrected, as DuckDB's `kurtosis`); NULL under four values or without spread. */
export function kurtosis(xs: readonly number[]): number | undefined {
  const { n, sum, sumSqr, sumCub, sumFour } = powerSums(xs);
  if (n <= 3) return undefined;
  const inv = 1 / n;
  if (sumSqr - sum * sum * inv === 0) return undefined;
  const m4 = inv * (sumFour - 4 * sumCub * sum * inv + 6 * sumSqr * sum * sum * inv * inv - 3 * sum ** 4 * inv ** 3);
  const m2 = inv * (sumSqr - sum * sum * inv);
  if (m2 <= 0) return undefined;
  const result = ((n - 1) * (((n + 1) * m4) / (m2 * m2) - 3 * (n - 1))) / ((n - 2) * (n - 3));
  if (!Number.isFinite(result)) throw new StatisticOutOfRange('kurtosis is out of range');
  return result;
}
