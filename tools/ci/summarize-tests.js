#!/usr/bin/env node
// Prints one `N passed, M failed` line over every project's Jest run (see tools/jest/count-reporter.js).
// Usage: summarize-tests.js <project-root>[:<run>]...  (`libs/engine` for its `test` target,
// `libs/engine:spark` for its `test-spark` run; see the count reporter's `run` option).
// A run named on the command line that left no results (its Jest never finished) counts as one
// failure, so a crashed runner can never look like a green run. `--failed=<check>` names a check
// outside Jest that failed (lint, typecheck): it counts as one failure, so the last line never reads
// green while CI exits 1.
const fs = require('node:fs');
const path = require('node:path');
const { resultsDir, resultsKey } = require('../jest/count-reporter.js');

const dir = resultsDir();
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
const results = files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));

let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  passed += r.passed;
  failed += r.failed + r.brokenSuites;
  skipped += r.skipped;
  console.log(`  ${r.project}: ${r.passed} passed, ${r.failed + r.brokenSuites} failed`);
}
const reported = new Set(results.map((r) => r.project));
const args = process.argv.slice(2);
for (const arg of args.filter((a) => a.startsWith('--failed='))) {
  console.log(`  ${arg.slice('--failed='.length)}: failed`);
  failed += 1;
}
for (const arg of args.filter((a) => !a.startsWith('--'))) {
  const [root, run] = arg.split(':');
  if (!reported.has(resultsKey(root, run))) {
    console.log(`  ${arg}: no results (its test run did not complete)`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
