// Shared Jest settings for every project. Each project's jest.config.js spreads this preset.
const fs = require('node:fs');
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

// Map each `@pipeline/<lib>` path alias of tsconfig.base.json to its source entry point, so tests
// run against the libraries' sources without a build step.
const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`] = path.join(__dirname, target);
}

// Worker entry files are build artefacts of each library's `build-workers` target (which `test`
// depends on). Library code resolves them next to itself (`require.resolve('./jobs-worker.js')`),
// as in an app bundle; under Jest that request maps to the target's output file.
for (const lib of fs.readdirSync(path.join(__dirname, 'libs'))) {
  const projectFile = path.join(__dirname, 'libs', lib, 'project.json');
  if (!fs.existsSync(projectFile)) continue;
  const workers = JSON.parse(fs.readFileSync(projectFile, 'utf8')).targets?.['build-workers']?.options;
  if (!workers) continue;
  const request = `./${workers.outputFileName}`;
  moduleNameMapper[`^${request.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`] = path.join(__dirname, workers.outputPath, workers.outputFileName);
}

module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Transpile only: @swc/jest strips the types, one file at a time (tsconfig.base.json has
  // isolatedModules, so nothing here needs another file's types). Type errors in specs fail each
  // project's `typecheck` target (`tsc -b`, its tsconfig.spec.json), not the test run. swc took 30-45%
  // less CPU than ts-jest on the validation and definition suites.
  transform: {
    '^.+\\.ts$': ['@swc/jest', { swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  moduleNameMapper,
  reporters: ['default', path.join(__dirname, 'tools/jest/count-reporter.js')],
};
