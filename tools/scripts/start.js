#!/usr/bin/env node
// `npm start`: builds both servers and runs them on the embedded default (DuckDB in-process,
// in-memory job store) over the sample data folder, until Ctrl-C or SIGTERM.
// Environment: PORT (8080), GRPC_PORT (50051), HOST, DATA_ROOT (sample-data), WORKERS, ... are
// passed through to both servers; each prints its configuration and where it listens.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
env.DATA_ROOT = path.resolve(root, env.DATA_ROOT ?? 'sample-data');

const build = spawnSync(
  process.execPath,
  [require.resolve('nx/bin/nx.js'), 'run-many', '-t', 'build', '-p', 'http-server', 'grpc-server', '--outputStyle=static'],
  { cwd: root, env, stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('start: the build failed; nothing was started');
  process.exit(build.status ?? 1);
}

const servers = ['http-server', 'grpc-server'].map((name) => {
  const child = spawn(process.execPath, [path.join(root, 'dist', 'apps', name, 'main.js')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`start: ${name} exited (${signal ?? code}); stopping the other server`);
      stop(code || 1);
    }
  });
  return child;
});

let stopping = false;
function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  let left = servers.filter((s) => s.exitCode === null && s.signalCode === null);
  if (left.length === 0) process.exit(exitCode);
  for (const s of left) {
    s.once('exit', () => {
      left = left.filter((x) => x !== s);
      if (left.length === 0) process.exit(exitCode);
    });
    s.kill('SIGTERM');
  }
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
