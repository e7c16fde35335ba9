/**
 * Every transformation kind on both backends over the same files: NULLs, duplicate rows, an empty
 * input (header only) and mixed types (a column holding numbers, text and booleans), compared cell
 * by cell, in order where the pipeline orders and as a multiset of rows otherwise. A failure must
 * fail alike: same code, same message. A kind added to the catalogue without a case here fails the
 * coverage test below.
 */
import { KIND_NAMES, type SourceKind } from '@pipeline/definition';
import { CASES, comparable, EMPTY, FULL, pipeline, type Outcome } from '../__fixtures__/kind-cases';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { DANFO_KINDS } from '@pipeline/engine-danfo';
import { isUnsupported } from '@pipeline/engine-core';


async function run(backend: BackendName, step: string, files: Record<string, string>, stamped = false): Promise<Outcome> {
  const root: TempRoot = makeTempRoot();
  try {
    for (const [name, text] of Object.entries(files)) root.write(name, text);
    await executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    const inputs = Object.values(files).join('\n');
    const stamp = (cell: string): string => (stamped && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(cell) && !inputs.includes(cell) ? 'NOW' : cell);
    return { rows: root.read('out.csv').trimEnd().split('\n').map((line) => line.split(',').map(stamp)) };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { error: `${code ?? 'ERROR'}: ${message}` };
  } finally {
    root.cleanup();
  }
}

describe('every kind gives the same cells on DuckDB and danfo', () => {
  it('has a case for every transformation kind of the catalogue danfo runs', () => {
    const covered = new Set(CASES.map((c) => c.kind));
    // A kind danfo refuses (V-014) has nothing to compare; its own spec tests it on DuckDB.
    const refused = (k: SourceKind): boolean => k !== 'input' && k !== 'output' && isUnsupported(DANFO_KINDS[k]);
    expect(KIND_NAMES.filter((k) => k !== 'input' && k !== 'output' && !refused(k) && !covered.has(k))).toEqual([]);
    expect(KIND_NAMES.filter(refused)).toEqual(['flatten', 'parse']);
  });

  describe.each([
    ['data with NULLs, duplicates and mixed types', FULL],
    ['empty inputs', EMPTY],
  ])('over %s', (_label, files) => {
    it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const duck = await run('duckdb', c.step, files, c.stamped === true);
      const danfo = await run('danfo', c.step, files, c.stamped === true);
      expect(comparable(danfo, c.ordered === true)).toEqual(comparable(duck, c.ordered === true));
      if (files === FULL) expect('rows' in duck && duck.rows.length).toBeGreaterThan(1);
    });
  });
});
