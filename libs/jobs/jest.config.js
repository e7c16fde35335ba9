module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'jobs',
  rootDir: __dirname,
};
