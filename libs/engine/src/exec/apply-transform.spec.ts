/**
 * A session's ApplyTransform goes through the executor's step (`applyTransform`), so an assertion's
 * row checks run there once for every backend; a backend's own `apply` only computes.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import type { Source } from '@pipeline/definition';
import { applyTransform, createBackend, type Backend, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
/** The parsed source of an assertion with `checks` (YAML flow text), as a session receives it. */
function assertion(checks: string): Source {
  const doc = ['version: "3.0"', 'input:', '  - { name: raw, format: csv, path: raw.csv }', 'transformation:', `  - name: checked\n    assertion: { from: raw, checks: ${checks}, onFailure: fail }`, 'output:', '  - { name: checked, format: csv, path: out.csv }'].join('\n');
  const step = plan(doc).steps.find((s) => s.ref === 'checked');
  if (step === undefined) throw new Error('no step "checked"');
  return step.source;
}
const notNullAmount = assertion('[ { column: amount, rule: not_null } ]');
const input = (): Source => plan(['version: "3.0"', 'input:', '  - { name: raw, format: csv, path: raw.csv }', 'output:', '  - { name: raw, format: csv, path: out.csv }'].join('\n')).steps[0]?.source as Source;

describe.each(BACKENDS)('applyTransform on %s', (name) => {
  let root: TempRoot;
  let backend: Backend;
  beforeEach(async () => {
    root = makeTempRoot();
    root.write('raw.csv', ['id,amount', '1,10', '2,', '3,30', ''].join('\n'));
    backend = await createBackend(name, { dataRoot: root.dir });
  });
  afterEach(async () => {
    await backend.close();
    root.cleanup();
  });

  it('runs the row checks of an assertion and reports each result', async () => {
    const raw = await backend.readInput('raw', input() as never);
    const results: unknown[] = [];
    await expect(applyTransform(backend, 'checked', notNullAmount, { raw: raw.id }, { onQuality: (r) => results.push(r) })).rejects.toThrow(
      'asset "checked": E-QUALITY-001: checks[0].column: assertion not_null(amount) failed on 1 of 3 rows',
    );
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ status: 'fail' });
  });

  it('passes rows that hold and keeps the handle', async () => {
    const raw = await backend.readInput('raw', input() as never);
    const ok = await applyTransform(backend, 'ids', assertion('[ { column: id, rule: not_null } ]'), { raw: raw.id });
    expect(backend.describe(ok.id).rowCount).toBe(3);
  });

  it("leaves checks out of the backend's own apply (they are the executor's), giving back the ones it bound", async () => {
    const raw = await backend.readInput('raw', input() as never);
    const computed = await backend.apply('unchecked', notNullAmount, { raw: raw.id });
    expect(computed.rowCount).toBe(3);
    // The executor runs these as bound here: it does not bind the step a second time.
    expect(computed.checks).toMatchObject({ kind: 'assertion', over: 'input', onFailure: 'fail', checks: [expect.anything()] });
    const doc = ['version: "3.0"', 'input:', '  - { name: raw, format: csv, path: raw.csv }', 'transformation:', '  - name: plain\n    select: { from: raw, columns: [id] }', 'output:', '  - { name: plain, format: csv, path: out.csv }'];
    const select = plan(doc.join('\n')).steps.find((s) => s.ref === 'plain')?.source as Source;
    const plain = await backend.apply('plain', select, { raw: raw.id });
    expect(plain.checks).toBeUndefined();
  });
});
