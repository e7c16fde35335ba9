/**
 * An output's write on Spark is a Spark Connect command, not SQL: the physical plan prints that
 * command, compiled with the plan, and the run sends that same compiled write (only the view and
 * the staged directory are the run's own). A fake session records what is sent; no Spark needed.
 */
import { openDataRoot, type StageStep } from '@pipeline/engine-core';
import { makeTempRoot, plan } from '@pipeline/engine-core/testing';
import type { Plan, SparkSession } from '@pipeline/spark-connect';
import { type SparkStageStep, WRITTEN_METRICS } from './observed-write';
import { compileSparkPlan } from './physical-compiler';
import { renderSparkPlan } from './render-spark-plan';
import { sparkDataRootOf } from './spark-paths';
import { sparkPrimitives } from './spark-primitives';

const YAML = `version: "3.0"
pipeline:
  name: write
  assets:
    - asset_ref: raw
      source:
        input: { format: csv, path: in.csv, options: { header: "true" } }
    - asset_ref: out
      source:
        output: { from: raw, format: csv, path: out/x.csv.gz, mode: append, options: { header: "false", compression: gzip, sep: ";" } }
`;

function stageOf(yaml: string): StageStep {
  const step = compileSparkPlan(plan(yaml)).steps.find((s) => s.op === 'stage');
  if (step?.op !== 'stage') throw new Error('no stage step');
  return step;
}

describe('the write an output sends on Spark', () => {
  it('is printed as the Spark Connect command: data source, mode, path, writer options and the observed count', () => {
    expect(stageOf(YAML).sql).toBe(
      "WriteOperation csv overwrite 'out/x.csv.gz' OPTIONS (header 'false', sep ';', quote '\"', escape '\"', nullValue '', encoding 'UTF-8', " +
        "ignoreLeadingWhiteSpace 'false', ignoreTrailingWhiteSpace 'false', compression 'gzip', timestampNTZFormat 'yyyy-MM-dd HH:mm:ss') " +
        'OF CollectMetrics pipeline_rows_written (count(1) AS rows) OF SQL (SELECT * FROM `raw`)',
    );
  });

  it('is what the run sends, but for its view and staged directory, and its rows are the observed count', async () => {
    const temp = makeTempRoot();
    try {
      const root = openDataRoot(temp.dir);
      const sent: Plan[] = [];
      const session = {
        execute: async (p: Plan) => {
          sent.push(p);
          return { columns: [], rows: [], observed: new Map([[WRITTEN_METRICS, { rows: 7 }]]) };
        },
      } as unknown as SparkSession;
      const primitives = sparkPrimitives({ session, root, sparkRoot: sparkDataRootOf(root, undefined), nextName: (p) => `${p}_1` });
      const step = stageOf(YAML);
      const staged = await primitives.stage(step, { name: '`v_1`', columns: [], cached: false }, () => undefined as never, {});
      try {
        expect(staged.rowsStaged).toBe(7);
        expect(sent).toHaveLength(1);
        const uri = (sent[0] as Plan).command?.writeOperation?.path ?? '';
        expect(uri).toMatch(/^file:\/\/.*\/out\/\.x\.csv\.gz\.spark-[0-9a-f]{12}\.dir$/);
        expect(renderSparkPlan(sent[0] as Plan)).toBe((step.sql ?? '').replace("'out/x.csv.gz'", `'${uri}'`).replace('`raw`', '`v_1`'));
      } finally {
        staged.discard();
      }
    } finally {
      temp.cleanup();
    }
  });

  it('counts the rows itself when Spark sends the observation without values (SPARK-54279)', async () => {
    const temp = makeTempRoot();
    try {
      const root = openDataRoot(temp.dir);
      const queries: string[] = [];
      // Spark 4.0 stops waiting for an observation's values after 100 ms and sends its name alone.
      const session = {
        execute: async () => ({ columns: [], rows: [], observed: new Map([[WRITTEN_METRICS, {}]]) }),
        sql: async (query: string) => {
          queries.push(query);
          return { columns: [], rows: [[7]], observed: new Map() };
        },
      } as unknown as SparkSession;
      const primitives = sparkPrimitives({ session, root, sparkRoot: sparkDataRootOf(root, undefined), nextName: (p) => `${p}_1` });
      const staged = await primitives.stage(stageOf(YAML), { name: '`v_1`', columns: [], cached: false }, () => undefined as never, {});
      try {
        expect(staged.rowsStaged).toBe(7);
        expect(queries).toEqual(['SELECT count(*) FROM `v_1`']);
      } finally {
        staged.discard();
      }
    } finally {
      temp.cleanup();
    }
  });

  it("of a JSON output is the compiled text write: the select list explain printed is the one sent, not compiled again at run time", async () => {
    const yaml = YAML.replace('format: csv, path: out/x.csv.gz, mode: append, options: { header: "false", compression: gzip, sep: ";" }', 'format: json, path: out/x.json, mode: overwrite');
    const step = compileSparkPlan(plan(yaml), { inputs: { raw: [{ name: 'd', type: 'double' }, { name: 's', type: 'string' }] } }).steps.find((s) => s.op === 'stage') as SparkStageStep | undefined;
    expect(step?.write?.source).toBe('text');
    expect(step?.sql).toMatch(/^WriteOperation text overwrite 'out\/x\.json' OF CollectMetrics .* OF SQL \(SELECT concat\('\{"d":', .* AS `value` FROM \(SELECT .* AS `c0`, `s` AS `c1` FROM `raw`\)\)$/);
    const temp = makeTempRoot();
    try {
      const sent: Plan[] = [];
      const session = {
        execute: async (p: Plan) => {
          sent.push(p);
          return { columns: [], rows: [], observed: new Map([[WRITTEN_METRICS, { rows: 2 }]]) };
        },
      } as unknown as SparkSession;
      const root = openDataRoot(temp.dir);
      const primitives = sparkPrimitives({ session, root, sparkRoot: sparkDataRootOf(root, undefined), nextName: (p) => `${p}_1` });
      // The relation's columns are not looked at again: the write was compiled with the plan.
      const staged = await primitives.stage(step as SparkStageStep, { name: '`v_1`', columns: [], cached: false }, () => undefined as never, {});
      try {
        const uri = (sent[0] as Plan).command?.writeOperation?.path ?? '';
        expect(renderSparkPlan(sent[0] as Plan)).toBe((step?.sql ?? '').replace("'out/x.json'", `'${uri}'`).replace('FROM `raw`', 'FROM `v_1`'));
      } finally {
        staged.discard();
      }
    } finally {
      temp.cleanup();
    }
  });
});
