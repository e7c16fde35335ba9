#!/usr/bin/env node
// Prints one `N passed, M failed` line over every project's Jest run (see tools/jest/count-reporter.js).
// Usage: summarize-tests.js <project-with-test-target>...
// A project named on the command line that left no results (its Jest never finished) counts as one
// failure, so a crashed runner can never look like a green run.
const fs = require('node:fs');
const path = require('node:path');

const dir = path.join(__dirname, '..', '..', 'tmp', 'test-results');
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
for (const root of process.argv.slice(2)) {
  const key = root.replace(/[\\/]/g, '__');
  if (!reported.has(key)) {
    console.log(`  ${root}: no results (its test run did not complete)`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
