/**
 * Test support for the Teckel language suites that compare the engine's output files with DuckDB
 * SQL written by hand: a data root, one engine runtime over it (as a job worker holds one), and a
 * separate in-memory DuckDB connection for the hand-written statements. A run plans the document
 * and checks the backend as a job submission does, so `refusal` gives the message a submission is
 * refused with and `failure` the one a failed job reports. `run` and `failure` assert what a job's
 * answer shows (accepted, then completed or failed), one assertion each, as the HTTP suites did.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { planPipeline, type Plan } from '@pipeline/planner';
import { makeTempRoot, type TempRoot } from '@pipeline/engine-core/testing';
import { checkBackendSupport, createEngineRuntime, toPlainError, type BackendName, type EngineRuntime, type ExecutionResult } from '../index';

/** One finished run: what the engine reports, and the wall-clock bounds of the run (ISO texts). */
export interface TeckelRun {
  readonly result: ExecutionResult;
  readonly startedAt: string;
  readonly completedAt: string;
}

export interface TeckelHarness {
  readonly root: TempRoot;
  /** The hand-written statements' connection. */
  readonly duck: DuckDBConnection;
  /** An absolute path below the data root, quoted for a SQL string literal. */
  abs(rel: string): string;
  /**
   * Runs `yaml` on `backend`, asserting what a job submission checks: the document is accepted
   * (no refusal) and the run completes (no error).
   */
  run(yaml: string, backend: BackendName): Promise<TeckelRun>;
  /** The `V-0xx: ...` message a submission of `yaml` on `backend` is refused with, or undefined. */
  refusal(yaml: string, backend: BackendName): string | undefined;
  /** The message of the failed run of `yaml` (as a failed job reports it), asserting it is accepted and fails. */
  failure(yaml: string, backend: BackendName): Promise<string>;
  close(): Promise<void>;
}

type Planned = { readonly ok: true; readonly plan: Plan } | { readonly ok: false; readonly message: string };

function planFor(yaml: string, backend: BackendName): Planned {
  const planned = planPipeline(yaml, {});
  if (!planned.ok) return { ok: false, message: planned.error.message };
  const refused = checkBackendSupport(planned.pipeline.assets, backend);
  return refused === undefined ? { ok: true, plan: planned.plan } : { ok: false, message: refused.message };
}

export async function openTeckelHarness(): Promise<TeckelHarness> {
  const root = makeTempRoot();
  const runtime: EngineRuntime = createEngineRuntime({ dataRoot: root.dir });
  const instance = await DuckDBInstance.create(':memory:');
  const duck = await instance.connect();
  /** The plan of a document a submission accepts; asserts that it is accepted (the refusal shows when not). */
  const accepted = (yaml: string, backend: BackendName): Plan => {
    const p = planFor(yaml, backend);
    expect(p.ok ? undefined : p.message).toBeUndefined();
    if (!p.ok) throw new Error(p.message);
    return p.plan;
  };
  return {
    root,
    duck,
    abs: (rel) => `${root.dir}/${rel}`.replace(/'/g, "''"),
    async run(yaml, backend) {
      const plan = accepted(yaml, backend);
      const startedAt = new Date().toISOString();
      let result: ExecutionResult | undefined;
      let error: string | undefined;
      try {
        result = await runtime.executePlan(plan, { backend });
      } catch (e) {
        error = toPlainError(e).message;
      }
      // As a job that completed (with the message when it did not).
      expect(error).toBeUndefined();
      return { result: result as ExecutionResult, startedAt, completedAt: new Date().toISOString() };
    },
    refusal(yaml, backend) {
      const p = planFor(yaml, backend);
      return p.ok ? undefined : p.message;
    },
    async failure(yaml, backend) {
      const plan = accepted(yaml, backend);
      let error: string | undefined;
      try {
        await runtime.executePlan(plan, { backend });
      } catch (e) {
        error = toPlainError(e).message;
      }
      // As a job that failed.
      expect(error).toBeDefined();
      return error ?? '';
    },
    async close() {
      duck.closeSync();
      instance.closeSync();
      await runtime.close();
      root.cleanup();
    },
  };
}

/**
 * The rows of `sql` on `duck`, each value as DuckDB writes it as VARCHAR (NULL as empty), joined
 * with `|`: the form the suites compare output files with.
 */
export async function varcharRows(duck: DuckDBConnection, sql: string): Promise<string[]> {
  const reader = await duck.runAndReadAll(`SELECT COLUMNS(*)::VARCHAR FROM (${sql})`);
  return (reader.getRowsJson() as unknown[][]).map((r) => r.map((v) => (v === null ? '' : String(v))).join('|'));
}

/**
 * A Teckel-shape document: input `input`, an asset `computed` selecting `columns` from it,
 * `ordered` sorting it by id, and `ordered` written to `output`.
 */
export function selectByIdDocument(
  input: { readonly name: string; readonly format: string; readonly path: string },
  columns: readonly string[],
  output: { readonly format: string; readonly path: string },
): string {
  return [
    'version: "3.0"',
    'input:',
    `  - name: ${input.name}`,
    `    format: ${input.format}`,
    `    path: ${input.path}`,
    'transformation:',
    '  - name: computed',
    '    select:',
    `      from: ${input.name}`,
    '      columns:',
    ...columns.map((c) => `        - ${JSON.stringify(c)}`),
    '  - name: ordered',
    '    orderBy:',
    '      from: computed',
    '      columns: [id]',
    'output:',
    '  - name: ordered',
    `    format: ${output.format}`,
    `    path: ${output.path}`,
    '    mode: overwrite',
  ].join('\n');
}
