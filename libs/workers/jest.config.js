module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'workers',
  rootDir: __dirname,
};
