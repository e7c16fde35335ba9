/**
 * The column lineage of a finished run (spec 18.9): the inputs' columns as read and, per output,
 * the columns written with the input columns each derives from (check/column-lineage.ts).
 */
import type { Column } from '../bind/bind-expression';
import { columnLineage, type LineageStep } from '../bind/column-lineage';
import type { RunLineage } from '../execution-result';
import type { PhysicalPlan } from '../plan/physical-plan';

/**
 * Most input-column references a run's lineage may hold (all outputs' fields and datasets): it
 * travels with the job's outcome and is stored with it, and a wide coarse step (a describe of
 * 1,000 columns) would otherwise name every input column for every output column.
 */
export const MAX_LINEAGE_ORIGINS = 20_000;

const plain = (columns: readonly Column[]): Column[] => columns.map((c) => ({ name: c.name, type: c.type }));

/**
 * The run's lineage from its plan and the columns each computed asset had; undefined when an
 * asset's columns are missing (a session's plan retains assets differently), deriving it fails or
 * it would name more than MAX_LINEAGE_ORIGINS input columns: lineage describes a run, it never
 * fails one.
 */
export function runLineage(plan: PhysicalPlan, columns: ReadonlyMap<string, readonly Column[]>): RunLineage | undefined {
  try {
    const steps: LineageStep[] = [];
    for (const step of plan.steps) {
      if (step.op !== 'read' && step.op !== 'relation') continue;
      const known = columns.get(step.asset);
      if (known === undefined) return undefined;
      steps.push({ asset: step.asset, source: step.source, from: step.op === 'read' ? [] : step.from, columns: known });
    }
    const lineage = columnLineage(steps);
    const outputs: RunLineage['outputs'][number][] = [];
    for (const step of plan.steps) {
      if (step.op !== 'stage') continue;
      const of = lineage.get(step.from);
      const written = columns.get(step.from);
      if (of === undefined || written === undefined) return undefined;
      outputs.push({ ref: step.asset, asset: step.from, columns: plain(written), fields: of.fields, dataset: of.dataset });
    }
    const size = outputs.reduce((n, o) => n + o.dataset.length + Object.values(o.fields).reduce((m, f) => m + f.length, 0), 0);
    if (size > MAX_LINEAGE_ORIGINS) return undefined;
    const inputs = plan.steps.flatMap((s) => (s.op === 'read' ? [{ asset: s.asset, columns: plain(columns.get(s.asset) ?? []) }] : []));
    return { inputs, outputs };
  } catch {
    return undefined;
  }
}
