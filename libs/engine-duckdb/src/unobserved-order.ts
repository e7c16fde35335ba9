/**
 * Which assets of a plan have a row order that no result can observe. The DuckDB backend sorts a
 * join's rows into the order the JavaScript backend builds them (`kinds/join.ts`); that sort is
 * skipped for a join in this set, since every path from it to an output passes a step that makes
 * the order irrelevant:
 *
 * - row-wise kinds (`where`, `select`, `add_columns`, ...) and `join` keep or derive their order
 *   from their input and compute the same rows in any input order: they pass the question on to
 *   their own consumers;
 * - `group_by` computes the same groups in any input order but lists them in an order that may
 *   follow the input (first appearance on the JavaScript backend): it passes the question on, and
 *   is not transparent when a key is a double or float (0.0 and -0.0 fall in one group, shown as
 *   whichever came first);
 * - `order_by` over a `group_by` whose every key is a sort column orders the groups totally (the
 *   keys are unique, and DuckDB compares keys in sorting as in grouping), so ties never fall back
 *   to input order: its input order is unobservable whatever follows;
 * - everything else observes its input order: outputs, `limit`, `offset`, `tail`, `sample`,
 *   `distinct` (the first row kept), `union`, `intersect`, `except` (result in input order, and
 *   equal rows need not look alike).
 *
 * Aggregates are order-independent except for the last bits of sums and averages of doubles,
 * which already vary with DuckDB's threads (libs/engine/README.md).
 */
import type { TransformationKind } from '@pipeline/definition';
import type { PlanStep } from '@pipeline/planner';
import type { BoundSource } from '@pipeline/engine-core';

/** What a consumer does with the row order of its input. */
type OrderUse = 'observes' | 'passes-on' | 'discards';

/** How a kind uses its input order, given its bound form and its upstream steps' bound forms. */
type OrderRule<K extends TransformationKind> = OrderUse | ((bound: BoundSource<K>, upstream: readonly (BoundSource | undefined)[]) => OrderUse);

const FLOATING: ReadonlySet<string> = new Set(['double', 'float']);

/** Every transformation kind's use of its input order: a kind missing here does not compile. */
const ORDER_RULES: { readonly [K in TransformationKind]: OrderRule<K> } = {
  where: 'passes-on',
  select: 'passes-on',
  group_by: (bound) => (bound.transform.keys.some((k) => FLOATING.has(k.type)) ? 'observes' : 'passes-on'),
  order_by: (bound, [upstream]) => (sortsGroupsTotally(bound, upstream) ? 'discards' : 'passes-on'),
  join: 'passes-on',
  union: 'observes',
  intersect: 'observes',
  except: 'observes',
  distinct: 'observes',
  limit: 'observes',
  add_columns: 'passes-on',
  drop_columns: 'passes-on',
  rename_columns: 'passes-on',
  cast_columns: 'passes-on',
  conditional: 'passes-on',
  fill_na: 'passes-on',
  drop_na: 'passes-on',
  replace: 'passes-on',
  sample: 'observes',
  repartition: 'passes-on',
  coalesce: 'passes-on',
  hint: 'passes-on',
  split: 'passes-on',
  offset: 'observes',
  tail: 'observes',
  // A window numbers and frames rows in input order among ties.
  window: 'observes',
  // The reshaping kinds order their own output (keys ascending, sets in order) or read rows in order.
  rollup: 'observes',
  cube: 'observes',
  grouping_sets: 'observes',
  unpivot: 'observes',
  pivot: 'observes',
  crosstab: 'observes',
  describe: 'observes',
  // An assertion's drop keeps input order; a schema step maps rows one to one.
  schema_enforce: 'passes-on',
  assertion: 'observes',
  transpose: 'observes',
  flatten: 'passes-on',
  parse: 'passes-on',
  // History and matching kinds read their inputs in order (first match, kept rows, left order).
  scd2: 'observes',
  merge: 'observes',
  as_of_join: 'observes',
  lateral_join: 'observes',
};

/** True when `orderBy` sorts by every key of the group_by it reads (so no two of its rows tie). */
function sortsGroupsTotally(orderBy: BoundSource<'order_by'>, upstream: BoundSource | undefined): boolean {
  if (upstream?.transform.kind !== 'group_by') return false;
  const sorted = new Set(orderBy.transform.keys.map((k) => k.column));
  return upstream.transform.keys.every((k) => sorted.has(k.name));
}

function orderUse(step: PlanStep, bound: ReadonlyMap<string, BoundSource>): OrderUse {
  if (step.source.kind === 'input' || step.source.kind === 'output') return 'observes';
  const own = bound.get(step.ref);
  if (own === undefined) return 'observes';
  const rule = ORDER_RULES[step.source.kind] as OrderRule<TransformationKind>;
  const use = typeof rule === 'string' ? rule : rule(own, step.upstream.map((u) => bound.get(u)));
  return use === 'passes-on' && mentionsWindow(own.transform) ? 'observes' : use;
}

/**
 * Whether a bound form holds a window node anywhere (an expression `... OVER (...)` numbers or
 * compares rows in input order): plain data, walked whole, so a kind that gains window
 * expressions is covered without its own rule.
 */
function mentionsWindow(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(mentionsWindow);
  if (node === null || typeof node !== 'object') return false;
  const kind = (node as { kind?: unknown }).kind;
  if (kind === 'window' || kind === 'window_function') return true;
  return Object.values(node).some(mentionsWindow);
}

/**
 * The assets whose row order no output of `plan` can observe. `bound` holds every
 * transformation's bound form; a step without one is taken to observe its input order.
 */
export function unobservedOrder(plan: { readonly steps: readonly PlanStep[] }, bound: ReadonlyMap<string, BoundSource>): ReadonlySet<string> {
  const byRef = new Map(plan.steps.map((s) => [s.ref, s]));
  const unobserved = new Set<string>();
  // Consumers come later in plan order, so one pass from the end settles each asset.
  for (let i = plan.steps.length - 1; i >= 0; i--) {
    const step = plan.steps[i];
    if (step.source.kind === 'output') continue;
    const observed = step.consumers.some((ref) => {
      const consumer = byRef.get(ref);
      if (consumer === undefined) return true;
      const use = orderUse(consumer, bound);
      return use === 'observes' || (use === 'passes-on' && !unobserved.has(ref));
    });
    if (step.consumers.length > 0 && !observed) unobserved.add(step.ref);
  }
  return unobserved;
}
