/**
 * The spark compiler: every asset a temporary view in plan order (a cached one when several steps
 * read it), dropped after its last reader; each step carries what it sends, which
 * `explain --physical` prints: the Spark SQL of reads always and of relations when the inputs'
 * columns are known; an output's write is a Spark Connect command (compiled here, sent as
 * compiled), shown rendered. Views are named by their asset here, and the destination stands for
 * the staged directory; a run names both uniquely.
 */
import type { TransformationSource } from '@pipeline/definition';
import type { Plan } from '@pipeline/planner';
import {
  type Column,
  readFormatOptions,
  isUnsupported,
  compileHandles,
  type CompileOptions,
  type PhysicalPlan,
  type PhysicalStep,
} from '@pipeline/engine-core';
import { optionsClause, sparkFormat } from './format-options';
import { SPARK_KINDS } from './kinds';
import { observedWritePlan, sparkWriteOf, type SparkStageStep, writtenQuery } from './observed-write';
import { renderSparkPlan } from './render-spark-plan';
import { relationSql } from './spark-primitives';
import { sparkIdentifier as q } from './sql-text';

/** The definition field a Spark failure of a transformation is blamed on. */
export function sparkBlameField(source: TransformationSource): string {
  const kind = SPARK_KINDS[source.kind];
  return isUnsupported(kind) ? source.kind : kind.field;
}

/** Compiles a plan for Spark; `retain` keeps every view (a session reads them afterwards). */
export function compileSparkPlan(plan: Plan, options: CompileOptions = {}): PhysicalPlan {
  const handles = compileHandles(plan, 'spark', { blameField: sparkBlameField, retain: options.retain ?? false });
  const readers = new Map(plan.steps.map((s) => [s.ref, s.consumers.length]));
  const known = new Map<string, readonly Column[]>();
  const steps = handles.steps.map((step): PhysicalStep => {
    if (step.op === 'read' || step.op === 'relation') {
      const storage = (readers.get(step.asset) ?? 0) > 1 ? 'table' : 'view';
      return withSql({ ...step, storage }, options, known);
    }
    return withSql(step, options, known);
  });
  return { ...handles, steps };
}

function withSql(step: PhysicalStep, options: CompileOptions, known: Map<string, readonly Column[]>): PhysicalStep {
  try {
    if (step.op === 'read') {
      const { source, options: o } = sparkFormat(readFormatOptions(step.source.format, step.source.options, step.asset), false);
      const columns = options.inputs?.[step.asset];
      if (columns !== undefined) known.set(step.asset, columns);
      return { ...step, sql: `CREATE TEMPORARY VIEW ${q(step.asset)} USING ${source}${optionsClause({ ...o, path: step.source.path })}` };
    }
    if (step.op === 'stage') {
      // Where the columns written are not known yet, the run compiles the write for its relation.
      const columns = known.get(step.from);
      const write = sparkWriteOf(readFormatOptions(step.source.format, step.source.options, step.asset), step.asset, columns);
      const sql = renderSparkPlan(observedWritePlan(writtenQuery(write.select, q(step.from)), write, step.source.path));
      const compiled: SparkStageStep = columns === undefined ? { ...step, sql } : { ...step, write, sql };
      return compiled;
    }
    if (step.op === 'relation') {
      const upstream = step.from.map((asset) => ({ asset, name: q(asset), columns: known.get(asset) }));
      if (upstream.some((u) => u.columns === undefined)) return step;
      const { sql, columns } = relationSql(step, upstream as { asset: string; name: string; columns: readonly Column[] }[]);
      known.set(step.asset, columns);
      return { ...step, sql: step.storage === 'table' ? `CACHE TABLE ${q(step.asset)} AS ${sql}` : `CREATE TEMPORARY VIEW ${q(step.asset)} AS ${sql}` };
    }
  } catch {
    // The run reports a step that does not compile, at that step.
  }
  return step;
}
