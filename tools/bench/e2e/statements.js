// What the tiny jobs' DuckDB statement costs in one process, variants alternated round by round:
// the bench's raw baseline statement (read_csv sniffing the file) against the statement the server
// runs (typed columns, no sniffing, its COPY options), on a plain or a locked-down database (the
// server's settings), on one connection or a connection per statement (as the server's jobs).
//
//   node tools/bench/e2e/statements.js [--rounds 5] [--count 100]
//
// Prints the median CPU (user + system of this process) per statement of each variant. Needs the
// tiny input the e2e bench writes (tools/bench/data/tiny.csv: run its tiny part once).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { DuckDBInstance } = require('@duckdb/node-api');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
}
const rounds = arg('rounds', 5);
const count = arg('count', 100);
const root = `${path.resolve(__dirname, '..', 'data')}/`;
const input = `${root}tiny.csv`;
const outDir = `${root}tiny-statements/`;

const raw = (i) => `COPY (SELECT * FROM read_csv('${input}') WHERE age >= 18) TO '${outDir}a${i}.csv' (FORMAT csv)`;
// As the server writes it for the e2e bench's tiny pipeline (input, where, output to a temporary file).
const server = (i) =>
  `COPY (SELECT * FROM (SELECT * FROM (SELECT * FROM read_csv('${input}', header=true, delim=',', quote='"', escape='"', nullstr='', ` +
  `encoding='utf-8', compression='auto', dateformat='%Y-%m-%d', max_line_size=2000000, columns={'id': 'BIGINT', 'name': 'VARCHAR', 'age': 'BIGINT'}, ` +
  `auto_detect=false)) WHERE ("age" >= 18))) TO '${outDir}.b${i}.tmp' (FORMAT csv, HEADER true, DELIMITER ',', QUOTE '"', ESCAPE '"', NULLSTR '', ` +
  `COMPRESSION 'none', USE_TMP_FILE false)`;

async function open(locked) {
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const connection = await instance.connect();
  if (locked) {
    for (const sql of [`SET GLOBAL TimeZone = 'UTC'`, `SET allowed_directories = ['${root}']`, 'SET enable_external_access = false', 'SET lock_configuration = true']) {
      await connection.run(sql);
    }
  }
  return { instance, connection };
}

async function main() {
  if (!fs.existsSync(input)) throw new Error(`${input} is missing: run node tools/bench/e2e/run.js --only tiny once`);
  fs.mkdirSync(outDir, { recursive: true });
  const plain = await open(false);
  const locked = await open(true);
  const perStatement = (db, sql) => async (i) => {
    const connection = await db.instance.connect();
    await connection.run(sql(i));
    connection.closeSync();
  };
  const variants = {
    'raw statement, plain, one connection': (i) => plain.connection.run(raw(i)),
    'raw statement, locked, one connection': (i) => locked.connection.run(raw(i)),
    "server's statement, locked, one connection": (i) => locked.connection.run(server(i)),
    "server's statement, locked, connection each": perStatement(locked, server),
  };
  const cpu = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (const run of Object.values(variants)) await run('warm');
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(variants)) {
      const before = process.cpuUsage();
      for (let i = 0; i < count; i++) await run(i);
      const used = process.cpuUsage(before);
      cpu[name].push((used.user + used.system) / 1000 / count);
    }
  }
  for (const [name, ms] of Object.entries(cpu)) {
    ms.sort((a, b) => a - b);
    console.log(`${name.padEnd(46)} median ${ms[Math.floor(ms.length / 2)].toFixed(2)} ms CPU per statement (${ms.map((m) => m.toFixed(2)).join(' ')})`);
  }
  fs.rmSync(outDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
