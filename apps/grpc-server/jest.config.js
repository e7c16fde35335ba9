module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'grpc-server',
  rootDir: __dirname,
  // Black-box tests start real servers and run real pipelines.
  testTimeout: 60000,
};
