// The built HTTP server as a child process of a bench: started on a free port of 127.0.0.1,
// resolved once its banner says where it listens, stopped with one SIGTERM.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');

/** How much of the server's log is kept, to say why it died: the end matters, and a long bench logs a lot. */
const LOG_KEPT = 64 * 1024;

/**
 * Starts `main` with `args` (node flags in `nodeArgs`, from `cwd` with `env`); resolves
 * `{ port, url, pid, peakRssMb(), stop() }`. A server that dies after it listened says why on
 * stderr, with the end of its log.
 */
function startServerProcess({ main, args = [], nodeArgs = [], cwd, env = process.env }) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeArgs, main, '--port', '0', '--host', '127.0.0.1', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (c) => {
      out += c;
      if (out.length > 2 * LOG_KEPT) out = out.slice(-LOG_KEPT);
    };
    proc.stdout.setEncoding('utf8');
    proc.stderr.setEncoding('utf8');
    proc.stdout.on('data', keep);
    proc.stderr.on('data', keep);
    const onData = () => {
      // Up to the line end: a chunk may end inside the port.
      const m = /listening on (http:\/\/\S*:(\d+))\s/i.exec(out);
      if (!m) return;
      proc.stdout.off('data', onData);
      proc.removeAllListeners('exit');
      let stopping = false;
      proc.once('exit', (code, signal) => stopping || console.error(`the server exited (${signal ?? code}):\n${out.slice(-4000)}`));
      const exited = () => proc.exitCode !== null || proc.signalCode !== null;
      resolve({
        port: Number(m[2]),
        url: m[1],
        pid: proc.pid,
        // The server's peak resident set (VmHWM), read while it runs.
        peakRssMb: () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8'))[1]) / 1024,
        stop: () => (exited() ? Promise.resolve() : new Promise((r) => ((stopping = true), proc.once('exit', r), proc.kill('SIGTERM')))),
      });
    };
    proc.stdout.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
}

module.exports = { startServerProcess };
