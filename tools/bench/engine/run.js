#!/usr/bin/env node
// Engine benchmark: `node tools/bench/engine/run.js [--case example|join] [--sizes 1000000,10000000] [--runs 5] [--threads 2]
// [--danfo-rows 100000] [--customers 1000]`.
//
// Times a pipeline through the engine against (a) the same work as one DuckDB statement and (b) the
// same work written directly with nodejs-polars (lazy scan), each run in its own fresh process;
// prints the median wall time, the ratios and the peak RSS of each.
// `--case example` (the default): the contract's example pipeline (CSV -> where -> select ->
// group_by -> parquet) on employees CSVs of `--sizes` rows; also times the danfo backend on a small file.
// `--case join`: a sales CSV of `--sizes` rows joined (inner, on customer_id) with a customers CSV of
// `--customers` rows, grouped by region, sorted and cut to 5 rows; every run's output is read back
// and compared with the others, so that no contender can be timed doing different work.
// Data is generated deterministically under tools/bench/data/ (git-ignored) and reused.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync, execFileSync } = require('node:child_process');
const { ensureEmployees, ensureSales, ensureCustomers } = require('./generate');
const { ROOT, nodeBundleOptions } = require('../../scripts/node-bundle.cjs');
const { polarsEnv } = require('../lib/polars-env.js');

const DATA = path.join(ROOT, 'tools/bench/data');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
}

/** Bundles the engine and planner (TypeScript sources) into one CommonJS file. */
async function buildBundle() {
  const esbuild = require('esbuild');
  const outfile = path.join(DATA, '.build/engine-bench.js');
  await esbuild.build(nodeBundleOptions(path.join(__dirname, 'engine-entry.js'), outfile, { packages: 'external', logLevel: 'silent' }));
  return outfile;
}

/** One run of `contender` on `work` ({ name, inputs }) in a fresh process; its result and output file. */
function runChild(contender, work, threads, bundle, env) {
  const out = path.join(DATA, `out-${contender}-${path.basename(work.inputs[0], '.csv')}.parquet`);
  const args = [path.join(__dirname, 'child.js'), work.name, contender, JSON.stringify(work.inputs), out, String(threads), bundle];
  const r = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, POLARS_MAX_THREADS: String(threads), ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${contender} failed:\n${r.stderr}`);
  return { ...JSON.parse(r.stdout.trim().split('\n').pop()), out };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * Runs every contender `runs` times, interleaved (A B C A B C ...) so that load from other
 * processes on the machine falls on all of them alike; one warm-up run each first. `check`, when
 * given, is awaited with the contender and its output file after every run, warm-ups included.
 */
async function measureAll(contenders, work, runs, bundle, check) {
  const once = async (c) => {
    const r = runChild(c.contender, work, c.threads, bundle, c.env ?? {});
    if (check) await check(c.contender, r.out);
    return r;
  };
  for (const c of contenders) await once(c);
  const results = contenders.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, c] of contenders.entries()) results[k].push(await once(c));
  }
  return results.map((rs, k) => ({
    contender: contenders[k].contender,
    ms: median(rs.map((r) => r.ms)),
    rssMb: Math.max(...rs.map((r) => r.maxRssMb)),
    rows: rs[0].rows,
    detail: rs[rs.length - 1].detail,
    loadMs: median(rs.map((r) => r.loadMs ?? 0)),
  }));
}

const fmtMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/** One result line: time, ratios to DuckDB and polars, peak RSS. */
function resultRow(label, r, duck, polars) {
  return `  ${label.padEnd(28)} ${fmtMs(r.ms).padStart(9)}  ${(r.ms / duck.ms).toFixed(2).padStart(5)}x duckdb  ${(r.ms / polars.ms)
    .toFixed(2)
    .padStart(5)}x polars  peak RSS ${r.rssMb.toFixed(0).padStart(5)} MB`;
}

/** The example case: the contract's example pipeline at each size, then the danfo backend. */
async function mainExample({ sizes, runs, threads, bundle, env }) {
  const danfoRows = Number(arg('danfo-rows', '100000'));
  const lines = [];
  for (const rows of sizes) {
    const csv = ensureEmployees(rows, DATA);
    const work = { name: 'example', inputs: [csv] };
    const mb = fs.statSync(csv).size / 2 ** 20;
    const [engine, engine1, duck, polars] = await measureAll(
      [
        { contender: 'engine', threads },
        { contender: 'engine', threads: 1 },
        { contender: 'duckdb', threads },
        { contender: 'polars', threads, env },
      ],
      work,
      runs,
      bundle,
    );
    for (const r of [engine, duck, polars]) {
      if (r.rows !== duck.rows) throw new Error(`${r.contender} wrote ${r.rows} rows, DuckDB ${duck.rows}`);
    }
    lines.push({ rows, mb, engine, engine1, duck, polars });
    const row = (label, r) => resultRow(label, r, duck, polars);
    console.log(`${rows.toLocaleString('en')} rows (${mb.toFixed(0)} MB CSV):`);
    console.log(row(`engine (duckdb, ${threads} threads)`, engine));
    console.log(row('engine (duckdb, 1 thread)', engine1));
    console.log(row(`raw DuckDB statement`, duck));
    console.log(row(`nodejs-polars lazy`, polars));
    console.log(`  engine steps (last run): ${engine.detail.map((s) => `${s.ref} ${s.ms.toFixed(0)} ms`).join(', ')}`);
    console.log(
      `  targets: time ${(engine.ms / duck.ms).toFixed(2)}x <= 1.10x; RSS ${engine.rssMb.toFixed(0)} MB <= ${(1.25 * duck.rssMb + 100).toFixed(0)} MB (1.25x + 100 MB)\n`,
    );
  }
  const small = ensureEmployees(danfoRows, DATA);
  const [danfo, engineSmall] = await measureAll(
    [
      { contender: 'danfo', threads: 0 },
      { contender: 'engine', threads },
    ],
    { name: 'example', inputs: [small] },
    runs,
    bundle,
  );
  console.log(`${danfoRows.toLocaleString('en')} rows, danfo backend (CSV output):`);
  console.log(`  danfo   ${fmtMs(danfo.ms).padStart(9)}  peak RSS ${danfo.rssMb.toFixed(0)} MB   (engine on DuckDB: ${fmtMs(engineSmall.ms)}, ${(danfo.ms / engineSmall.ms).toFixed(0)}x slower; loading danfojs-node once per process: ${fmtMs(danfo.loadMs)})`);
  console.log(`  danfo steps (last run): ${danfo.detail.map((s) => `${s.ref} ${s.ms.toFixed(0)} ms`).join(', ')}`);
  fs.writeFileSync(path.join(DATA, 'engine-bench-results.json'), JSON.stringify({ lines, danfo, engineSmall }, null, 2));
}

/**
 * A checker of output files: the first output it sees becomes the reference (it must have rows),
 * and every later one must have the same column names and rows, in the same order. Integers must
 * be equal; other numbers may differ by 1e-9 relatively, since the contenders add doubles in
 * different orders. Files are read with one DuckDB instance, so all go through the same reader.
 */
async function createOutputChecker() {
  const { DuckDBInstance } = require('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const conn = await instance.connect();
  let reference;
  const read = async (file) => {
    const reader = await conn.runAndReadAll(`SELECT * FROM read_parquet('${file.replace(/'/g, "''")}')`);
    return { columns: reader.columnNames(), rows: reader.getRowsJson().map((r) => r.map((v) => (v === null ? null : String(v)))) };
  };
  const same = (a, b) => {
    if (a === b) return true;
    if (a === null || b === null || /^-?\d+$/.test(a) || /^-?\d+$/.test(b)) return false;
    const x = Number(a);
    const y = Number(b);
    return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y));
  };
  const check = async (contender, file) => {
    const got = await read(file);
    if (!reference) {
      if (got.rows.length === 0) throw new Error(`${contender} wrote no rows`);
      reference = { contender, ...got };
      return;
    }
    const problem =
      got.columns.join(',') !== reference.columns.join(',')
        ? `columns ${got.columns.join(',')}`
        : got.rows.length !== reference.rows.length
          ? `${got.rows.length} rows`
          : got.rows.findIndex((r, i) => r.some((v, j) => !same(v, reference.rows[i][j]))) >= 0
            ? `rows ${JSON.stringify(got.rows)}`
            : undefined;
    if (problem) {
      throw new Error(`${contender} wrote ${problem}; ${reference.contender} wrote ${JSON.stringify(reference)}`);
    }
  };
  return { check, reference: () => reference, close: () => (conn.closeSync(), instance.closeSync()) };
}

/** The join case: sales of each size joined with customers, grouped, sorted, cut; outputs compared. */
async function mainJoin({ sizes, runs, threads, bundle, env }) {
  const customers = Number(arg('customers', '1000'));
  const dimension = ensureCustomers(customers, DATA);
  const lines = [];
  for (const rows of sizes) {
    const facts = ensureSales(rows, customers, DATA);
    const mb = fs.statSync(facts).size / 2 ** 20;
    const checker = await createOutputChecker();
    const [engine, duck, polars] = await measureAll(
      [
        { contender: 'engine', threads },
        { contender: 'duckdb', threads },
        { contender: 'polars', threads, env },
      ],
      { name: 'join', inputs: [facts, dimension] },
      runs,
      bundle,
      checker.check,
    );
    const result = checker.reference();
    checker.close();
    lines.push({ rows, customers, mb, engine, duck, polars, result });
    const row = (label, r) => resultRow(label, r, duck, polars);
    console.log(`${rows.toLocaleString('en')} sales x ${customers.toLocaleString('en')} customers (${mb.toFixed(0)} MB CSV):`);
    console.log(row(`engine (duckdb, ${threads} threads)`, engine));
    console.log(row('raw DuckDB statement', duck));
    console.log(row('nodejs-polars lazy', polars));
    console.log(`  engine steps (last run): ${engine.detail.map((s) => `${s.ref} ${s.ms.toFixed(0)} ms`).join(', ')}`);
    console.log(`  every output equal (${runs + 1} runs each): ${result.columns.join(', ')}`);
    for (const r of result.rows) console.log(`    ${r.join(', ')}`);
    console.log('');
  }
  fs.writeFileSync(path.join(DATA, 'join-bench-results.json'), JSON.stringify({ lines }, null, 2));
}

async function main() {
  const name = arg('case', 'example');
  const cases = { example: mainExample, join: mainJoin };
  if (!cases[name]) throw new Error(`unknown case ${name} (example or join)`);
  const sizes = arg('sizes', '1000000,10000000').split(',').map(Number);
  const runs = Number(arg('runs', '5'));
  const threads = Number(arg('threads', String(Math.min(2, os.availableParallelism()))));
  fs.mkdirSync(DATA, { recursive: true });
  const bundle = await buildBundle();
  const env = polarsEnv(ROOT, DATA);
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0].model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`);
  console.log(`runs per contender: ${runs}, interleaved (median; one warm-up run first); DuckDB and polars threads: ${threads}`);
  console.log(`load average at start: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
  await cases[name]({ sizes, runs, threads, bundle, env });
  console.log(`load average at end: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
