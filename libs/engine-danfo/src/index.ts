/**
 * @pipeline/engine-danfo: the JavaScript backend on danfojs-node: expressions compiled to closures
 * `(row) => value`, kinds over typed columns, for small data without native code. It imports the
 * engine core, never another backend.
 *
 * @example
 * const backend = await danfoDriver.create({ dataRoot: '/srv/data' });
 */
export { compileGroupExpression, compileRowExpression } from './compile-js';
export { danfoDriver } from './danfo-driver';
export { JS_FUNCTIONS } from './js-functions';
export type { JsScalar } from './js-functions';
export { DANFO_KINDS } from './kinds/index';
export type { DanfoKindTable } from './kinds/index';
export { runSelect } from './kinds/select';
export { runWhere } from './kinds/where';
export { isDanfoLoaded } from './load-danfo';
export { compileDanfoPlan } from './physical-compiler';
