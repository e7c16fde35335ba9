module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'jobs',
  rootDir: __dirname,
  // The first danfo job of a file loads danfojs-node and the first job opens each worker's DuckDB
  // database: seconds on a loaded 2-core CI machine, past the default 5 s.
  testTimeout: 30_000,
};
