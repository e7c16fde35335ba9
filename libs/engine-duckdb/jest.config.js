module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'engine-duckdb',
  rootDir: __dirname,
  testTimeout: 30_000,
};
