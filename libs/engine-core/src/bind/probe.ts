/**
 * Data a binder needs from its upstream before it can name its output columns: the distinct
 * values of a pivot column (pivot without `values`, crosstab), every row's index values
 * (transpose) or a sample of a text column's values (parse without `schema`). Each backend answers a probe from the materialized upstream, as text the way
 * DuckDB casts values to VARCHAR, so both bind the same columns.
 */
import { MAX_PIVOT_VALUES } from '@pipeline/definition';
import { engineError } from '../errors';

/** What to read from one upstream input. */
export interface ProbeRequest {
  readonly input: number;
  /** The resolved column names read (one for `distinct`; any number, even none, for `rows`). */
  readonly columns: readonly string[];
  /**
   * `distinct`: the distinct non-NULL values of the one column, ascending by value (as the DuckDB
   * ORDER BY sorts them); `rows`: the values of every row, in input order; `sample`: the first
   * `limit` non-NULL values of the one column, in input order (never refused: a bounded look).
   */
  readonly what: 'distinct' | 'rows' | 'sample';
  /** `sample`: how many values. */
  readonly limit?: number;
  /** The field the probed columns come from, for messages. */
  readonly field: string;
}

/** The answer: one tuple of texts (NULL as null) per distinct value or row. */
export type ProbeAnswer = readonly (readonly (string | null)[])[];

/** Most values (or rows) a probe may return: each becomes an output column, as each listed pivot value does (the same bound). */
export const MAX_PROBED_VALUES = MAX_PIVOT_VALUES;

/** The answer, refused when it would make more than MAX_PROBED_VALUES columns. */
export function checkedProbeAnswer(ref: string, request: ProbeRequest, answer: ProbeAnswer): ProbeAnswer {
  if (request.what === 'sample' || answer.length <= MAX_PROBED_VALUES) return answer;
  const what = request.what === 'distinct' ? `column "${request.columns[0]}" has more than ${MAX_PROBED_VALUES} distinct values` : `the input has more than ${MAX_PROBED_VALUES} rows`;
  throw engineError('E_BAD_SOURCE', { asset: ref, field: request.field, problem: `${what}, each of which would become a column` });
}
