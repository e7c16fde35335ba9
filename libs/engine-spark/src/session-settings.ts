/**
 * The Spark settings every session of the spark backend pins before it runs anything, so that
 * Spark follows the language (decisions 7 and 8) whatever the cluster's defaults are. NULL
 * ordering needs no setting: every ORDER BY the compiler writes names NULLS FIRST or LAST.
 */
export const SPARK_SESSION_SETTINGS: readonly (readonly [string, string, string])[] = [
  ['spark.sql.ansi.enabled', 'true', 'CAST fails the job on a value it cannot convert (TRY_CAST gives NULL), overflow fails'],
  ['spark.sql.session.timeZone', 'UTC', 'dates and timestamps are read and written in UTC'],
  ['spark.sql.timestampType', 'TIMESTAMP_NTZ', 'timestamps are wall-clock values, as the portable timestamp (DuckDB TIMESTAMP)'],
  ['spark.sql.caseSensitive', 'true', 'the binder resolves names; Spark sees each column by its exact spelling'],
  ['spark.sql.parser.escapedStringLiterals', 'false', 'string literals are escaped with backslashes (spark/sql-text.ts)'],
];

/** The `SET` statements of the pinned settings (keys and values are constants of this file). */
export function sessionSettingStatements(): string[] {
  return SPARK_SESSION_SETTINGS.map(([key, value]) => `SET ${key}=${value}`);
}
