// Writes each project's pass/fail counts to tmp/test-results/<project>.json so that
// tools/ci/summarize-tests.js can print one `N passed, M failed` line over all projects.
const fs = require('node:fs');
const path = require('node:path');

class CountReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const dir = path.join(__dirname, '..', '..', 'tmp', 'test-results');
    fs.mkdirSync(dir, { recursive: true });
    const project = path.relative(path.join(__dirname, '..', '..'), this.rootDir).replace(/[\\/]/g, '__');
    const summary = {
      project,
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      // A suite that fails to load (syntax or type error) runs no test but is a failure.
      brokenSuites: results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    fs.writeFileSync(path.join(dir, `${project}.json`), JSON.stringify(summary));
  }
}

module.exports = CountReporter;
