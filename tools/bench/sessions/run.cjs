#!/usr/bin/env node
// Session memory benchmark: builds the grpc-server bundle (run `npx nx run grpc-server:codegen`
// and `sessions:build-workers` first; or pass --server <built folder> to measure another build),
// starts it on 127.0.0.1 over a temporary data root holding a 1M-row CSV (about 17 MB), then
// runs bench.ts: sessions opened one after another, each reading the file into a handle, while the
// server's resident memory (VmRSS) is sampled; prints each session's outcome and the server's peak
// resident memory (VmHWM). Linux only (reads /proc).
//
// Usage: node tools/bench/sessions/run.cjs [--sessions 30] [--backend duckdb] [--memory-limit 512MB] [--server dir]
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const esbuild = require('esbuild');
const { ROOT, nodeBundleOptions } = require('../../scripts/node-bundle.cjs');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

async function main() {
  const work = fs.mkdtempSync(path.join(ROOT, 'tmp', 'sessions-bench-'));
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'sessions-bench-data-'));
  const lines = ['id,grp,amount,name'];
  for (let i = 0; i < 1_000_000; i++) lines.push(`${i},${i % 1000},${(i * 7919) % 100000},n${i % 5000}`);
  fs.writeFileSync(path.join(data, 'big.csv'), `${lines.join('\n')}\n`);
  let serverDir = option('server', undefined);
  if (serverDir === undefined) {
    const { build } = require(path.join(ROOT, 'apps/grpc-server/build.cjs'));
    serverDir = path.join(work, 'server');
    await build(serverDir);
  }
  await esbuild.build(nodeBundleOptions(path.join(__dirname, 'bench.ts'), path.join(work, 'bench.js'), { packages: 'external', logLevel: 'warning' }));
  const args = ['--host', '127.0.0.1', '--port', '0', '--data-root', data, '--max-sessions', '1000', '--memory-limit', option('memory-limit', '512MB')];
  const server = spawn(process.execPath, [path.join(serverDir, 'main.js'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /listening on [^:]+:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const result = spawnSync(
    process.execPath,
    [path.join(work, 'bench.js'), '--address', `127.0.0.1:${port}`, '--pid', String(server.pid), '--sessions', option('sessions', '30'), '--backend', option('backend', 'duckdb')],
    { stdio: 'inherit', cwd: ROOT },
  );
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(data, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
