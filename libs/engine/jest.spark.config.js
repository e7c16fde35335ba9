// The engine's specs that need a real Spark Connect server (`*.spark.spec.ts`): one local server
// per run (libs/test-spark), so the engine's other specs never wait for Spark.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'engine-spark',
  rootDir: __dirname,
  testMatch: ['**/*.spark.spec.ts'],
  // The first query of a run waits for Spark to warm up (minutes on a loaded 2-core machine).
  testTimeout: 300_000,
  globalSetup: require.resolve('../test-spark/src/jest-global-setup.ts'),
  globalTeardown: require.resolve('../test-spark/src/jest-global-teardown.ts'),
  // A second run of the project: its counts go to <project>.spark.json beside the `test` run's.
  reporters: ['default', [require.resolve('../../tools/jest/count-reporter.js'), { run: 'spark' }]],
};
