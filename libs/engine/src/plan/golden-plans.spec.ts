/**
 * Golden physical plans: every transformation kind compiled for both backends, asserted as text
 * rendered from the value (the snapshot file beside this spec). Compiling touches no file: the
 * inputs named here do not exist.
 */
import { BACKEND_NAMES } from '../backend-drivers';
import type { BackendName } from '../backend-name';
import { plan } from '../__fixtures__/temp-root';
import { compilePhysicalPlan } from './compile-for-backend';
import { renderPhysicalPlan } from './render-physical-plan';
import { KIND_EXAMPLES, kindPipeline } from './__fixtures__/kind-examples';

/** The rendered plan, or the refusal of a kind the backend does not run (`code: message`). */
function compiled(yaml: string, backend: BackendName): string {
  try {
    return renderPhysicalPlan(compilePhysicalPlan(plan(yaml), backend));
  } catch (e) {
    const { code, message } = e as { code?: string; message: string };
    return `${code ?? 'ERROR'}: ${message}`;
  }
}

describe('golden physical plans of every kind', () => {
  for (const backend of BACKEND_NAMES) {
    for (const [kind, step] of Object.entries(KIND_EXAMPLES)) {
      it(`${kind} on ${backend}`, () => {
        expect(compiled(kindPipeline(step), backend)).toMatchSnapshot();
      });
    }
  }
});
