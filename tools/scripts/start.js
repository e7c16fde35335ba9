#!/usr/bin/env node
// `npm start`: builds both servers and runs them on the embedded default (DuckDB in-process,
// in-memory job store) over the sample data folder, until Ctrl-C, SIGTERM or SIGHUP.
// Environment: PORT (8080), GRPC_PORT (50051), HOST, DATA_ROOT (sample-data), WORKERS, ... are
// passed through to both servers; each prints its configuration and where it listens.
//
// Stopping: each stop request reaches each server as exactly one SIGTERM. The servers run in
// their own process group, so a terminal's Ctrl-C (SIGINT to the foreground group) reaches only
// this script, which forwards it; a second request forwards a second SIGTERM, which the servers
// take as "stop now". npm (the package script is `exec`ed, so this process is npm's child) also
// forwards the SIGINT a Ctrl-C gives it, a few milliseconds after the terminal's own: signals
// within COALESCE_MS of a forwarded one are the same request. If npm or the shell goes away
// without a word (SIGKILL), this script notices it is orphaned and stops the servers the same way.
// Exit status: 0 when both servers stopped gracefully, else the first server's non-zero status.
'use strict';
const { spawn } = require('node:child_process');
const { constants } = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const COALESCE_MS = 1000;
const ORPHAN_POLL_MS = 500;

// Nx asks on a terminal whether to share usage data and writes the answer into nx.json; nx.json
// says `"analytics": false`, and the build's stdin is not the terminal, so it never asks.
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
env.DATA_ROOT = path.resolve(root, env.DATA_ROOT ?? 'sample-data');

/** @type {import('node:child_process').ChildProcess[]} */
let children = [];
let requests = 0;
let lastRequestAt = -Infinity;
let exitCode = 0;
const parent = process.ppid;

function stopRequested(why) {
  const now = Date.now();
  if (now - lastRequestAt < COALESCE_MS) return;
  lastRequestAt = now;
  requests += 1;
  if (requests === 1) console.error(`start: ${why}: stopping both servers gracefully (a second request stops them at once)`);
  else console.error(`start: ${why} again: stopping at once`);
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopRequested(signal));
setInterval(() => {
  if (process.ppid !== parent) stopRequested('parent process gone');
}, ORPHAN_POLL_MS).unref();

function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function main() {
  // The build stays in this process group: Ctrl-C reaches Nx directly, and a forwarded SIGTERM too.
  const build = spawn(
    process.execPath,
    [require.resolve('nx/bin/nx.js'), 'run-many', '-t', 'build', '-p', 'http-server', 'grpc-server', '--outputStyle=static'],
    { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  children = [build];
  await exited(build);
  if (requests > 0) {
    console.error('start: stopped during the build; nothing was started');
    process.exit(130);
  }
  if (build.exitCode !== 0) {
    console.error('start: the build failed; nothing was started');
    process.exit(build.exitCode ?? 1);
  }

  children = ['http-server', 'grpc-server'].map((name) => {
    const child = spawn(process.execPath, [path.join(root, 'dist', 'apps', name, 'main.js')], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    child.once('exit', (code, signal) => {
      const status = code ?? 128 + (constants.signals[signal] ?? 0);
      if (status !== 0 && exitCode === 0) exitCode = status;
      if (requests === 0) {
        console.error(`start: ${name} exited (${signal ?? code}); stopping the other server`);
        if (exitCode === 0) exitCode = 1;
        stopRequested(`${name} exited`);
      }
    });
    return child;
  });
  await Promise.all(children.map(exited));
  process.exit(exitCode);
}

main().catch((error) => {
  console.error(`start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
});
