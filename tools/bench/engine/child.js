// One measured run in a fresh process: `node child.js <case> <contender> <inputs> <out> <threads> [bundle]`,
// `<inputs>` a JSON array of CSV paths (the case's inputs, in its order).
// Prints one JSON line: { ms, maxRssMb, rows, detail }. `ms` covers the work only (after modules load).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { examplePipeline, joinPipeline } = require('../lib/pipelines.js');

const q = (s) => `'${s.replace(/'/g, "''")}'`;

/**
 * The benchmark cases: each is one piece of work written three ways, as a pipeline for the engine
 * (`pipeline(inputs, out, format)`, paths relative to the data root), as one DuckDB query
 * (`sql(inputs)`, absolute paths) and as a nodejs-polars lazy query (`polars(pl, inputs)`).
 */
const CASES = {
  // The contract's example: CSV -> where -> select -> group_by -> parquet.
  example: {
    pipeline: ([csv], out, format) => examplePipeline(csv, out, { outputFormat: format }),
    sql: ([csv]) =>
      `SELECT department, count(*) AS employees, avg(salary) AS avg_salary, sum(salary) AS total, ` +
      `min(salary) AS low, max(salary) AS high FROM read_csv(${q(csv)}) WHERE status = 'active' GROUP BY department`,
    polars: (pl, [csv]) =>
      pl
        .scanCSV(csv)
        .filter(pl.col('status').eq(pl.lit('active')))
        .select('department', 'salary')
        .groupBy('department')
        .agg(
          pl.len().alias('employees'),
          pl.col('salary').mean().alias('avg_salary'),
          pl.col('salary').sum().alias('total'),
          pl.col('salary').min().alias('low'),
          pl.col('salary').max().alias('high'),
        ),
  },
  // A fact table joined with a small dimension table, then grouped, sorted and cut (Teckel shape).
  join: {
    pipeline: ([sales, customers], out, format) => joinPipeline(sales, customers, out, { outputFormat: format }),
    sql: ([sales, customers]) =>
      `SELECT c.region, sum(s.amount) AS revenue, count(*) AS orders, sum(s.quantity) AS units ` +
      `FROM read_csv(${q(sales)}) s JOIN read_csv(${q(customers)}) c ON s.customer_id = c.customer_id ` +
      `GROUP BY c.region ORDER BY revenue DESC, c.region LIMIT 5`,
    polars: (pl, [sales, customers]) =>
      pl
        .scanCSV(sales)
        .join(pl.scanCSV(customers), { on: 'customer_id', how: 'inner' })
        .groupBy('region')
        .agg(pl.col('amount').sum().alias('revenue'), pl.len().alias('orders'), pl.col('quantity').sum().alias('units'))
        .sort({ by: ['revenue', 'region'], descending: [true, false] })
        .limit(5),
  },
};

async function engine(work, inputs, out, threads, bundle, backend) {
  const { planPipeline, executePlan, createBackend } = require(bundle);
  const dataRoot = path.dirname(inputs[0]);
  // A running server has validated pipelines before: warm that code path outside the timing.
  planPipeline(work.pipeline(inputs.map((_, i) => `warm${i}.csv`), 'warm.parquet', 'parquet'), {});
  // danfojs-node loads once per process (about a second); report it apart from the run.
  let loadMs = 0;
  if (backend === 'danfo') {
    const t = performance.now();
    await (await createBackend('danfo', { dataRoot })).close();
    loadMs = performance.now() - t;
  }
  const started = performance.now();
  const yaml = work.pipeline(
    inputs.map((f) => path.relative(dataRoot, f)),
    path.relative(dataRoot, out),
    backend === 'danfo' ? 'csv' : 'parquet',
  );
  const planned = planPipeline(yaml, {});
  if (!planned.ok) throw new Error(planned.error.message);
  const result = await executePlan(planned.plan, { dataRoot, backend, duckdb: threads > 0 ? { threads } : undefined });
  const ms = performance.now() - started;
  return { ms, loadMs, rows: result.outputs[0].rowsWritten, detail: result.steps };
}

async function duckdb(work, inputs, out, threads) {
  const { DuckDBInstance } = require('@duckdb/node-api');
  const started = performance.now();
  const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) });
  const conn = await instance.connect();
  const result = await conn.runAndReadAll(`COPY (${work.sql(inputs)}) TO ${q(out)} (FORMAT parquet)`);
  const rows = Number(result.getRowsJson()[0][0]);
  conn.closeSync();
  instance.closeSync();
  return { ms: performance.now() - started, rows };
}

async function polars(work, inputs, out) {
  const pl = require('nodejs-polars');
  const started = performance.now();
  await work.polars(pl, inputs).sinkParquet(out).collect?.();
  const ms = performance.now() - started;
  const rows = pl.readParquet(out).height;
  return { ms, rows };
}

async function main() {
  const [name, contender, inputsJson, out, threadsText, bundle] = process.argv.slice(2);
  const work = CASES[name];
  if (!work) throw new Error(`unknown case ${name}`);
  const inputs = JSON.parse(inputsJson);
  const threads = Number(threadsText);
  fs.rmSync(out, { force: true });
  let r;
  if (contender === 'engine') r = await engine(work, inputs, out, threads, bundle, 'duckdb');
  else if (contender === 'danfo') r = await engine(work, inputs, out.replace(/\.parquet$/, '.csv'), 0, bundle, 'danfo');
  else if (contender === 'duckdb') r = await duckdb(work, inputs, out, threads);
  else if (contender === 'polars') r = await polars(work, inputs, out);
  else throw new Error(`unknown contender ${contender}`);
  process.stdout.write(`${JSON.stringify({ ...r, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
