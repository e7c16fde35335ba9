module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'scripts',
  rootDir: __dirname,
  // `npm start` runs for real: a build (a cache hit once `test` has built both servers), two servers, jobs.
  testTimeout: 180_000,
};
