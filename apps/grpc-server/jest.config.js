module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'grpc-server',
  rootDir: __dirname,
  // Black-box tests start real servers and run real pipelines.
  testTimeout: 60000,
  // Specs against a real Spark run under jest.spark.config.js.
  testPathIgnorePatterns: ['/node_modules/', '\\.spark\\.spec\\.ts$'],
};
