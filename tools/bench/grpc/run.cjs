#!/usr/bin/env node
// gRPC benchmark: builds the grpc-server bundle (run `npx nx run grpc-server:codegen` first),
// starts it on 127.0.0.1 (any free port, one worker per core) over a temporary data root holding
// a small employees file, then runs bench.ts (bundled with esbuild) against it and stops the server.
//
// Usage: node tools/bench/grpc/run.cjs [--duration 10] [--concurrency 32] [--chains 30]
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const esbuild = require('esbuild');
const { ROOT, nodeBundleOptions } = require('../../scripts/node-bundle.cjs');

const { build } = require(path.join(ROOT, 'apps/grpc-server/build.cjs'));

const EMPLOYEES = ['id,name,department,salary'];
for (let i = 1; i <= 1000; i++) EMPLOYEES.push(`${i},n${i},${['engineering', 'sales', 'ops'][i % 3]},${30000 + ((i * 7919) % 90000)}`);

async function main() {
  const work = fs.mkdtempSync(path.join(ROOT, 'tmp', 'grpc-bench-'));
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'grpc-bench-data-'));
  fs.writeFileSync(path.join(data, 'employees.csv'), `${EMPLOYEES.join('\n')}\n`);
  await build(path.join(work, 'server'));
  await esbuild.build(nodeBundleOptions(path.join(__dirname, 'bench.ts'), path.join(work, 'bench.js'), { packages: 'external', logLevel: 'warning' }));
  const server = spawn(process.execPath, [path.join(work, 'server', 'main.js'), '--host', '127.0.0.1', '--port', '0', '--data-root', data], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /listening on [^:]+:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const result = spawnSync(process.execPath, [path.join(work, 'bench.js'), '--address', `127.0.0.1:${port}`, ...process.argv.slice(2)], {
    stdio: 'inherit',
    cwd: ROOT,
  });
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
