import {
  poissonCumulative,
  quoteIdentifier as q,
  columnList,
  freshColumnName,
  numberedRows,
} from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

/** Resolution of a row's draw in [0, 1). */
const DRAW_STEPS = 1_000_000_007;

// Each row's draw is a hash of its position and the seed, so a seed gives the same rows every run.
export const sampleSql: DuckDbKind<'sample'> = {
  field: 'fraction',
  keepsColumnTypes: () => true,
  sql: (bound, [relation]) => {
    const { lowerBound, upperBound, seed, withReplacement } = bound.transform;
    const seq = freshColumnName(bound.columns, '__seq');
    const draw = `(hash(${q(seq)}, ${Math.trunc(seed)}::BIGINT) % ${DRAW_STEPS}) / ${DRAW_STEPS}.0`;
    if (!withReplacement) {
      return `SELECT ${columnList(bound.columns)} FROM ${numberedRows(relation, seq)} WHERE ${draw} >= ${lowerBound} AND ${draw} < ${upperBound} ORDER BY ${q(seq)}`;
    }
    // The repeat count is the inverse Poisson CDF of the draw, as a CASE over the table's thresholds.
    // Distinct bases, so the helper names cannot meet one another either.
    const u = freshColumnName(bound.columns, '__draw');
    const rep = freshColumnName(bound.columns, '__rep');
    const table = poissonCumulative(upperBound - lowerBound);
    const repeats = `CASE ${table.map((c, k) => `WHEN ${q(u)} < ${c} THEN ${k}`).join(' ')} ELSE ${table.length} END`;
    const drawn = `(SELECT *, ${draw} AS ${q(u)} FROM ${numberedRows(relation, seq)})`;
    return `SELECT ${columnList(bound.columns)} FROM (SELECT *, unnest(range(${repeats})) AS ${q(rep)} FROM ${drawn}) ORDER BY ${q(seq)}, ${q(rep)}`;
  },
};
