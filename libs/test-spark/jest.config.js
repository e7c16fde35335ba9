module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'test-spark',
  rootDir: __dirname,
};
