module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'server-kit',
  rootDir: __dirname,
};
