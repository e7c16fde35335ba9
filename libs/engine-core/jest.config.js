module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'engine-core',
  rootDir: __dirname,
};
