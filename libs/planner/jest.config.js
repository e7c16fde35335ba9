module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'planner',
  rootDir: __dirname,
};
