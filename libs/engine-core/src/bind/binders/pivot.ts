/**
 * Binds a pivot (spec 8.16, decisions 7): per pivot value, each aggregate rewritten to read only
 * the rows holding that value (its first argument becomes `CASE WHEN pivot = value THEN arg END`,
 * `count(*)` counts `CASE WHEN pivot = value THEN 1 END`), so both backends compute the cells as
 * ordinary grouped aggregates. The values are the written ones, else the probed distinct values.
 */
import { lookupFunction, mapChildren, type Call, type Expr } from '@pipeline/definition';
import type { Column } from '../bind-expression';
import { bindExpression } from '../bind-expression';
import type { ProbeAnswer } from '../probe';
import { item, resolveColumn, uniqueColumns, type Binder, type BoundItem, type Prober, type UpstreamColumns } from './binder-kit';
import { binary, caseWhen, column, literal } from './built-expr';

export interface BoundPivot {
  readonly kind: 'pivot';
  /** The grouping columns, as resolved in the upstream. */
  readonly keys: readonly Column[];
  /** One cell per pivot value and aggregate, in that order. */
  readonly cells: readonly BoundItem[];
}

/** What a pivot is made of, before binding: the kinds built over it (crosstab) give the same. */
export interface PivotSpec {
  readonly groupBy: readonly string[];
  readonly pivotColumn: string;
  readonly values: readonly string[];
  readonly agg: readonly Expr[];
  /** Field names for messages. */
  readonly fields: { readonly groupBy: string; readonly pivotColumn: string };
}

/** The distinct values of the pivot column, when `values` is not written. */
export const probePivot: Prober<'pivot'> = (ref, source, upstream) =>
  source.values !== undefined
    ? undefined
    : { input: 0, columns: [resolveColumn(ref, 'pivotColumn', upstream[0].columns, source.pivotColumn).name], what: 'distinct', field: 'pivotColumn' };

/** The texts of a `distinct` probe's answer. */
export function probedValues(probed: ProbeAnswer | undefined): string[] {
  return (probed ?? []).map(([v]) => v ?? '');
}

/** Binds `spec` over `upstream`: its keys and cells, and the output columns (keys, then cells). */
export function bindPivotSpec(ref: string, from: string, spec: PivotSpec, upstream: readonly UpstreamColumns[]): { keys: Column[]; cells: BoundItem[] } {
  const columns = upstream[0].columns;
  const keys = spec.groupBy.map((c) => resolveColumn(ref, spec.fields.groupBy, columns, c));
  const pivot = resolveColumn(ref, spec.fields.pivotColumn, columns, spec.pivotColumn);
  const scope = { asset: ref, from, columns, field: 'agg', context: 'aggregate' as const, groupKeys: keys.map((k) => k.name) };
  // Each aggregate is bound as written first: its errors and its name do not depend on the values.
  const names = spec.agg.map((e) => item(e, bindExpression(e, scope)).name);
  const cells = spec.values.flatMap((value) => {
    const holds = binary('=', column(pivot.name), literal(value));
    return spec.agg.map((e, i) => {
      const bound = bindExpression(onlyWhere(e, holds), scope);
      return { name: spec.agg.length === 1 ? value : `${value}_${names[i]}`, expr: bound, type: bound.type === 'null' ? 'integer' : bound.type };
    });
  });
  return { keys, cells };
}

export const bindPivot: Binder<'pivot', BoundPivot> = (ref, source, upstream, probed) => {
  const values = source.values ?? probedValues(probed);
  const spec: PivotSpec = { groupBy: source.groupBy, pivotColumn: source.pivotColumn, values, agg: source.agg, fields: { groupBy: 'groupBy', pivotColumn: 'pivotColumn' } };
  const { keys, cells } = bindPivotSpec(ref, source.from, spec, upstream);
  return { transform: { kind: 'pivot', keys, cells }, columns: uniqueColumns(ref, [...keys, ...cells]) };
};

/** `e` with every aggregate call reading only the rows where `condition` holds (grouping() and grouping_id() are left as is). */
function onlyWhere(e: Expr, condition: Expr): Expr {
  if (e.kind === 'window') return e; // validation keeps windows out of aggregations
  if (e.kind === 'call' && lookupFunction(e.name)?.aggregate === true) return filtered(e, condition);
  return mapChildren(e, (x) => onlyWhere(x, condition));
}

function filtered(call: Call, condition: Expr): Expr {
  if (call.name.toLowerCase() === 'grouping' || call.name.toLowerCase() === 'grouping_id' || call.args.length === 0) return call;
  const [first, ...rest] = call.args;
  const kept = first.kind === 'star' ? literal(1) : first;
  return { ...call, args: [caseWhen([{ when: condition, then: kept }]), ...rest] };
}
