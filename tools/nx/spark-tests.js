// Nx plugin: every project with a jest.spark.config.js (its `*.spark.spec.ts`, which need a real
// Spark Connect server) gets a `test-spark` target running that config. `npm test` runs it after
// nothing else is running (`parallelism: false`): one Spark server at a time on a small CI machine,
// and no timing test of another project starved by Spark's two cores. The count reporter of that
// config writes <project>.spark.json, which tools/ci/summarize-tests.js adds to the totals.
const path = require('node:path');

const TARGET = 'test-spark';

const createNodes = [
  '**/jest.spark.config.js',
  async (configFiles) =>
    configFiles.map((file) => {
      const root = path.dirname(file);
      return [
        file,
        {
          projects: {
            [root]: {
              targets: {
                [TARGET]: {
                  executor: 'nx:run-commands',
                  options: { cwd: root, command: 'jest -c jest.spark.config.js' },
                  parallelism: false,
                  // The specs start real servers and worker threads built by the graph.
                  dependsOn: ['build-workers', '^build-workers', { projects: ['spark-connect'], target: 'codegen' }],
                  metadata: { description: 'Run the Jest specs against a real Spark Connect server (libs/test-spark)' },
                },
              },
            },
          },
        },
      ];
    }),
];

module.exports = { createNodes, createNodesV2: createNodes, name: 'pipeline-spark-tests' };
