module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'test-postgres',
  rootDir: __dirname,
};
