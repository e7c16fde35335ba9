module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'definition',
  rootDir: __dirname,
};
