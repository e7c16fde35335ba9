/**
 * Column-level lineage (spec 18.9; OpenLineage's `columnLineage` dataset facet): for every column
 * of every asset, the input columns it derives from, read off the binder's bound forms, with
 * OpenLineage's transformation types: DIRECT (IDENTITY, TRANSFORMATION, AGGREGATION) when the
 * value is computed from the input column, INDIRECT (FILTER, JOIN, GROUP_BY, SORT, WINDOW,
 * CONDITIONAL) when the input column only decides which rows there are or which branch applies.
 * Row-wide dependencies (a filter, join keys, group keys, sort keys) are the asset's `dataset`
 * list, as the facet's `dataset` field holds them.
 *
 * Example: `group: {from: orders, by: [customer], agg: ["sum(amount) AS total"]}` over an input
 * `orders` gives `total` <- orders.amount DIRECT AGGREGATION, `customer` <- orders.customer DIRECT
 * IDENTITY, and the dataset list orders.customer INDIRECT GROUP_BY.
 *
 * It binds each transformation again over the columns its upstream had in the run (binding is
 * pure). Kinds whose columns come from the data (a probed pivot, crosstab, transpose, parse
 * without a schema) and the reshaping kinds listed in COARSE are coarse: an output column derives
 * from the upstream column of the same name, else from every upstream column.
 */
import { assertNever, lookupFunction, type InputSource, type TransformationKind, type TransformationSource } from '@pipeline/definition';
import type { Column } from './bind-expression';
import { bindSource, probeOf, type BoundTransformOf, type UpstreamColumns } from './bind-source';
import type { BoundItem } from './binders/binder-kit';
import { qualifiedName } from './binders/join';
import type { BoundExpr } from './bound-expr';

/** How an output column depends on an input column (OpenLineage's transformation `type`). */
export type LineageType = 'DIRECT' | 'INDIRECT';

/** OpenLineage's transformation `subtype`s. */
export type LineageSubtype = 'IDENTITY' | 'TRANSFORMATION' | 'AGGREGATION' | 'FILTER' | 'JOIN' | 'GROUP_BY' | 'SORT' | 'WINDOW' | 'CONDITIONAL';

/** One input column an asset's column (or all its rows) depends on. */
export interface ColumnOrigin {
  /** The input asset. */
  readonly asset: string;
  readonly column: string;
  readonly type: LineageType;
  readonly subtype: LineageSubtype;
}

/** An asset's column lineage in terms of the pipeline's input assets. */
export interface ColumnLineage {
  /** Per column of the asset, in column order: what it derives from. */
  readonly fields: Readonly<Record<string, readonly ColumnOrigin[]>>;
  /** Dependencies of every row (filters, join, group and sort keys). */
  readonly dataset: readonly ColumnOrigin[];
}

/** One computed asset of a run: its source, upstream assets (in the kind's order) and columns. */
export interface LineageStep {
  readonly asset: string;
  readonly source: InputSource | TransformationSource;
  readonly from: readonly string[];
  readonly columns: readonly Column[];
}

/** A dependency on a column of the step's `input`-th upstream. */
interface Use {
  readonly input: number;
  readonly column: string;
  readonly type: LineageType;
  readonly subtype: LineageSubtype;
}

/** A step's lineage in terms of its own upstream columns. */
interface StepLineage {
  readonly fields: ReadonlyMap<string, readonly Use[]>;
  readonly dataset: readonly Use[];
}

type KindLineage<K extends TransformationKind> = (bound: BoundTransformOf<K>, upstream: readonly UpstreamColumns[], columns: readonly Column[]) => StepLineage;

const DIRECT_RANK: Partial<Record<LineageSubtype, number>> = { IDENTITY: 0, TRANSFORMATION: 1, AGGREGATION: 2 };

/**
 * The columns an expression reads, each with how: a bare column is IDENTITY, inside an aggregate
 * AGGREGATION, else TRANSFORMATION; a CASE condition is INDIRECT CONDITIONAL, a window's
 * partition and order keys INDIRECT WINDOW. `resolve` maps a name in scope to an upstream column.
 */
function exprUses(expr: BoundExpr, resolve: (name: string) => readonly Use[]): Use[] {
  const uses: Use[] = [];
  const visit = (e: BoundExpr, top: boolean, inAggregate: boolean, indirect: LineageSubtype | undefined): void => {
    const child = (c: BoundExpr, how: LineageSubtype | undefined = indirect, aggregate = inAggregate): void => visit(c, false, aggregate, how);
    switch (e.kind) {
      case 'column': {
        const type: LineageType = indirect === undefined ? 'DIRECT' : 'INDIRECT';
        const subtype: LineageSubtype = indirect ?? (inAggregate ? 'AGGREGATION' : top ? 'IDENTITY' : 'TRANSFORMATION');
        for (const u of resolve(e.name)) uses.push(compose({ input: u.input, column: u.column, type, subtype }, u));
        return;
      }
      case 'number':
      case 'string':
      case 'boolean':
      case 'null':
      case 'typed_literal':
      case 'interval':
      case 'star':
      case 'lambda_var':
        return;
      case 'alias':
        return visit(e.expr, top, inAggregate, indirect);
      case 'interval_field':
        return (child(e.left), child(e.right));
      case 'unary':
        return child(e.operand);
      case 'binary':
        return (child(e.left), child(e.right));
      case 'is_null':
      case 'cast':
      case 'field':
        return child(e.operand);
      case 'in':
        return (child(e.operand), e.list.forEach((x) => child(x)));
      case 'between':
        return (child(e.operand), child(e.low), child(e.high));
      case 'like':
        return (child(e.operand), child(e.pattern));
      case 'index':
        return (child(e.operand), child(e.index));
      case 'case':
        for (const w of e.whens) {
          child(w.when, indirect ?? 'CONDITIONAL');
          child(w.then);
        }
        if (e.else !== undefined) child(e.else);
        return;
      case 'call': {
        const aggregate = inAggregate || lookupFunction(e.name)?.aggregate === true;
        for (const a of e.args) child(a, indirect, aggregate);
        return;
      }
      case 'window': {
        const aggregate = e.call.kind === 'call' && lookupFunction(e.call.name)?.aggregate === true;
        for (const a of e.call.args) child(a, indirect, inAggregate || aggregate);
        for (const p of e.partitionBy) child(p, indirect ?? 'WINDOW');
        for (const o of e.orderBy) child(o.expr, indirect ?? 'WINDOW');
        return;
      }
      case 'lambda':
        return child(e.body);
      default:
        return assertNever(e);
    }
  };
  visit(expr, true, false, undefined);
  return uses;
}

/** A use through an earlier use (an added column read by a later one): the weaker link wins. */
function compose<T extends { readonly type: LineageType; readonly subtype: LineageSubtype }>(outer: T, inner: { readonly type: LineageType; readonly subtype: LineageSubtype }): T {
  if (outer.type === 'INDIRECT') return outer;
  if (inner.type === 'INDIRECT') return { ...outer, type: 'INDIRECT', subtype: inner.subtype };
  const rank = (s: LineageSubtype): number => DIRECT_RANK[s] ?? 0;
  return rank(inner.subtype) > rank(outer.subtype) ? { ...outer, subtype: inner.subtype } : outer;
}

/** Names of one upstream resolved to themselves (the scope of a single-input kind). */
const scopeOf =
  (input: number) =>
  (name: string): readonly Use[] => [{ input, column: name, type: 'DIRECT', subtype: 'IDENTITY' }];

const identity = (upstream: readonly UpstreamColumns[], dataset: readonly Use[] = []): StepLineage => ({
  fields: new Map(upstream[0].columns.map((c) => [c.name, scopeOf(0)(c.name)])),
  dataset,
});

const indirect = (expr: BoundExpr | undefined, subtype: LineageSubtype): Use[] =>
  expr === undefined ? [] : exprUses(expr, scopeOf(0)).map((u) => ({ ...u, type: 'INDIRECT', subtype }));

const keysAs = (names: readonly string[], subtype: LineageSubtype): Use[] => names.map((column) => ({ input: 0, column, type: 'INDIRECT', subtype }));

const items = (list: readonly BoundItem[], dataset: readonly Use[] = []): StepLineage => ({
  fields: new Map(list.map((i) => [i.name, exprUses(i.expr, scopeOf(0))])),
  dataset,
});

/** add_columns, window, conditional: each step's expression reads the columns as the steps before left them. */
const addedColumns = (
  bound: { readonly steps: readonly { readonly name: string; readonly expr: BoundExpr }[] },
  upstream: readonly UpstreamColumns[],
): StepLineage => {
  const fields = new Map(identity(upstream).fields);
  for (const step of bound.steps) {
    const uses = exprUses(step.expr, (name) => fields.get(name) ?? []);
    fields.delete(step.name);
    fields.set(step.name, uses);
  }
  return { fields, dataset: [] };
};

/** Join and lateral join: each output column is one input's column; the conditions join the rows. */
const joined = (bound: BoundTransformOf<'join'> | BoundTransformOf<'lateral_join'>): StepLineage => {
  const byName = new Map<string, Use>();
  for (const step of bound.steps) for (const c of step.after) byName.set(qualifiedName(c), { input: c.input, column: c.name, type: 'DIRECT', subtype: 'IDENTITY' });
  const dataset = bound.steps.flatMap((s) =>
    s.condition === undefined ? [] : exprUses(s.condition, (name) => (byName.has(name) ? [byName.get(name) as Use] : [])).map((u) => ({ ...u, type: 'INDIRECT' as const, subtype: 'JOIN' as const })),
  );
  return { fields: new Map(bound.output.map((o) => [o.name, [{ input: o.column.input, column: o.column.name, type: 'DIRECT', subtype: 'IDENTITY' }]])), dataset };
};

/** Union, intersect, except: output column i is column i (or the same name) of every input. */
const setOperation =
  (rowsDecidedByOthers: boolean) =>
  (bound: BoundTransformOf<'union' | 'intersect' | 'except'>, _upstream: readonly UpstreamColumns[], columns: readonly Column[]): StepLineage => {
    const fields = new Map<string, Use[]>();
    columns.forEach((c, i) => {
      fields.set(
        c.name,
        bound.inputs.flatMap((input, j) => {
          const pick = input.picks[i];
          return pick === null || pick === undefined ? [] : [{ input: j, column: pick.name, type: 'DIRECT' as const, subtype: 'IDENTITY' as const }];
        }),
      );
    });
    const dataset = rowsDecidedByOthers ? [...fields.values()].flat().map((u) => ({ ...u, type: 'INDIRECT' as const, subtype: 'FILTER' as const })) : [];
    return { fields, dataset };
  };

const groupKeys = (keys: readonly Column[], aggs: readonly BoundItem[]): StepLineage => ({
  fields: new Map([...keys.map((k): [string, Use[]] => [k.name, scopeOf(0)(k.name) as Use[]]), ...aggs.map((a): [string, Use[]] => [a.name, exprUses(a.expr, scopeOf(0))])]),
  dataset: keysAs(
    keys.map((k) => k.name),
    'GROUP_BY',
  ),
});

/**
 * Coarse lineage: an output column derives from the upstream column of the same name, else from
 * every upstream column (DIRECT TRANSFORMATION): what a reshaping kind's values may come from.
 */
function coarse(upstream: readonly UpstreamColumns[], columns: readonly Column[]): StepLineage {
  const every: Use[] = upstream.flatMap((u, input) => u.columns.map((c) => ({ input, column: c.name, type: 'DIRECT' as const, subtype: 'TRANSFORMATION' as const })));
  const fields = new Map<string, Use[]>();
  for (const c of columns) {
    const same = upstream.flatMap((u, input) => (u.columns.some((x) => x.name === c.name) ? [{ input, column: c.name, type: 'DIRECT' as const, subtype: 'TRANSFORMATION' as const }] : []));
    fields.set(c.name, same.length > 0 ? same : every);
  }
  return { fields, dataset: [] };
}

const coarseKind = (_bound: unknown, upstream: readonly UpstreamColumns[], columns: readonly Column[]): StepLineage => coarse(upstream, columns);

/** Every transformation kind's lineage: a kind without an entry does not compile. */
const KIND_LINEAGE: { readonly [K in TransformationKind]: KindLineage<K> } = {
  where: (b, up) => identity(up, indirect(b.filter, 'FILTER')),
  drop_na: (b, up) => identity(up, indirect(b.filter, 'FILTER')),
  select: (b) => items(b.items),
  cast_columns: (b) => items(b.items),
  drop_columns: (b) => items(b.items),
  rename_columns: (b) => items(b.items),
  fill_na: (b) => items(b.items),
  replace: (b) => items(b.items),
  schema_enforce: (b) => items(b.items),
  group_by: (b) => ({
    fields: new Map([...b.keys, ...b.aggs].map((i) => [i.name, exprUses(i.expr, scopeOf(0))])),
    dataset: b.keys.flatMap((k) => exprUses(k.expr, scopeOf(0)).map((u) => ({ ...u, type: 'INDIRECT' as const, subtype: 'GROUP_BY' as const }))),
  }),
  rollup: (b) => groupKeys(b.keys, b.aggs),
  cube: (b) => groupKeys(b.keys, b.aggs),
  grouping_sets: (b) => groupKeys(b.keys, b.aggs),
  order_by: (b, up) => identity(
    up,
    keysAs(
      b.keys.map((k) => k.column),
      'SORT',
    ),
  ),
  distinct: (b, up) => identity(up, keysAs(b.allColumns ? up[0].columns.map((c) => c.name) : b.keys, 'GROUP_BY')),
  limit: (_b, up) => identity(up),
  offset: (_b, up) => identity(up),
  tail: (_b, up) => identity(up),
  sample: (_b, up) => identity(up),
  repartition: (_b, up) => identity(up),
  coalesce: (_b, up) => identity(up),
  hint: (_b, up) => identity(up),
  split: (_b, up) => identity(up),
  assertion: (b, up) => identity(up, indirect(b.keep, 'FILTER')),
  add_columns: (b, up) => addedColumns(b, up),
  window: (b, up) => addedColumns(b, up),
  conditional: (b, up) => addedColumns(b, up),
  join: (b) => joined(b),
  lateral_join: (b) => joined(b),
  union: setOperation(false),
  intersect: setOperation(true),
  except: setOperation(true),
  as_of_join: (b) => ({
    fields: new Map(b.output.map((o) => [o.as, [{ input: o.side === 'left' ? 0 : 1, column: o.name, type: 'DIRECT', subtype: 'IDENTITY' }]])),
    dataset: [
      { input: 0, column: b.leftAsOf.name, type: 'INDIRECT', subtype: 'JOIN' },
      { input: 1, column: b.rightAsOf.name, type: 'INDIRECT', subtype: 'JOIN' },
    ],
  }),
  pivot: (b, up, columns) => (b.cells.length + b.keys.length === columns.length ? groupKeys(b.keys, b.cells) : coarse(up, columns)),
  crosstab: (b, up, columns) => (b.cells.length + 1 === columns.length ? groupKeys([b.key], b.cells) : coarse(up, columns)),
  unpivot: (b, _up, columns) => ({
    fields: new Map(
      columns.map((c, i): [string, Use[]] => {
        if (i < b.ids.length) return [c.name, [{ input: 0, column: b.ids[i].name, type: 'DIRECT', subtype: 'IDENTITY' }]];
        // The last column holds the unpivoted values; the one before it their column names.
        return [c.name, i === columns.length - 1 ? b.values.map((v) => ({ input: 0, column: v.name, type: 'DIRECT', subtype: 'TRANSFORMATION' })) : []];
      }),
    ),
    dataset: [],
  }),
  describe: coarseKind,
  transpose: coarseKind,
  flatten: coarseKind,
  parse: coarseKind,
  scd2: coarseKind,
  merge: coarseKind,
};

/** The lineage of one transformation over its upstream columns, coarse when it cannot be bound again without its data. */
function stepLineage(step: LineageStep, source: TransformationSource, upstream: readonly UpstreamColumns[]): StepLineage {
  if (probeOf(step.asset, source, upstream) !== undefined) return coarse(upstream, step.columns);
  try {
    const { transform, columns } = bindSource(step.asset, source, upstream);
    const of = KIND_LINEAGE[source.kind] as KindLineage<TransformationKind>;
    return of(transform, upstream, columns);
  } catch {
    // A kind that binds differently from the run (it did run) still gets coarse lineage.
    return coarse(upstream, step.columns);
  }
}

function dedupe(origins: readonly ColumnOrigin[]): ColumnOrigin[] {
  const seen = new Map<string, ColumnOrigin>();
  for (const o of origins) {
    const key = `${o.asset}\u0000${o.column}\u0000${o.type}\u0000${o.subtype}`;
    if (!seen.has(key)) seen.set(key, o);
  }
  return [...seen.values()];
}

/**
 * The column lineage of every asset of a run, in terms of its input assets: `steps` in plan
 * (topological) order, inputs and transformations with the columns each had.
 */
export function columnLineage(steps: readonly LineageStep[]): ReadonlyMap<string, ColumnLineage> {
  const lineage = new Map<string, ColumnLineage>();
  const columns = new Map<string, readonly Column[]>();
  for (const step of steps) {
    columns.set(step.asset, step.columns);
    if (step.source.kind === 'input') {
      const fields = Object.fromEntries(step.columns.map((c) => [c.name, [{ asset: step.asset, column: c.name, type: 'DIRECT', subtype: 'IDENTITY' } as ColumnOrigin]]));
      lineage.set(step.asset, { fields, dataset: [] });
      continue;
    }
    const source = step.source;
    const upstream = step.from.map((asset) => ({ asset, columns: columns.get(asset) ?? [] }));
    const local = stepLineage(step, source, upstream);
    const through = (use: Use): ColumnOrigin[] => {
      const above = lineage.get(step.from[use.input] ?? '');
      return (above?.fields[use.column] ?? []).map((o) => compose({ ...o, type: use.type, subtype: use.subtype }, o));
    };
    const fields: Record<string, readonly ColumnOrigin[]> = {};
    for (const c of step.columns) fields[c.name] = dedupe((local.fields.get(c.name) ?? []).flatMap(through));
    const inherited = step.from.flatMap((asset) => lineage.get(asset)?.dataset ?? []);
    const dataset = dedupe([...inherited, ...local.dataset.flatMap(through).map((o) => ({ ...o, type: 'INDIRECT' as const }))]);
    lineage.set(step.asset, { fields, dataset });
  }
  return lineage;
}
