module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'spark-connect',
  rootDir: __dirname,
};
