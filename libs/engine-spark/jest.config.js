module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'engine-spark',
  rootDir: __dirname,
  // Specs against a real Spark run from the facade (libs/engine/jest.spark.config.js); the ones
  // here test the compiler and converters without a server.
  testPathIgnorePatterns: ['/node_modules/', '\\.spark\\.spec\\.ts$'],
};
