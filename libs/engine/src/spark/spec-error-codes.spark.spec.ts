/**
 * Spec 24.5 and 25 on Spark: every run-time failure that carries the specification's code on
 * DuckDB carries the same code on Spark, after the asset in the message and in the details, with
 * the same engine code, and leaves no output behind. A failure met while Spark computes a lazy view
 * for a later step (an output's write) is reported against the view's asset and field, as DuckDB
 * reports a streamed one.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName, type EngineError } from '../index';
import { SPEC_ERROR_CASES, SPEC_ERROR_FILES, specErrorPipeline } from '../__fixtures__/spec-error-cases';
import { sparkConfig } from './__fixtures__/spark-output';

describe('spec error codes on spark, as on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    for (const [name, text] of Object.entries(SPEC_ERROR_FILES)) root.write(name, text);
  });
  afterEach(() => root.cleanup());

  async function failure(backend: BackendName, yaml: string): Promise<EngineError> {
    try {
      await executePlan(plan(yaml), backend === 'spark' ? { ...sparkConfig(root.dir), backend } : { dataRoot: root.dir, backend });
    } catch (e) {
      return e as EngineError;
    }
    throw new Error(`the pipeline ran on ${backend}`);
  }

  /** Fails `yaml` on both backends: the same engine code, spec code and asset, and no output on Spark. */
  async function both(yaml: string, asset: string, specCode: string): Promise<EngineError> {
    const duck = await failure('duckdb', yaml);
    const spark = await failure('spark', yaml);
    expect([spark.code, spark.details.specCode, spark.details.asset]).toEqual([duck.code, duck.details.specCode, duck.details.asset]);
    expect(spark.details.specCode).toBe(specCode);
    expect(spark.message.startsWith(`asset "${asset}": ${specCode}: `)).toBe(true);
    expect(root.exists('out.csv')).toBe(false);
    return spark;
  }

  it.each(SPEC_ERROR_CASES.map(([code, step, rest]) => [code, step, rest] as const))('%s after the asset, and in the details', async (specCode, step, rest) => {
    const e = await both(specErrorPipeline(step), 'n', specCode);
    expect(e.message.slice(`asset "n": ${specCode}: `.length)).toMatch(rest);
  });

  it('E-IO-001 for a missing input, against the input asset', async () => {
    fs.rmSync(path.join(root.dir, 'c.csv'));
    await both(specErrorPipeline('{ select: { from: c, columns: [k] } }'), 'c', 'E-IO-001');
  });

  it('E-IO-002 for an output that exists with mode error', async () => {
    root.write('out.csv', 'old\n');
    const duck = await failure('duckdb', specErrorPipeline('{ select: { from: a, columns: [k] } }', 'mode: error'));
    const spark = await failure('spark', specErrorPipeline('{ select: { from: a, columns: [k] } }', 'mode: error'));
    expect(spark.message).toBe('asset "out": E-IO-002: output already exists: out.csv (mode error)');
    expect([spark.code, spark.details.specCode]).toEqual([duck.code, 'E-IO-002']);
    expect(root.read('out.csv')).toBe('old\n');
  });

  it('E-EXPR-006 for a missing struct field (spec 9.7)', async () => {
    root.write('s.json', '{"k":"x","addr":{"city":"Oslo","zip":"0150"}}\n');
    const yaml = specErrorPipeline('{ select: { from: s, columns: ["addr.country AS c"] } }').replace(
      "    - asset_ref: n\n",
      '    - asset_ref: s\n      source: { input: { format: json, path: s.json } }\n    - asset_ref: n\n',
    );
    const e = await both(yaml, 'n', 'E-EXPR-006');
    expect(e.message).toMatch(/^asset "n": E-EXPR-006: columns: struct field "country" not found in addr\.country \(fields: city, zip\)$/);
  });

  it('E-META-004 for column metadata describing a column the input lacks (spec 18.4)', async () => {
    const yaml = [
      'version: "3.0"',
      'input:',
      '  - { name: a, format: csv, path: a.csv, columns: [ { name: k }, { name: created_at, description: when } ] }',
      'output:',
      '  - { name: a, format: csv, path: out.csv, mode: overwrite }',
    ].join('\n');
    const e = await both(yaml, 'a', 'E-META-004');
    expect(e.message).toMatch(/the column metadata describes column "created_at", which the dataset of a\.csv does not have \(columns: k, v\)$/);
  });

  it('no spec code where the specification names none (a value out of range)', async () => {
    const duck = await failure('duckdb', specErrorPipeline('{ select: { from: a, columns: ["CAST(v AS long) * 9223372036854775807 AS big"] } }'));
    const spark = await failure('spark', specErrorPipeline('{ select: { from: a, columns: ["CAST(v AS long) * 9223372036854775807 AS big"] } }'));
    expect([spark.code, spark.details.specCode]).toEqual([duck.code, undefined]);
    expect(spark.message).toMatch(/^asset "n": (columns: )?value out of range/);
  });
});
