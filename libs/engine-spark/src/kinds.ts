/**
 * The spark backend's kind table: one entry per transformation kind of the definition catalogue,
 * a SELECT over the upstream relations (temporary views, named in backticks) or
 * `unsupported(...)`, refused at validation with V-014.
 *
 * Spark keeps no row order of its own: where the language observes order (orderBy ties, the
 * first row of a distinct group, limit, union), rows are numbered by
 * `monotonically_increasing_id()`, which follows the partitions in order (a file's rows in file
 * order, a sorted relation's rows in sort order), and sorted by it.
 */
import type { TransformationKind } from '@pipeline/definition';
import type { Relation } from '@pipeline/spark-connect';
import {
  type AddColumnStep,
  type BoundExpr,
  type BoundGroupingSets,
  type BoundItem,
  type BoundSetOperation,
  type BoundSource,
  type Column,
  freshColumnName,
  qualifiedName,
  setMask,
  unsupported,
  type Unsupported,
} from '@pipeline/engine-core';
import { compileSparkExpression as sql, hasSparkWindow } from './compile-expression';
import { sparkIdentifier as q, sparkInteger } from './sql-text';
import { sparkTypeOf } from './type-names';

/** How the spark backend runs kind `K`. */
export interface SparkKind<K extends TransformationKind> {
  /** The definition field a runtime failure is blamed on. */
  readonly field: string;
  /** The SELECT computing the asset over the upstream relations (quoted names, in the kind's order). */
  sql(bound: BoundSource<K>, relations: readonly string[]): string;
  /**
   * For a kind Spark SQL cannot say: the Spark Connect relation computing the asset, which the run
   * names as a temporary view instead of running `sql` (then only what explain prints).
   */
  relation?(bound: BoundSource<K>, relations: readonly string[]): Relation;
}

/** `relation` with its rows numbered in partition order, in column `pos`. */
function numbered(relation: string, pos: string): string {
  return `(SELECT *, monotonically_increasing_id() AS ${q(pos)} FROM ${relation})`;
}

function columnList(columns: readonly Column[], prefix = ''): string {
  return columns.map((c) => `${prefix}${q(c.name)}`).join(', ');
}

function projection(items: readonly BoundItem[], relation: string, input: readonly Column[] = []): string {
  if (!items.some((i) => hasSparkWindow(i.expr))) return `SELECT ${items.map((i) => `${sql(i.expr)} AS ${q(i.name)}`).join(', ')} FROM ${relation}`;
  const pos = freshColumnName([...input, ...items.map((i) => ({ name: i.name, type: i.type }))], '__pos');
  const list = items.map((i) => `${sql(i.expr, { position: q(pos) })} AS ${q(i.name)}`).join(', ');
  return `SELECT ${list} FROM ${numbered(relation, pos)} ORDER BY ${q(pos)}`;
}

function addColumns(steps: readonly AddColumnStep[], relation: string): string {
  const windowed = steps.some((s) => hasSparkWindow(s.expr));
  const pos = windowed ? freshColumnName(steps.flatMap((s) => [...s.over, { name: s.name, type: s.expr.type }]), '__pos') : undefined;
  let from = pos === undefined ? relation : numbered(relation, pos);
  let columns: readonly string[] = [];
  for (const step of steps) {
    const computed = `${sql(step.expr, pos === undefined ? {} : { position: q(pos) })} AS ${q(step.name)}`;
    const items = step.over.map((c, at) => (at === step.replaces ? computed : q(c.name)));
    if (step.replaces === -1) items.push(computed);
    columns = [...step.over.map((c) => c.name), ...(step.replaces === -1 ? [step.name] : [])];
    if (pos !== undefined) items.push(q(pos));
    from = `(SELECT ${items.join(', ')} FROM ${from})`;
  }
  if (pos === undefined) return `SELECT * FROM ${from}`;
  return `SELECT ${columns.map(q).join(', ')} FROM ${from} ORDER BY ${q(pos)}`;
}

/** An input of a set operation lined up with the output columns, numbered by input and row. */
function lined(bound: BoundSetOperation<TransformationKind>, columns: readonly Column[], relation: string, index: number, src: string, pos: string): string {
  const items = columns.map((out, position) => {
    const pick = bound.inputs[index]?.picks[position];
    if (pick === null || pick === undefined) return `CAST(NULL AS ${sparkTypeOf(out.type)}) AS ${q(out.name)}`;
    const value = pick.type === out.type ? q(pick.name) : `CAST(${q(pick.name)} AS ${sparkTypeOf(out.type)})`;
    return `${value} AS ${q(out.name)}`;
  });
  return `SELECT ${items.join(', ')}, ${sparkInteger(index + 1)} AS ${q(src)}, monotonically_increasing_id() AS ${q(pos)} FROM ${relation}`;
}

function helperNames(columns: readonly Column[]): { src: string; pos: string; rn: string } {
  const src = freshColumnName(columns, '__src');
  const pos = freshColumnName([...columns, { name: src, type: 'long' }], '__pos');
  const rn = freshColumnName([...columns, { name: src, type: 'long' }, { name: pos, type: 'long' }], '__rn');
  return { src, pos, rn };
}

/** Native INTERSECT / EXCEPT over the lined-up inputs (the result's row order is Spark's). */
function setOperation(op: 'INTERSECT' | 'EXCEPT', bound: BoundSetOperation<TransformationKind>, columns: readonly Column[], relations: readonly string[]): string {
  const { src, pos } = helperNames(columns);
  const inputs = relations.map((r, i) => `SELECT ${columnList(columns)} FROM (${lined(bound, columns, r, i, src, pos)})`);
  return inputs.join(` ${op}${bound.all ? ' ALL' : ''} `);
}

/**
 * `GROUP BY ROLLUP / CUBE / GROUPING SETS`, rows set by set (a set listed twice shares its first
 * place), then by key values ascending with NULLs last, as on DuckDB; a row's set is read from
 * grouping_id over all keys (the first key its highest bit, as DuckDB's grouping(...) mask).
 */
function overSets(bound: BoundGroupingSets, relation: string): string {
  const { keys, sets, aggs } = bound;
  const names = keys.map((k) => q(k.name));
  const items = [...names, ...aggs.map((a) => `${sql(a.expr)} AS ${q(a.name)}`)];
  const by =
    bound.kind === 'rollup'
      ? `ROLLUP (${names.join(', ')})`
      : bound.kind === 'cube'
        ? `CUBE (${names.join(', ')})`
        : `GROUPING SETS (${sets.map((set) => `(${set.map((k) => names[k]).join(', ')})`).join(', ')})`;
  if (keys.length === 0) return `SELECT ${items.join(', ')} FROM ${relation} GROUP BY ${by}`;
  // The mask is selected, then sorted on outside: Spark cannot resolve grouping_id in the ORDER BY
  // of grouping sets listing a set twice.
  const output = [...keys, ...aggs].map((c) => ({ name: c.name, type: c.type }));
  const gid = freshColumnName(output, '__gid');
  const ranks = [...new Set(sets.map((set) => setMask(set, keys.length)))];
  const rank = `CASE ${q(gid)} ${ranks.map((mask, i) => `WHEN ${mask} THEN ${i}`).join(' ')} END`;
  let grouped = `SELECT ${items.join(', ')}, grouping_id(${names.join(', ')}) AS ${q(gid)} FROM ${relation} GROUP BY ${by}`;
  if (sets.some((set) => set.length === 0)) {
    // The grand total of an empty input: DuckDB gives its row (count 0), Spark's grouping sets may
    // not; the row is added when nothing else came out.
    const total = [...keys.map((k) => `CAST(NULL AS ${sparkTypeOf(k.type)}) AS ${q(k.name)}`), ...aggs.map((a) => `${sql(allKeysAbsent(a.expr))} AS ${q(a.name)}`)];
    const full = 2 ** keys.length - 1;
    grouped = `WITH ${q(`${gid}_sets`)} AS (${grouped}) SELECT * FROM ${q(`${gid}_sets`)} UNION ALL SELECT ${total.join(', ')}, ${full} AS ${q(gid)} FROM ${relation} HAVING (SELECT count(*) FROM ${q(`${gid}_sets`)}) = 0`;
  }
  grouped = `(${grouped})`;
  return `SELECT ${columnList(output)} FROM ${grouped} ORDER BY ${[rank, ...names.map((n) => `${n} ASC NULLS LAST`)].join(', ')}`;
}

/** `e` with each grouping(...) and grouping_id(...) replaced by the literal `mask` gives it. */
function withGroupingMasks(e: BoundExpr, mask: (name: 'grouping' | 'grouping_id', keys: number) => number): BoundExpr {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const call = node as { kind?: string; name?: string; args?: unknown[]; type?: string; span?: unknown };
    if (call.kind === 'call' && (call.name === 'grouping' || call.name === 'grouping_id')) {
      return { kind: 'number', text: String(mask(call.name, call.args?.length ?? 0)), isInteger: true, type: call.type, span: call.span };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v)]));
  };
  return visit(e) as BoundExpr;
}

/** A Sample relation in words, for explain (no SQL says it). */
function sampleText(t: { lowerBound: number; upperBound: number; withReplacement: boolean; seed: number }): string {
  const how = t.withReplacement ? `each row k ~ Poisson(${t.upperBound - t.lowerBound}) times` : `rows drawn in [${t.lowerBound}, ${t.upperBound})`;
  return `Spark Connect Sample relation: ${how}, seed ${sparkInteger(Math.trunc(t.seed))}`;
}

/** `e` read for a row of the empty set: every key absent. */
function allKeysAbsent(e: BoundExpr): BoundExpr {
  return withGroupingMasks(e, (name, keys) => (name === 'grouping' ? 1 : 2 ** keys - 1));
}

/** `e` in a plain group, where every key is present: DuckDB's grouping() is 0 there, Spark refuses it outside grouping sets. */
function allKeysPresent(e: BoundExpr): BoundExpr {
  return withGroupingMasks(e, () => 0);
}

const JOIN_SQL = { inner: 'JOIN', left: 'LEFT JOIN', right: 'RIGHT JOIN', outer: 'FULL OUTER JOIN', cross: 'CROSS JOIN', left_semi: 'LEFT SEMI JOIN', left_anti: 'LEFT ANTI JOIN' } as const;

const NOT_YET = 'not yet compiled to Spark SQL by this service';

const passThrough = { field: 'from', sql: (_bound: unknown, [relation]: readonly string[]) => `SELECT * FROM ${relation}` };

/** The kinds Spark runs, and why it refuses the others. */
export const SPARK_KINDS: { readonly [K in TransformationKind]: SparkKind<K> | Unsupported } = {
  where: { field: 'filter', sql: (bound, [relation]) => `SELECT * FROM ${relation} WHERE ${sql(bound.transform.filter)}` },
  select: {
    field: 'columns',
    sql: (bound, [relation]) => {
      if (bound.transform.generator !== undefined) throw new Error('unreachable: generators are refused by the function table');
      return projection(bound.transform.items, relation as string, bound.transform.input);
    },
  },
  add_columns: { field: 'columns', sql: (bound, [relation]) => addColumns(bound.transform.steps, relation as string) },
  drop_columns: { field: 'columns', sql: (bound, [relation]) => projection(bound.transform.items, relation as string) },
  rename_columns: { field: 'mappings', sql: (bound, [relation]) => projection(bound.transform.items, relation as string) },
  cast_columns: { field: 'columns', sql: (bound, [relation]) => projection(bound.transform.items, relation as string) },
  group_by: {
    field: 'by/agg',
    sql: (bound, [relation]) => {
      const { keys, aggs } = bound.transform;
      const items = [...keys, ...aggs.map((a) => ({ ...a, expr: allKeysPresent(a.expr) }))].map((i) => `${sql(i.expr)} AS ${q(i.name)}`);
      const groupBy = keys.length === 0 ? '' : ` GROUP BY ${keys.map((k) => sql(k.expr)).join(', ')}`;
      return `SELECT ${items.join(', ')} FROM ${relation}${groupBy}`;
    },
  },
  // Stable: the input position breaks ties.
  order_by: {
    field: 'columns',
    sql: (bound, [relation]) => {
      const pos = freshColumnName(bound.columns, '__pos');
      const keys = bound.transform.keys.map((k) => `${q(k.column)} ${k.direction === 'desc' ? 'DESC' : 'ASC'} NULLS ${k.nulls === 'first' ? 'FIRST' : 'LAST'}`);
      return `SELECT ${columnList(bound.columns)} FROM ${numbered(relation as string, pos)} ORDER BY ${[...keys, q(pos)].join(', ')}`;
    },
  },
  // The first row of each group in input order, groups in the order of their first rows.
  distinct: {
    field: 'columns',
    sql: (bound, [relation]) => {
      const { pos, rn } = helperNames(bound.columns);
      const keys = bound.transform.keys.map(q).join(', ');
      const ranked = `(SELECT *, row_number() OVER (PARTITION BY ${keys} ORDER BY ${q(pos)}) AS ${q(rn)} FROM ${numbered(relation as string, pos)})`;
      return `SELECT ${columnList(bound.columns)} FROM ${ranked} WHERE ${q(rn)} = 1 ORDER BY ${q(pos)}`;
    },
  },
  limit: {
    field: 'count',
    sql: (bound, [relation]) => {
      const pos = freshColumnName(bound.columns, '__pos');
      return `SELECT ${columnList(bound.columns)} FROM ${numbered(relation as string, pos)} ORDER BY ${q(pos)} LIMIT ${sparkInteger(bound.transform.count)}`;
    },
  },
  offset: {
    field: 'count',
    sql: (bound, [relation]) => {
      const pos = freshColumnName(bound.columns, '__pos');
      return `SELECT ${columnList(bound.columns)} FROM ${numbered(relation as string, pos)} ORDER BY ${q(pos)} OFFSET ${sparkInteger(bound.transform.count)}`;
    },
  },
  union: {
    field: 'union',
    sql: (bound, relations) => {
      const columns = bound.columns;
      const { src, pos, rn } = helperNames(columns);
      const all = relations.map((r, i) => `(${lined(bound.transform, columns, r, i, src, pos)})`).join(' UNION ALL ');
      const order = `ORDER BY ${q(src)}, ${q(pos)}`;
      if (bound.transform.all) return `SELECT ${columnList(columns)} FROM (${all}) ${order}`;
      const ranked = `(SELECT *, row_number() OVER (PARTITION BY ${columnList(columns)} ${order}) AS ${q(rn)} FROM (${all}))`;
      return `SELECT ${columnList(columns)} FROM ${ranked} WHERE ${q(rn)} = 1 ${order}`;
    },
  },
  intersect: { field: 'intersect', sql: (bound, relations) => setOperation('INTERSECT', bound.transform, bound.columns, relations) },
  except: { field: 'except', sql: (bound, relations) => setOperation('EXCEPT', bound.transform, bound.columns, relations) },
  join: {
    field: 'right',
    sql: (bound, relations) => {
      const { inputs, steps, output } = bound.transform;
      const qualified = (i: number): string => {
        const input = inputs[i] as (typeof inputs)[number];
        const items = input.columns.map((c) => `${q(c.name)} AS ${q(qualifiedName({ asset: input.asset, name: c.name }))}`);
        return `(SELECT ${items.length === 0 ? '1 AS `__one`' : items.join(', ')} FROM ${relations[i]})`;
      };
      let joined = qualified(0);
      for (const step of steps) {
        const on = step.condition === undefined ? '' : ` ON ${sql(step.condition)}`;
        joined = `(SELECT * FROM ${joined} ${JOIN_SQL[step.type]} ${qualified(step.input)}${on})`;
      }
      return `SELECT ${output.map((o) => `${q(qualifiedName(o.column))} AS ${q(o.name)}`).join(', ')} FROM ${joined}`;
    },
  },
  repartition: passThrough,
  coalesce: passThrough,
  hint: passThrough,
  // The binder spells these out as added columns, projections and filters.
  window: { field: 'functions', sql: (bound, [relation]) => addColumns(bound.transform.steps, relation as string) },
  conditional: { field: 'branches', sql: (bound, [relation]) => addColumns(bound.transform.steps, relation as string) },
  fill_na: { field: 'value', sql: (bound, [relation]) => projection(bound.transform.items, relation as string) },
  drop_na: { field: 'columns', sql: (bound, [relation]) => `SELECT * FROM ${relation} WHERE ${sql(bound.transform.filter)}` },
  replace: { field: 'mappings', sql: (bound, [relation]) => projection(bound.transform.items, relation as string) },
  // Spark's own sampler (Bernoulli, or Poisson with replacement), seeded, through a Sample relation:
  // Spark SQL's TABLESAMPLE has neither bounds nor replacement.
  sample: {
    field: 'fraction',
    sql: (bound, [relation]) => `SELECT * FROM ${relation} /* ${sampleText(bound.transform)} */`,
    relation: (bound, [relation]) => {
      const { lowerBound, upperBound, withReplacement, seed } = bound.transform;
      return { sample: { input: { sql: { query: `SELECT * FROM ${relation}` } }, lowerBound, upperBound, withReplacement, seed: Math.trunc(seed), deterministicOrder: false } };
    },
  },
  // A split is every row of `from`; its `pass` and `fail` assets are `where` filters over it.
  split: passThrough,
  // The last rows in input order: Spark's OFFSET takes no subquery, so rows are numbered and counted.
  tail: {
    field: 'count',
    sql: (bound, [relation]) => {
      const { pos, rn } = helperNames(bound.columns);
      const total = freshColumnName([...bound.columns, { name: pos, type: 'long' }, { name: rn, type: 'long' }], '__n');
      const counted = `(SELECT *, row_number() OVER (ORDER BY ${q(pos)}) AS ${q(rn)}, count(*) OVER () AS ${q(total)} FROM ${numbered(relation as string, pos)})`;
      return `SELECT ${columnList(bound.columns)} FROM ${counted} WHERE ${q(rn)} > ${q(total)} - ${sparkInteger(bound.transform.count)} ORDER BY ${q(pos)}`;
    },
  },
  rollup: { field: 'agg', sql: (bound, [relation]) => overSets(bound.transform, relation as string) },
  cube: { field: 'agg', sql: (bound, [relation]) => overSets(bound.transform, relation as string) },
  grouping_sets: { field: 'agg', sql: (bound, [relation]) => overSets(bound.transform, relation as string) },
  unpivot: unsupported(NOT_YET),
  pivot: unsupported(NOT_YET),
  crosstab: unsupported(NOT_YET),
  describe: unsupported(NOT_YET),
  transpose: unsupported(NOT_YET),
  flatten: unsupported(NOT_YET),
  parse: unsupported(NOT_YET),
  as_of_join: unsupported(NOT_YET),
  lateral_join: unsupported(NOT_YET),
  merge: unsupported(NOT_YET),
  scd2: unsupported(NOT_YET),
  // The rows pass through unless onFailure is drop; the checks are measured by the run (spark-measure).
  assertion: {
    field: 'checks',
    sql: (bound, [relation]) => {
      const { keep, unique } = bound.transform;
      if (keep === undefined && unique.length === 0) return `SELECT * FROM ${relation}`;
      if (unique.length === 0) return `SELECT * FROM ${relation} WHERE ${sql(keep as BoundExpr)}`;
      // A unique rule counts each value over the whole input, before any row is dropped.
      const pos = freshColumnName(bound.columns, '__pos');
      const counts: string[] = [];
      const taken: Column[] = [...bound.columns, { name: pos, type: 'long' }];
      const single = unique.map((c) => {
        const n = freshColumnName(taken, '__n');
        taken.push({ name: n, type: 'long' });
        counts.push(`count(*) OVER (PARTITION BY ${q(c)}) AS ${q(n)}`);
        return `(${q(c)} IS NULL OR ${q(n)} = 1)`;
      });
      const filters = [...(keep === undefined ? [] : [`(${sql(keep)})`]), ...single];
      return `SELECT ${columnList(bound.columns)} FROM (SELECT *, ${counts.join(', ')} FROM ${numbered(relation as string, pos)}) WHERE ${filters.join(' AND ')} ORDER BY ${q(pos)}`;
    },
  },
  schema_enforce: { field: 'columns', sql: (bound, [relation]) => projection(bound.transform.items, relation as string) },
};
