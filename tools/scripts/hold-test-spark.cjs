#!/usr/bin/env node
// Holds the run's shared test Spark Connect server (libs/test-spark/src/shared-server.ts) while it
// runs: `.ci/run` starts it beside `npm test`, so spark-connect's `test` and every project's
// `test-spark` run join one server and one warmed-up JVM. Without a holder each of those Jest runs
// was the only user while it ran: it started Spark (7-14 s idle) and stopped it at its end.
// It registers as one more user; on SIGTERM or SIGINT, or once its parent process is gone, it
// leaves, and the last user to leave stops the server. Prints one line when it holds the server.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');

// The shared-server module is TypeScript (Jest transforms it for the global setup): transpile it,
// as the Jest preset does, when required from here.
require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
const { acquireSharedSpark, releaseSharedSpark } = require(path.join(__dirname, '../../libs/test-spark/src/shared-server.ts'));
const { isAlive } = require(path.join(__dirname, '../../libs/test-spark/src/spark-server.ts'));

const parent = process.ppid;
let leaving;

function leave() {
  leaving ??= releaseSharedSpark().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`hold-test-spark: could not leave the shared Spark server: ${error.message}\n`);
      process.exit(1);
    },
  );
}

process.on('SIGTERM', leave);
process.on('SIGINT', leave);
// A parent killed outright sends no signal: without this check the server would outlive the run.
setInterval(() => {
  if (!isAlive(parent)) leave();
}, 2000);

acquireSharedSpark().then(
  (spark) => {
    if (leaving) return;
    process.stdout.write(`hold-test-spark: holding ${spark.url} (${spark.reused ? 'already running' : `started in ${spark.startMs} ms`})\n`);
  },
  (error) => {
    process.stderr.write(`hold-test-spark: no shared Spark server (each Jest run starts its own): ${error.message}\n`);
    process.exit(1);
  },
);
