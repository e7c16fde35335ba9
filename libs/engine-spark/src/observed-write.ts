/**
 * An output written by Spark with its rows counted on the way: a WriteOperation whose input is
 * the relation under a CollectMetrics that observes `count(1)`. Spark sends the observed value
 * back with the write's answer (Spark 4.0), so `rows_written` is exact without a `count(*)` of the
 * relation first, which computed the whole pipeline a second time.
 */
import type { Plan, SparkResult } from '@pipeline/spark-connect';
import { WriteOperation_SaveMode } from '@pipeline/spark-connect';

/** The name of the observation (one per write; a write's plan has no other). */
export const WRITTEN_METRICS = 'pipeline_rows_written';

/** Writes the rows of `query` (a SELECT) to directory `uri` with data source `source` and its options. */
export function observedWritePlan(query: string, source: string, options: Readonly<Record<string, string>>, uri: string): Plan {
  const rows = { alias: { expr: { expressionString: { expression: 'count(1)' } }, name: ['rows'] } };
  return {
    command: {
      writeOperation: {
        input: { collectMetrics: { input: { sql: { query } }, name: WRITTEN_METRICS, metrics: [rows] } },
        source,
        path: uri,
        mode: WriteOperation_SaveMode.SAVE_MODE_OVERWRITE,
        sortColumnNames: [],
        partitioningColumns: [],
        options: { ...options },
      },
    },
  };
}

/** The rows the write of `result` observed; undefined when Spark sent no observation (before 4.0). */
export function observedRows(result: Pick<SparkResult, 'observed'>): number | undefined {
  const value = result.observed.get(WRITTEN_METRICS)?.['rows'];
  return typeof value === 'number' ? value : undefined;
}
