/**
 * Golden physical plans: every transformation kind compiled for both backends, asserted as text
 * rendered from the value (the snapshot file beside this spec), DuckDB's with the SQL of each step.
 * Compiling touches no file: the inputs named here do not exist, their columns are given.
 */
import { BACKEND_NAMES } from '../backend-drivers';
import { type BackendName, renderPhysicalPlan } from '@pipeline/engine-core';
import { plan } from '@pipeline/engine-core/testing';
import { compilePhysicalPlan } from './compile-for-backend';
import { KIND_EXAMPLES, kindPipeline } from './__fixtures__/kind-examples';

const EMP = [
  ['id', 'long'],
  ['name', 'string'],
  ['dept', 'string'],
  ['salary', 'double'],
  ['active', 'boolean'],
  ['hired', 'date'],
  ['seen', 'timestamp'],
  ['mixed', 'string'],
] as const;
const DEPT = [
  ['dept', 'string'],
  ['region', 'string'],
  ['budget', 'long'],
] as const;
const DIM = [...DEPT, ['valid_from', 'timestamp'], ['valid_to', 'timestamp'], ['is_current', 'boolean']] as const;
const columns = (pairs: readonly (readonly [string, string])[]) => pairs.map(([name, type]) => ({ name, type }));
/** The columns DuckDB reads from the kind examples' files, so each relation's SELECT is compiled too. */
const INPUTS = { emp: columns(EMP), other: columns(EMP), dept: columns(DEPT), dim: columns(DIM) };

/** The rendered plan, or the refusal of a kind the backend does not run (`code: message`). */
function compiled(yaml: string, backend: BackendName): string {
  try {
    return renderPhysicalPlan(compilePhysicalPlan(plan(yaml), backend, { inputs: INPUTS }));
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
