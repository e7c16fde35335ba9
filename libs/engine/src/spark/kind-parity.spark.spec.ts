/**
 * Every kind case of the engine's parity suite (__fixtures__/kind-cases.ts) on Spark against
 * DuckDB, cell by cell (in order where the pipeline orders, as a multiset of rows otherwise). A
 * case Spark refuses must be refused before anything runs (V-014's engine twin), and the refused
 * kinds are listed, so widening the backend shows here.
 */
import { KIND_NAMES } from '@pipeline/definition';
import { CASES, comparable, EMPTY, FULL, pipeline, type Outcome } from '../__fixtures__/kind-cases';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { isUnsupported } from '@pipeline/engine-core';
import { readSparkCsv, sparkConfig } from './__fixtures__/spark-output';
import { SPARK_KINDS } from '@pipeline/engine-spark';

async function run(backend: BackendName, step: string, files: Record<string, string>): Promise<Outcome & { files?: string[] }> {
  const root: TempRoot = makeTempRoot();
  try {
    for (const [name, text] of Object.entries(files)) root.write(name, text);
    await executePlan(plan(pipeline(step)), { ...sparkConfig(root.dir), backend });
    const text = backend === 'spark' ? readSparkCsv(`${root.dir}/out.csv`) : root.read('out.csv');
    return { rows: text.trimEnd().split('\n').map((line) => line.split(',')) };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { error: `${code ?? 'ERROR'}: ${message}`, files: root.files() };
  } finally {
    root.cleanup();
  }
}

const runsOnSpark = CASES.filter((c) => c.kind !== 'input' && c.kind !== 'output' && !isUnsupported(SPARK_KINDS[c.kind]) && c.stamped !== true);

describe('every kind Spark runs gives DuckDB\'s cells', () => {
  it('lists the kinds Spark refuses', () => {
    expect(KIND_NAMES.filter((k) => k !== 'input' && k !== 'output' && isUnsupported(SPARK_KINDS[k])).length).toBeGreaterThan(0);
  });

  describe.each([
    ['data with NULLs, duplicates and mixed types', FULL],
    ['empty inputs', EMPTY],
  ])('over %s', (_label, files) => {
    it.each(runsOnSpark.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const duck = await run('duckdb', c.step, files);
      const spark = await run('spark', c.step, files);
      if ('error' in spark && /E_UNSUPPORTED_(FUNCTION|KIND)/.test(spark.error)) {
        // Refused before anything ran: nothing written.
        expect(spark.files?.filter((f) => f.startsWith('out'))).toEqual([]);
        return;
      }
      expect(comparable(spark, c.ordered === true)).toEqual(comparable(duck, c.ordered === true));
    });
  });
});
