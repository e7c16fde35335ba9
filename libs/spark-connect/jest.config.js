module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'spark-connect',
  rootDir: __dirname,
  // One real Spark Connect server for the run (libs/test-spark), shared with other projects' runs.
  globalSetup: require.resolve('../test-spark/src/jest-global-setup.ts'),
  globalTeardown: require.resolve('../test-spark/src/jest-global-teardown.ts'),
};
