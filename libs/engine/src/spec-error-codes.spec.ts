/**
 * Spec 24.5 and 25: a failing run names the asset and the specification's error code, on every
 * backend, in the message (`asset "n": E-TYPE-001: ...`) and in the details (`specCode`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName, type EngineError } from './index';
import { SPEC_ERROR_CASES as CASES, specErrorPipeline as pipeline } from './__fixtures__/spec-error-cases';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];

async function failure(root: TempRoot, backend: BackendName, step: string, output?: string): Promise<EngineError> {
  try {
    await executePlan(plan(pipeline(step, output)), { dataRoot: root.dir, backend });
  } catch (e) {
    return e as EngineError;
  }
  throw new Error('the pipeline ran');
}

describe.each(BACKENDS)('spec error codes on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('a.csv', 'k,v\nx,1\ny,2\n');
    root.write('c.csv', 'k\nz\n');
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s after the asset, and in the details', async (specCode, step, rest) => {
    const e = await failure(root, backend, step);
    const prefix = `asset "n": ${specCode}: `;
    expect(e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message).toMatch(rest);
    expect(e.message.startsWith(prefix)).toBe(true);
    expect(e.details.specCode).toBe(specCode);
  });

  it('E-IO-001 for a missing input, against the input asset', async () => {
    fs.rmSync(path.join(root.dir, 'c.csv'));
    const missing = await failure(root, backend, '{ select: { from: c, columns: [k] } }');
    expect(missing.message).toMatch(/^asset "c": E-IO-001: /);
    expect(missing.details.specCode).toBe('E-IO-001');
  });

  it('E-IO-002 for an output that exists with mode error', async () => {
    root.write('out.csv', 'old\n');
    const e = await failure(root, backend, '{ select: { from: a, columns: [k] } }', 'mode: error');
    expect(e.message).toBe('asset "out": E-IO-002: output already exists: out.csv (mode error)');
    expect(e.details.specCode).toBe('E-IO-002');
  });

  it('no spec code where the specification names none (a value out of range)', async () => {
    const e = await failure(root, backend, '{ select: { from: a, columns: ["CAST(v AS long) * 9223372036854775807 AS big"] } }');
    expect(e.code).toBe('E_VALUE');
    expect(e.message).toMatch(/^asset "n": (columns: )?(value out of range|overflow)/);
    expect(e.details.specCode).toBeUndefined();
  });
});

describe('a missing struct field (duckdb: danfo has no nested values)', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('a.csv', 'k,v\nx,1\n');
    root.write('c.csv', 'k\nz\n');
  });
  afterEach(() => root.cleanup());

  it('is E-EXPR-006 (spec 9.7)', async () => {
    const e = await failure(root, 'duckdb', '{ select: { from: a, columns: ["named_struct(\'city\', k).country AS c"] } }');
    expect(e.message).toMatch(/^asset "n": E-EXPR-006: columns: struct field "country" not found/);
    expect(e.details.specCode).toBe('E-EXPR-006');
  });
});
