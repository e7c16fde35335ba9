// One measured run in a fresh process: `node child.js <contender> <csv> <out> <threads> [bundle]`.
// Prints one JSON line: { ms, maxRssMb, rows, detail }. `ms` covers the work only (after modules load).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const PIPELINE = (csv, out, format) => `
version: "3.0"
pipeline:
  name: bench
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: ${JSON.stringify(csv)} } }
    - asset_ref: active
      source: { where: { from: raw, filter: "status = 'active'" } }
    - asset_ref: slim
      source: { select: { from: active, columns: [department, salary] } }
    - asset_ref: by_dept
      source:
        group_by:
          from: slim
          by: [department]
          agg: ["count(*) AS employees", "avg(salary) AS avg_salary", "sum(salary) AS total", "min(salary) AS low", "max(salary) AS high"]
    - asset_ref: summary
      source: { output: { from: by_dept, format: ${format}, path: ${JSON.stringify(out)}, mode: overwrite } }
`;

async function engine(csv, out, threads, bundle, backend) {
  const { planPipeline, executePlan, createBackend } = require(bundle);
  const dataRoot = path.dirname(csv);
  // A running server has validated pipelines before: warm that code path outside the timing.
  planPipeline(PIPELINE('warm.csv', 'warm.parquet', 'parquet'), {});
  // danfojs-node loads once per process (about a second); report it apart from the run.
  let loadMs = 0;
  if (backend === 'danfo') {
    const t = performance.now();
    await (await createBackend('danfo', { dataRoot })).close();
    loadMs = performance.now() - t;
  }
  const started = performance.now();
  const planned = planPipeline(PIPELINE(path.basename(csv), path.relative(dataRoot, out), backend === 'danfo' ? 'csv' : 'parquet'), {});
  if (!planned.ok) throw new Error(planned.error.message);
  const result = await executePlan(planned.plan, { dataRoot, backend, duckdb: threads > 0 ? { threads } : undefined });
  const ms = performance.now() - started;
  return { ms, loadMs, rows: result.outputs[0].rowsWritten, detail: result.steps };
}

async function duckdb(csv, out, threads) {
  const { DuckDBInstance } = require('@duckdb/node-api');
  const started = performance.now();
  const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) });
  const conn = await instance.connect();
  const q = (s) => `'${s.replace(/'/g, "''")}'`;
  const result = await conn.runAndReadAll(
    `COPY (SELECT department, count(*) AS employees, avg(salary) AS avg_salary, sum(salary) AS total, ` +
      `min(salary) AS low, max(salary) AS high FROM read_csv(${q(csv)}) WHERE status = 'active' GROUP BY department) ` +
      `TO ${q(out)} (FORMAT parquet)`,
  );
  const rows = Number(result.getRowsJson()[0][0]);
  conn.closeSync();
  instance.closeSync();
  return { ms: performance.now() - started, rows };
}

async function polars(csv, out) {
  const pl = require('nodejs-polars');
  const started = performance.now();
  await pl
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
    )
    .sinkParquet(out)
    .collect?.();
  const ms = performance.now() - started;
  const rows = pl.readParquet(out).height;
  return { ms, rows };
}

async function main() {
  const [contender, csv, out, threadsText, bundle] = process.argv.slice(2);
  const threads = Number(threadsText);
  fs.rmSync(out, { force: true });
  let r;
  if (contender === 'engine') r = await engine(csv, out, threads, bundle, 'duckdb');
  else if (contender === 'danfo') r = await engine(csv, out.replace(/\.parquet$/, '.csv'), 0, bundle, 'danfo');
  else if (contender === 'duckdb') r = await duckdb(csv, out, threads);
  else if (contender === 'polars') r = await polars(csv, out);
  else throw new Error(`unknown contender ${contender}`);
  process.stdout.write(`${JSON.stringify({ ...r, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
