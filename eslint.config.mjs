// Workspace lint rules. The module-boundaries rule keeps the library layering one-way:
// errors <- expression <- definition <- validation <- planner <- engine-core <- engine-{duckdb,danfo,spark} <- engine
// <- jobs, sessions <- metrics <- apps, and keeps transport packages
// (express, cors, nice-grpc) out of the libraries.
import nx from '@nx/eslint-plugin';

const transportPackages = ['express', 'cors', 'nice-grpc', 'nice-grpc-*', '@grpc/*'];
// Worker files are built by the Nx graph (`build-workers` targets); library code never bundles.
const bundlers = ['esbuild', '@nx/esbuild'];

// Who may import whom in production code.
const depConstraints = [
  {
    sourceTag: 'type:lib',
    onlyDependOnLibsWithTags: ['type:lib'],
    bannedExternalImports: [...transportPackages, ...bundlers],
  },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
  // The error helper is the bottom of the graph: every library may import it, it imports none.
  { sourceTag: 'scope:errors', onlyDependOnLibsWithTags: [] },
  // The worker protocol: used by jobs and sessions, depends on the error helper only.
  { sourceTag: 'scope:workers', onlyDependOnLibsWithTags: ['scope:errors'] },
  // Configuration, banner, version and logging of both apps (and the job workers' logger).
  { sourceTag: 'scope:server-kit', onlyDependOnLibsWithTags: ['scope:errors'] },
  // The expression language (lexer, parser, tree, checker, function catalogue): knows no pipeline.
  { sourceTag: 'scope:expression', onlyDependOnLibsWithTags: ['scope:errors'] },
  { sourceTag: 'scope:definition', onlyDependOnLibsWithTags: ['scope:errors', 'scope:expression', 'scope:definition'] },
  { sourceTag: 'scope:validation', onlyDependOnLibsWithTags: ['scope:errors', 'scope:definition'] },
  {
    sourceTag: 'scope:planner',
    onlyDependOnLibsWithTags: ['scope:errors', 'scope:definition', 'scope:validation'],
  },
  // The engine is a core, one project per backend and a facade. The core (model, binder, physical
  // plan, executor) imports no backend; a backend imports the core, never another backend; only
  // the facade (@pipeline/engine: the drivers table, runtime, cross-backend tests) sees them all.
  {
    sourceTag: 'scope:engine-core',
    onlyDependOnLibsWithTags: ['scope:errors', 'scope:definition', 'scope:validation', 'scope:planner'],
  },
  {
    sourceTag: 'scope:engine-duckdb',
    onlyDependOnLibsWithTags: ['scope:errors', 'scope:definition', 'scope:validation', 'scope:planner', 'scope:engine-core'],
  },
  {
    sourceTag: 'scope:engine-danfo',
    onlyDependOnLibsWithTags: ['scope:errors', 'scope:definition', 'scope:validation', 'scope:planner', 'scope:engine-core'],
  },
  {
    sourceTag: 'scope:engine-spark',
    onlyDependOnLibsWithTags: [
      'scope:errors',
      'scope:definition',
      'scope:validation',
      'scope:planner',
      'scope:engine-core',
      'scope:spark-connect',
    ],
  },
  {
    sourceTag: 'scope:engine',
    onlyDependOnLibsWithTags: [
      'scope:errors',
      'scope:definition',
      'scope:validation',
      'scope:planner',
      'scope:spark-connect',
      'scope:engine-core',
      'scope:engine-backend',
    ],
  },
  {
    sourceTag: 'scope:sessions',
    onlyDependOnLibsWithTags: [
      'scope:errors',
      'scope:workers',
      'scope:definition',
      'scope:validation',
      'scope:planner',
      'scope:engine',
    ],
  },
  // The Spark Connect client: a protocol client that knows nothing of pipelines.
  { sourceTag: 'scope:spark-connect', onlyDependOnLibsWithTags: ['scope:errors'] },
  // Prometheus metrics of both apps: fed by the job service's changes, never by a transport.
  { sourceTag: 'scope:metrics', onlyDependOnLibsWithTags: ['scope:errors', 'scope:engine', 'scope:jobs'] },
  {
    sourceTag: 'scope:jobs',
    onlyDependOnLibsWithTags: [
      'scope:errors',
      'scope:workers',
      'scope:server-kit',
      'scope:definition',
      'scope:validation',
      'scope:planner',
      'scope:engine',
    ],
  },
];

// Test code (specs, test folders, fixtures) may also use the test-only libraries (`type:test-lib`,
// such as a real PostgreSQL server); production code may not.
const testFiles = ['**/*.spec.ts', '**/test/**/*.ts', '**/__fixtures__/**/*.ts'];
const testDepConstraints = [
  ...depConstraints.map((c) =>
    c.onlyDependOnLibsWithTags === undefined || c.sourceTag.startsWith('type:')
      ? { ...c, onlyDependOnLibsWithTags: [...(c.onlyDependOnLibsWithTags ?? []), 'type:test-lib'] }
      : { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'scope:testing'] },
  ),
  { sourceTag: 'type:test-lib', onlyDependOnLibsWithTags: [] },
];
const boundaries = (constraints) => [
  'error',
  { enforceBuildableLibDependency: true, banTransitiveDependencies: true, allow: [], depConstraints: constraints },
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist', '**/node_modules', '**/tmp', '**/*.js', '**/*.cjs', '**/*.mjs', '**/generated/**'] },
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(depConstraints),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: testFiles, rules: { '@nx/enforce-module-boundaries': boundaries(testDepConstraints) } },
];
