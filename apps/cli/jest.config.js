module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'cli',
  rootDir: __dirname,
  // The tests run the built tool as child processes, real jobs and a real HTTP server.
  testTimeout: 60_000,
  // Specs against a real Spark run under jest.spark.config.js.
  testPathIgnorePatterns: ['/node_modules/', '\\.spark\\.spec\\.ts$'],
};
