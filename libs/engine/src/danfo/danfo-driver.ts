/** The danfo backend's driver: plans run step by step through the Backend interface. */
import type { BackendDriver } from '../backend-driver';
import { functionSupportOf } from '../kinds/function-support';
import { kindSupportOf } from '../kinds/kind-support';
import { JS_FUNCTIONS } from './js-functions';
import { DanfoBackend } from './danfo-backend';
import { DANFO_KINDS } from './kinds';

export const danfoDriver = {
  name: 'danfo',
  description: 'danfojs-node: pure JavaScript, for small data held in memory',
  computesInJavaScript: true,
  kinds: kindSupportOf(DANFO_KINDS),
  functions: functionSupportOf(JS_FUNCTIONS),
  open: (config) => DanfoBackend.create(config),
} as const satisfies BackendDriver & { readonly name: 'danfo' };
