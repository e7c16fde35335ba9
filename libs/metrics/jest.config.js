module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'metrics',
  rootDir: __dirname,
};
