// Writes each project's pass/fail counts to tmp/test-results/<project>.json so that
// tools/ci/summarize-tests.js can print one `N passed, M failed` line over all projects.
// A project with a second Jest run (its `*.spark.spec.ts` under jest.spark.config.js) names that
// run in the reporter's options, `{ run: 'spark' }`: its counts go to <project>.spark.json, so
// neither run overwrites the other's.
const fs = require('node:fs');
const path = require('node:path');

/** Where the counts go; tests of the reporter and of the summary point it at a folder of their own. */
function resultsDir() {
  return process.env['PIPELINE_TEST_RESULTS_DIR'] ?? path.join(__dirname, '..', '..', 'tmp', 'test-results');
}

/** The results key of a project root and run, shared with tools/ci/summarize-tests.js. */
function resultsKey(root, run) {
  return root.replace(/[\\/]/g, '__') + (run ? `.${run}` : '');
}

class CountReporter {
  constructor(globalConfig, options = {}) {
    this.rootDir = globalConfig.rootDir;
    this.run = options.run;
  }

  onRunComplete(_contexts, results) {
    const dir = resultsDir();
    fs.mkdirSync(dir, { recursive: true });
    const project = resultsKey(path.relative(path.join(__dirname, '..', '..'), this.rootDir), this.run);
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
module.exports.resultsKey = resultsKey;
module.exports.resultsDir = resultsDir;
