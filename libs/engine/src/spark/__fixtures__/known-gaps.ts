/**
 * Expressions of the shared cases whose Spark result still differs from DuckDB's, each with why
 * (from the parity run on a real Spark). Their tests are marked failing, so each difference is
 * pinned: fixing one makes its test fail until it leaves this list. Not yet refused at
 * submission: most differ in how the CSV writer spells a value (doubles, fractional seconds), not
 * in the function.
 */
export const KNOWN_ROW_GAPS: ReadonlyMap<string, string> = new Map([
  ["TIMESTAMP '2024-01-02 03:04:05.25'", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["d", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["ts", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["i / 2", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["i / 0", "infinity: Spark writes Infinity, DuckDB inf"],
  ["d / 0", "infinity: Spark writes Infinity, DuckDB inf"],
  ["0.0 / 0", "NaN: Spark writes NaN, DuckDB nan"],
  ["-d", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["i + d", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["m - d", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["m / 4", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["CASE WHEN b THEN m ELSE d END", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["CASE WHEN b THEN dt ELSE ts END", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["CAST(d AS string)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["CAST(i AS double)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["CAST('inf' AS double)", "infinity: Spark writes Infinity, DuckDB inf"],
  ["m / CAST(3 AS decimal(5,0))", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["concat(s, d)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["i || d", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["abs(d)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["round(d)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["round(d, 1)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["round(d, -1)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["floor(d)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["ceil(d)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["power(i, 2)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["sqrt(abs(d))", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["coalesce(NULL, d, 1)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["nullif(d, NULL)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["ts + INTERVAL 90 MINUTES", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["ts - INTERVAL 1 YEAR -2 MONTHS 30 SECONDS", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["INTERVAL 25 HOURS + ts", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["ts + INTERVAL -1000 DAYS", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["ts + (INTERVAL 1 DAY + INTERVAL 12 HOURS)", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["ts - (INTERVAL 1 YEAR - INTERVAL 1 MONTH) * 2", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["ts + INTERVAL 0.1 SECOND", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["ts - INTERVAL 1.000001 SECONDS * 3", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["pow(i, 2)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["greatest(i, d, 0)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["greatest(dt, ts)", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["nvl2(i, d, m)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["if(b, dt, ts)", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["l + d", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["CAST(1.5 AS float) + d", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["CASE WHEN b THEN l ELSE d END", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["log(i, 8)", "infinity: Spark writes Infinity, DuckDB inf"],
]);

export const KNOWN_AGGREGATE_GAPS: ReadonlyMap<string, string> = new Map([
  ["sum(d)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["avg(i)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["avg(d)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["avg(m)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["avg(DISTINCT i)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["max(ts)", "Spark's CSV writer drops a timestamp's fractional seconds"],
  ["var_pop(l)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["median(i)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["median(d)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["round(avg(d), 2)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["sum(i) / count(*)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["covar_samp(i, l)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["percentile(i, 0.5)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
  ["percentile_approx(i, 0.5)", "Spark writes a double as Java does (1.0E20), DuckDB as the shortest text (1e+20)"],
]);

/** Failures Spark reports with another code than DuckDB. */
export const KNOWN_FAILURE_GAPS: ReadonlyMap<string, string> = new Map([
]);
