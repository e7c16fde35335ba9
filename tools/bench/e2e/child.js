// One measured run in a fresh process: `node child.js <duckdb|polars|convert> <input> <csv|parquet|json> <out>`,
// or `node child.js tiny <input.csv> <count> <out-dir>` (the tiny jobs' baseline, CPU per statement).
// Prints one JSON line { ms, maxRssMb, rows }. `ms` covers the work only (after modules load);
// `convert` writes the CSV as parquet or, for an output path ending in .json, as newline-delimited
// JSON (the parquet and JSON inputs of the e2e bench).
'use strict';
const fs = require('node:fs');
const os = require('node:os');

const q = (s) => `'${s.replace(/'/g, "''")}'`;

const READERS = { csv: 'read_csv', parquet: 'read_parquet', json: 'read_json' };

async function duckdb(input, format, out, copyOnly) {
  const { DuckDBInstance } = require('@duckdb/node-api');
  const started = performance.now();
  const instance = await DuckDBInstance.create(':memory:', { threads: String(os.availableParallelism()) });
  const conn = await instance.connect();
  const from = `${READERS[format]}(${q(input)})`;
  const sql = copyOnly
    ? `COPY (SELECT * FROM ${from}) TO ${q(out)} (FORMAT ${out.includes('.json') ? 'json' : 'parquet'})`
    : `COPY (SELECT department, count(*) AS employees, avg(salary) AS avg_salary, sum(salary) AS total, ` +
      `min(salary) AS low, max(salary) AS high FROM ${from} WHERE status = 'active' GROUP BY department) TO ${q(out)} (FORMAT parquet)`;
  const result = await conn.runAndReadAll(sql);
  const rows = Number(result.getRowsJson()[0][0]);
  conn.closeSync();
  instance.closeSync();
  return { ms: performance.now() - started, rows };
}

async function polars(input, format, out) {
  const pl = require('nodejs-polars');
  const started = performance.now();
  const scan = format === 'csv' ? pl.scanCSV(input) : format === 'json' ? pl.scanJson(input) : pl.scanParquet(input);
  await scan
    .filter(pl.col('status').eq(pl.lit('active')))
    .select('department', 'salary')
    .groupBy('department')
    .agg(
      pl.len().alias('employees'),
      pl.col('salary').mean().alias('avg_salary'),
      pl.col('salary').sum().alias('total'),
      pl.col('salary').min().alias('low'),
      pl.col('salary').max().alias('high'),
    )
    .sinkParquet(out)
    .collect?.();
  const ms = performance.now() - started;
  return { ms, rows: pl.readParquet(out).height };
}

/**
 * The tiny jobs' baseline: one in-process DuckDB connection runs the same filter `COPY` `count`
 * times, each to its own file; `cpuMs` is this process's CPU (user + system) per statement, after
 * the instance is open and one statement has warmed it.
 */
async function tiny(input, outDir, count) {
  const { DuckDBInstance } = require('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', { threads: String(os.availableParallelism()) });
  const conn = await instance.connect();
  fs.mkdirSync(outDir, { recursive: true });
  const copy = (i) => `COPY (SELECT * FROM read_csv(${q(input)}) WHERE age >= 18) TO ${q(`${outDir}/t${i}.csv`)} (FORMAT csv)`;
  await conn.run(copy('warm'));
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) await conn.run(copy(i));
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  conn.closeSync();
  instance.closeSync();
  return { ms, cpuMs: (used.user + used.system) / 1000 / count, rows: count };
}

async function main() {
  const [contender, input, format, out] = process.argv.slice(2);
  if (contender === 'tiny') {
    process.stdout.write(`${JSON.stringify(await tiny(input, out, Number(format)))}\n`);
    return;
  }
  fs.rmSync(out, { force: true });
  let r;
  if (contender === 'duckdb') r = await duckdb(input, format, out, false);
  else if (contender === 'convert') r = await duckdb(input, format, `${out}.partial`, true);
  else if (contender === 'polars') r = await polars(input, format, out);
  else throw new Error(`unknown contender ${contender}`);
  if (contender === 'convert') fs.renameSync(`${out}.partial`, out);
  process.stdout.write(`${JSON.stringify({ ...r, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
