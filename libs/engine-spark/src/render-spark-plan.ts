/**
 * A Spark Connect plan as one line of text, for `explain --physical`: what a step that sends a
 * plan instead of SQL (an output's write) really sends, rendered from the plan value itself, so the
 * printed plan cannot drift from the request.
 */
import type { CollectMetrics, Plan, Relation } from '@pipeline/spark-connect';
import { WriteOperation_SaveMode } from '@pipeline/spark-connect';
import { optionsClause } from './format-options';
import { sparkString } from './sql-text';

type Expression = CollectMetrics['metrics'][number];

const MODES: Readonly<Record<WriteOperation_SaveMode, string>> = {
  [WriteOperation_SaveMode.SAVE_MODE_UNSPECIFIED]: 'unspecified',
  [WriteOperation_SaveMode.SAVE_MODE_APPEND]: 'append',
  [WriteOperation_SaveMode.SAVE_MODE_OVERWRITE]: 'overwrite',
  [WriteOperation_SaveMode.SAVE_MODE_ERROR_IF_EXISTS]: 'errorifexists',
  [WriteOperation_SaveMode.SAVE_MODE_IGNORE]: 'ignore',
  [WriteOperation_SaveMode.UNRECOGNIZED]: 'unrecognized',
};

/**
 * `WriteOperation csv overwrite 'out.csv' OPTIONS (...) OF CollectMetrics name (count(1) AS rows)
 * OF SQL (SELECT ...)`; a part this renderer does not know is shown as its JSON.
 */
export function renderSparkPlan(plan: Plan): string {
  const write = plan.command?.writeOperation;
  if (write !== undefined) {
    const layout = [
      ...(write.partitioningColumns.length > 0 ? [` PARTITIONED BY (${write.partitioningColumns.join(', ')})`] : []),
      ...(write.sortColumnNames.length > 0 ? [` SORTED BY (${write.sortColumnNames.join(', ')})`] : []),
    ].join('');
    const path = write.path === undefined ? '' : ` ${sparkString(write.path)}`;
    return `WriteOperation ${write.source ?? '(default source)'} ${MODES[write.mode]}${path}${optionsClause(write.options)}${layout} OF ${relation(write.input)}`;
  }
  if (plan.root !== undefined) return relation(plan.root);
  return JSON.stringify(plan);
}

function relation(r: Relation | undefined): string {
  if (r?.sql !== undefined) return `SQL (${r.sql.query})`;
  if (r?.collectMetrics !== undefined) {
    const m = r.collectMetrics;
    return `CollectMetrics ${m.name} (${m.metrics.map(expression).join(', ')}) OF ${relation(m.input)}`;
  }
  return JSON.stringify(r ?? null);
}

function expression(e: Expression): string {
  if (e.alias !== undefined) return `${e.alias.expr === undefined ? '?' : expression(e.alias.expr)} AS ${e.alias.name.join('.')}`;
  if (e.expressionString !== undefined) return e.expressionString.expression;
  return JSON.stringify(e);
}
