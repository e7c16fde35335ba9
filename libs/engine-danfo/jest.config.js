module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'engine-danfo',
  rootDir: __dirname,
  // The first danfo test of a file loads danfojs-node (about a second idle, several under a loaded
  // 2-core CI machine): the default 5 s is too tight for that one test.
  testTimeout: 30_000,
};
