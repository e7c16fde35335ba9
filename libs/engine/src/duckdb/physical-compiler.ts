/**
 * The DuckDB compiler: a plan becomes a streamed physical plan (views and inlined SELECTs read by
 * each output's COPY; see plan/compile-physical-plan.ts), then passes over that value mark what
 * the run needs (row estimates for joins) and write each read's and each write's SQL.
 */
import type { TransformationSource } from '@pipeline/definition';
import type { Plan } from '@pipeline/planner';
import { readFormatOptions } from '../formats/format-options';
import { formatModule } from '../formats/format-modules';
import { isUnsupported } from '../kinds/kind-support';
import { compileHandles, compileStreamed } from '../plan/compile-physical-plan';
import type { PhysicalPlan, PhysicalStep, ReadStep, StageStep } from '../plan/physical-plan';
import { duckDbKindOf } from './kinds';
import { quoteIdentifier, sqlString } from './sql-text';

/** The definition field a DuckDB runtime failure of a transformation is blamed on. */
export function duckDbBlameField(source: TransformationSource): string {
  const kind = duckDbKindOf(source.kind);
  return isUnsupported(kind) ? source.kind : kind.field;
}

/** Compiles a whole plan for a DuckDB instance of its own (a job, a one-off run). */
export function compileDuckDbPlan(plan: Plan): PhysicalPlan {
  return withStatementSql(estimateRowsForParitySorts(compileStreamed(plan, 'duckdb', { blameField: duckDbBlameField })));
}

/** Compiles a plan a session drives on its DuckDB instance: every asset a table, kept. */
export function compileDuckDbHandles(plan: Plan, retain: boolean): PhysicalPlan {
  return compileHandles(plan, 'duckdb', { blameField: duckDbBlameField, retain });
}

/**
 * Pass: when a step's SQL sorts only for parity with the JavaScript backend (a join), every read
 * keeps DuckDB's row estimates, which its build side is chosen by; the run then asks which
 * assets' order no output observes (`unobserved-order.ts`).
 */
export function estimateRowsForParitySorts(plan: PhysicalPlan): PhysicalPlan {
  const sorts = plan.steps.some((s) => {
    if (s.op !== 'relation') return false;
    const kind = duckDbKindOf(s.kind);
    return !isUnsupported(kind) && kind.sortsForParity === true;
  });
  if (!sorts) return plan;
  return { ...plan, steps: plan.steps.map((s) => (s.op === 'read' ? { ...s, estimateRows: true } : s)) };
}

/**
 * Pass: the SQL of every read (its table function before the sniff pins its columns) and every
 * write (the COPY into the staged file), paths as the definition writes them. A step whose options
 * do not read keeps no SQL: the run reports the problem at that step.
 */
export function withStatementSql(plan: PhysicalPlan): PhysicalPlan {
  return { ...plan, steps: plan.steps.map(statementSql) };
}

function statementSql(step: PhysicalStep): PhysicalStep {
  try {
    if (step.op === 'read') return { ...step, sql: readSql(step) };
    if (step.op === 'stage') return { ...step, sql: copySql(step) };
  } catch {
    // Options that do not read are refused by the step itself when it runs.
  }
  return step;
}

function readSql(step: ReadStep): string {
  const options = readFormatOptions(step.source.format, step.source.options, step.asset);
  return formatModule(options).duckDbReadSql(step.source.path, options);
}

function copySql(step: StageStep): string {
  const options = readFormatOptions(step.source.format, step.source.options, step.asset);
  return `COPY (SELECT * FROM ${quoteIdentifier(step.from)}) TO ${sqlString(step.source.path)} ${formatModule(options).duckDbCopySql(options, step.source.path, step.asset)}`;
}
