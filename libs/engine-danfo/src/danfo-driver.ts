/** The danfo backend's driver: plans run handle by handle through the Backend interface. */
import {
  type BackendDriver,
  functionSupportOf,
  kindSupportOf,
  executePhysicalPlan,
  handlePrimitives,
} from '@pipeline/engine-core';
import { JS_FUNCTIONS } from './js-functions';
import { DanfoBackend } from './danfo-backend';
import { DANFO_KINDS } from './kinds';
import { compileDanfoPlan } from './physical-compiler';

export const danfoDriver = {
  name: 'danfo',
  description: 'danfojs-node: pure JavaScript, for small data held in memory',
  computesInJavaScript: true,
  kinds: kindSupportOf(DANFO_KINDS),
  functions: functionSupportOf(JS_FUNCTIONS),
  open: (config) => DanfoBackend.create(config),
  compile: (plan, options = {}) => compileDanfoPlan(plan, options.retain ?? false),
  async runPlan(plan, config, options) {
    const backend = await DanfoBackend.create(config);
    try {
      return (await executePhysicalPlan(compileDanfoPlan(plan), handlePrimitives(backend), options)).result;
    } finally {
      await backend.close();
    }
  },
} as const satisfies BackendDriver & { readonly name: 'danfo' };
