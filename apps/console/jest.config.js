module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'console',
  rootDir: __dirname,
};
