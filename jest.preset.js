// Shared Jest settings for every project. Each project's jest.config.js spreads this preset.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

// Map each `@pipeline/<lib>` path alias of tsconfig.base.json to its source entry point, so tests
// run against the libraries' sources without a build step.
const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`] = path.join(__dirname, target);
}

module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }],
  },
  moduleNameMapper,
  reporters: ['default', path.join(__dirname, 'tools/jest/count-reporter.js')],
};
