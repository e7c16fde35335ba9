/**
 * Test fixtures of the engine's projects (temporary data roots, small source pipelines), for their
 * specs only: `import { makeTempRoot } from '@pipeline/engine-core/testing'`.
 */
export { groupBy, input, output, select, where } from './sources';
export { EMPLOYEES_CSV, makeTempRoot, plan } from './temp-root';
export type { TempRoot } from './temp-root';
