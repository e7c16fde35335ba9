import { quoteIdentifier as q } from '../sql-text';
import type { DuckDbKind } from './duckdb-kind';
import { columnList, freshColumnName, numberedRows } from './input-order';

/** Resolution of a row's draw in [0, 1). */
const DRAW_STEPS = 1_000_000_007;

// Each row's draw is a hash of its position and the seed, so a seed gives the same rows every run.
export const sampleSql: DuckDbKind<'sample'> = {
  field: 'fraction',
  keepsColumnTypes: () => true,
  sql: (bound, [relation]) => {
    const { lowerBound, upperBound, seed } = bound.transform;
    const seq = freshColumnName(bound.columns, '__seq');
    const draw = `(hash(${q(seq)}, ${Math.trunc(seed)}::BIGINT) % ${DRAW_STEPS}) / ${DRAW_STEPS}.0`;
    return `SELECT ${columnList(bound.columns)} FROM ${numberedRows(relation, seq)} WHERE ${draw} >= ${lowerBound} AND ${draw} < ${upperBound} ORDER BY ${q(seq)}`;
  },
};
