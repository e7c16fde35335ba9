module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'expression',
  rootDir: __dirname,
};
