/**
 * An output written by Spark with its rows counted on the way: a WriteOperation whose input is
 * the relation under a CollectMetrics that observes `count(1)`. Spark sends the observed value
 * back with the write's answer (Spark 4.0), so `rows_written` is exact without a `count(*)` of the
 * relation first, which computed the whole pipeline a second time.
 */
import { type Column, type FormatOptions, readFormatOptions, type StageStep } from '@pipeline/engine-core';
import type { Plan, SparkResult } from '@pipeline/spark-connect';
import { WriteOperation_SaveMode } from '@pipeline/spark-connect';
import { sparkFormat } from './format-options';
import { writtenSelect, type WrittenSelect } from './written-text';

/** The name of the observation (one per write; a write's plan has no other). */
export const WRITTEN_METRICS = 'pipeline_rows_written';

/**
 * What a Spark output sends, compiled once from its format options and the columns written: the
 * data source, its writer options and what is selected of the relation (written-text.ts). A JSON
 * output is written as text, one line per row built by the select (json-lines.ts).
 */
export interface SparkWrite {
  readonly source: string;
  readonly options: Readonly<Record<string, string>>;
  readonly select: WrittenSelect;
}

/** The write of `columns` (undefined: not known yet, every column as it is) of output `asset` in `format`. */
export function sparkWriteOf(format: FormatOptions, asset: string, columns: readonly Column[] | undefined): SparkWrite {
  const select: WrittenSelect = columns === undefined ? { list: '*' } : writtenSelect(asset, columns, format);
  if (format.format === 'json') {
    const compression = format.json.compression;
    return { source: 'text', options: compression === 'gzip' || compression === 'zstd' ? { compression } : {}, select };
  }
  return { ...sparkFormat(format, true), select };
}

/** An output's stage as compiled for Spark: the write it sends (absent when the columns written were not known, or its options do not compile). */
export interface SparkStageStep extends StageStep {
  readonly write?: SparkWrite;
}

/** The write `step` sends: the compiled one, or compiled now for the relation's `columns` (throwing what compiling it threw, at this step). */
export function compiledWrite(step: SparkStageStep, columns: readonly Column[]): SparkWrite {
  return step.write ?? sparkWriteOf(readFormatOptions(step.source.format, step.source.options, step.asset), step.asset, columns);
}

/** The SELECT `select` makes of the view `from` (quoted). */
export function writtenQuery(select: WrittenSelect, from: string): string {
  return `SELECT ${select.list} FROM ${select.inner === undefined ? from : `(SELECT ${select.inner} FROM ${from})`}`;
}

/** Writes the rows of `query` (a SELECT) to directory `uri` as `write` says. */
export function observedWritePlan(query: string, write: SparkWrite, uri: string): Plan {
  const rows = { alias: { expr: { expressionString: { expression: 'count(1)' } }, name: ['rows'] } };
  return {
    command: {
      writeOperation: {
        input: { collectMetrics: { input: { sql: { query } }, name: WRITTEN_METRICS, metrics: [rows] } },
        source: write.source,
        path: uri,
        mode: WriteOperation_SaveMode.SAVE_MODE_OVERWRITE,
        sortColumnNames: [],
        partitioningColumns: [],
        options: { ...write.options },
      },
    },
  };
}

/**
 * The rows the write of `result` observed; undefined when Spark sent no observation (before 4.0)
 * or its name without values (4.0 gives up waiting for them after 100 ms, SPARK-54279): the
 * caller then counts the rows itself.
 */
export function observedRows(result: Pick<SparkResult, 'observed'>): number | undefined {
  const value = result.observed.get(WRITTEN_METRICS)?.['rows'];
  return typeof value === 'number' ? value : undefined;
}
