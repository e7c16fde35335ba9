#!/usr/bin/env node
// Engine benchmark: `node tools/bench/engine/run.js [--sizes 1000000,10000000] [--runs 5] [--threads 2] [--danfo-rows 100000]`.
//
// Times the contract's example pipeline (CSV -> where -> select -> group_by -> parquet) through the
// engine against (a) the same work as one DuckDB statement and (b) the same pipeline written
// directly with nodejs-polars (lazy scan), each run in its own fresh process; prints the median wall
// time, the ratios and the peak RSS of each. Also times the danfo backend on a small file.
// Data is generated deterministically under tools/bench/data/ (git-ignored) and reused.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync, execFileSync } = require('node:child_process');
const { ensureEmployees } = require('./generate');
const { ROOT, nodeBundleOptions } = require('../../scripts/node-bundle.cjs');

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

/**
 * nodejs-polars needs its native package, which the lock file pins but the install may have
 * skipped. If it is missing, fetch exactly the locked version with `npm pack` into the bench data
 * folder, check it against the lock file's integrity, and give the polars runs a NODE_PATH to it.
 */
function polarsEnv() {
  try {
    require.resolve('nodejs-polars-linux-x64-gnu', { paths: [ROOT] });
    return {};
  } catch {
    // fall through: fetch it
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('polars native package missing for this platform');
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const entry = lock.packages['node_modules/nodejs-polars-linux-x64-gnu'];
  const dir = path.join(DATA, 'native');
  const target = path.join(dir, 'node_modules/nodejs-polars-linux-x64-gnu');
  if (!fs.existsSync(path.join(target, 'package.json'))) {
    fs.mkdirSync(dir, { recursive: true });
    const name = execFileSync('npm', ['pack', `nodejs-polars-linux-x64-gnu@${entry.version}`, '--silent'], { cwd: dir }).toString().trim();
    const tgz = path.join(dir, name);
    const integrity = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tgz)).digest('base64')}`;
    if (integrity !== entry.integrity) throw new Error(`integrity mismatch for ${name}`);
    fs.mkdirSync(target, { recursive: true });
    execFileSync('tar', ['xzf', tgz, '-C', target, '--strip-components=1']);
    fs.rmSync(tgz);
  }
  return { NODE_PATH: path.join(dir, 'node_modules') };
}

function runChild(contender, csv, threads, bundle, env) {
  const out = path.join(DATA, `out-${contender}-${path.basename(csv, '.csv')}.parquet`);
  const r = spawnSync(process.execPath, [path.join(__dirname, 'child.js'), contender, csv, out, String(threads), bundle], {
    cwd: ROOT,
    env: { ...process.env, POLARS_MAX_THREADS: String(threads), ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${contender} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * Runs every contender `runs` times, interleaved (A B C A B C ...) so that load from other
 * processes on the machine falls on all of them alike; one warm-up run each first.
 */
function measureAll(contenders, csv, runs, bundle) {
  for (const c of contenders) runChild(c.contender, csv, c.threads, bundle, c.env ?? {});
  const results = contenders.map(() => []);
  for (let i = 0; i < runs; i++) {
    contenders.forEach((c, k) => results[k].push(runChild(c.contender, csv, c.threads, bundle, c.env ?? {})));
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

async function main() {
  const sizes = arg('sizes', '1000000,10000000').split(',').map(Number);
  const runs = Number(arg('runs', '5'));
  const threads = Number(arg('threads', String(Math.min(2, os.availableParallelism()))));
  const danfoRows = Number(arg('danfo-rows', '100000'));
  fs.mkdirSync(DATA, { recursive: true });
  const bundle = await buildBundle();
  const env = polarsEnv();
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0].model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`);
  console.log(`runs per contender: ${runs}, interleaved (median; one warm-up run first); DuckDB and polars threads: ${threads}`);
console.log(`load average at start: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
  const lines = [];
  for (const rows of sizes) {
    const csv = ensureEmployees(rows, DATA);
    const mb = fs.statSync(csv).size / 2 ** 20;
    const [engine, engine1, duck, polars] = measureAll(
      [
        { contender: 'engine', threads },
        { contender: 'engine', threads: 1 },
        { contender: 'duckdb', threads },
        { contender: 'polars', threads, env },
      ],
      csv,
      runs,
      bundle,
    );
    for (const r of [engine, duck, polars]) {
      if (r.rows !== duck.rows) throw new Error(`${r.contender} wrote ${r.rows} rows, DuckDB ${duck.rows}`);
    }
    lines.push({ rows, mb, engine, engine1, duck, polars });
    const row = (label, r) =>
      `  ${label.padEnd(28)} ${fmtMs(r.ms).padStart(9)}  ${(r.ms / duck.ms).toFixed(2).padStart(5)}x duckdb  ${(r.ms / polars.ms)
        .toFixed(2)
        .padStart(5)}x polars  peak RSS ${r.rssMb.toFixed(0).padStart(5)} MB`;
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
  const [danfo, engineSmall] = measureAll(
    [
      { contender: 'danfo', threads: 0 },
      { contender: 'engine', threads },
    ],
    small,
    runs,
    bundle,
  );
  console.log(`${danfoRows.toLocaleString('en')} rows, danfo backend (CSV output):`);
  console.log(`  danfo   ${fmtMs(danfo.ms).padStart(9)}  peak RSS ${danfo.rssMb.toFixed(0)} MB   (engine on DuckDB: ${fmtMs(engineSmall.ms)}, ${(danfo.ms / engineSmall.ms).toFixed(0)}x slower; loading danfojs-node once per process: ${fmtMs(danfo.loadMs)})`);
  console.log(`  danfo steps (last run): ${danfo.detail.map((s) => `${s.ref} ${s.ms.toFixed(0)} ms`).join(', ')}`);
  fs.writeFileSync(path.join(DATA, 'engine-bench-results.json'), JSON.stringify({ lines, danfo, engineSmall }, null, 2));
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
