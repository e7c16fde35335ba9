/**
 * The DuckDB compiler: a plan becomes a streamed physical plan (views and inlined SELECTs read by
 * each output's COPY; see plan/compile-physical-plan.ts), then passes over that value mark what
 * the run needs (row estimates for joins) and write each read's and each write's SQL.
 */
import type { TransformationSource } from '@pipeline/definition';
import type { Plan } from '@pipeline/planner';
import {
  type Column,
  bindSource,
  probeOf,
  readFormatOptions,
  formatModule,
  isUnsupported,
  compileHandles,
  compileStreamed,
  type PhysicalPlan,
  type PhysicalStep,
  type ReadStep,
  type StageStep,
  quoteIdentifier,
  sqlString,
} from '@pipeline/engine-core';
import { duckDbKindOf } from './kinds';

/** The definition field a DuckDB runtime failure of a transformation is blamed on. */
export function duckDbBlameField(source: TransformationSource): string {
  const kind = duckDbKindOf(source.kind);
  return isUnsupported(kind) ? source.kind : kind.field;
}

/** What the compiler may know beyond the plan. */
export interface DuckDbCompileOptions {
  /**
   * The columns each input holds (known once its file has been read): with them every relation
   * whose columns follow from its inputs gets its SELECT too.
   */
  readonly inputs?: Readonly<Record<string, readonly Column[]>>;
}

/** Compiles a whole plan for a DuckDB instance of its own (a job, a one-off run). */
export function compileDuckDbPlan(plan: Plan, options: DuckDbCompileOptions = {}): PhysicalPlan {
  const compiled = withStatementSql(estimateRowsForParitySorts(compileStreamed(plan, 'duckdb', { blameField: duckDbBlameField })));
  return options.inputs === undefined ? compiled : withRelationSql(compiled, options.inputs);
}

/**
 * Pass: the SELECT of every relation bound over the given inputs' columns, as the kind's SQL
 * module writes it, reading a view or table by its asset's name and an inlined asset as its
 * SELECT. A relation that cannot be bound from them (a pivot whose columns come from the data, an
 * unknown input) keeps no SQL, nor do the relations reading it; at run time a relation may also be
 * cast where DuckDB's own type differs from the portable one.
 */
export function withRelationSql(plan: PhysicalPlan, inputs: Readonly<Record<string, readonly Column[]>>): PhysicalPlan {
  const known = new Map<string, { name: string; columns: readonly Column[] }>();
  const named = (asset: string, storage: string, sql: string): string => (storage === 'inline' ? `(${sql})` : quoteIdentifier(asset));
  const steps = plan.steps.map((step): PhysicalStep => {
    if (step.op === 'read') {
      const columns = Object.prototype.hasOwnProperty.call(inputs, step.asset) ? inputs[step.asset] : undefined;
      if (columns !== undefined && step.sql !== undefined) known.set(step.asset, { name: named(step.asset, step.storage, `SELECT * FROM ${step.sql}`), columns });
      return step;
    }
    if (step.op !== 'relation') return step;
    const upstream = step.from.map((asset) => ({ asset, ...known.get(asset) }));
    const kind = duckDbKindOf(step.kind);
    if (isUnsupported(kind) || upstream.some((u) => u.columns === undefined)) return step;
    const relations = upstream as { asset: string; name: string; columns: readonly Column[] }[];
    try {
      if (probeOf(step.asset, step.source, relations) !== undefined) return step;
      const bound = bindSource(step.asset, step.source, relations);
      const sql = kind.sql(bound, relations.map((u) => u.name), { ordered: step.ordered });
      known.set(step.asset, { name: named(step.asset, step.storage, sql), columns: bound.columns });
      return { ...step, sql };
    } catch {
      // The run reports a step that does not bind, at that step.
      return step;
    }
  });
  return { ...plan, steps };
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
