// The CLI specs against a real Spark Connect server (`*.spark.spec.ts`), started once per run by
// libs/test-spark, so the CLI's other specs never wait for Spark.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'cli-spark',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spark.spec.ts'],
  testTimeout: 180_000,
  globalSetup: require.resolve('../../libs/test-spark/src/jest-global-setup.ts'),
  globalTeardown: require.resolve('../../libs/test-spark/src/jest-global-teardown.ts'),
  // A second run of the project: its counts go to <project>.spark.json beside the `test` run's.
  reporters: ['default', [require.resolve('../../tools/jest/count-reporter.js'), { run: 'spark' }]],
};
