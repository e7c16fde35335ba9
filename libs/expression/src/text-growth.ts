/**
 * A static bound on how much larger than its inputs an expression's value can get. `replace` and
 * `regexp_replace` multiply text (every occurrence of the search text becomes the replacement),
 * `repeat`, `lpad` and `rpad` make it as long as their count says, so nested calls grow a value
 * exponentially: eight levels of `replace(x, 'a', <20 a's>)` ask for gigabytes per row, which the
 * engines materialise before any memory limit applies (measured: the server was killed by the
 * operating system). `array_repeat` grows an array the same way (`array_repeat(id, 2000000000)`
 * took the process down too), so its count counts alike, and DuckDB refuses a count above the
 * limit when it runs (a count read from the data).
 *
 * Growth adds up where a value is made of several (concat, ||, concat_ws, array, struct, map,
 * array_union, map_concat: `concat` of 50 `repeat(name, 10000)` is 500,000 times `name`), and
 * multiplies through lambdas (a lambda runs once per element: `transform` of a `transform` of
 * `repeat(_, 100)` multiplies both). Numbers, booleans and dates have a size of their own, so they
 * add nothing; a text literal counts as one value.
 *
 * `aggregate` folds its merge lambda over the elements, so the accumulator grows once per element:
 * a merge whose result holds the accumulator more than once (`concat(acc, acc)`, `repeat(acc, 2)`,
 * `array(acc, acc)`) doubles it at every element, 2^n for n elements, which no static factor
 * bounds: it is refused. A merge that holds it at most once and appends to it (`concat(acc, x)`,
 * `acc + x`) grows linearly, to at most the array's own size (times the growth of what it
 * appends), which is bounded like any lambda body.
 */
import type { Call, Expr, Lambda } from './ast';
import { lookupFunction } from './functions';
import { children } from './walk';

/** Largest growth factor accepted: how many times larger than its input a value may become. */
export const MAX_TEXT_GROWTH = 10_000;

/**
 * The growth assumed for one replacement whose text is not a string literal (a column or an
 * expression): the length of a typical text value, in characters. Also the number of elements
 * assumed for an array a growing lambda runs over.
 */
export const ASSUMED_VALUE_LENGTH = 100;

/** The first growing call whose result may exceed MAX_TEXT_GROWTH, and its bound. */
export interface TextGrowthProblem {
  readonly call: Call;
  readonly growth: number;
  /**
   * Why: `multiply` for nested growing calls, `sum` for arguments whose growth adds up past the
   * limit, `lambda` for a lambda growing each element, `accumulator` for an aggregate whose merge
   * lambda holds its accumulator more than once (exponential: growth is Infinity).
   */
  readonly reason: 'multiply' | 'sum' | 'lambda' | 'accumulator';
  /** For `accumulator`: how many times the merge lambda's result holds the accumulator. */
  readonly copies?: number;
}

/** Calls whose value is made of all their arguments: their growth is the sum of the arguments'. */
const SUMS: ReadonlySet<string> = new Set([
  'concat',
  'array',
  'struct',
  'named_struct',
  'map',
  'array_union',
  'map_concat',
  'map_from_arrays',
  'arrays_zip',
]);

/** Results of a fixed size (numbers, booleans, dates, times): they add no growth. */
const FIXED_SIZE: ReadonlySet<string> = new Set(['number', 'boolean', 'date', 'timestamp', 'time', 'interval']);

/** Binary operators whose result has a fixed size (all but `||`). */
const isFixedSizeOperator = (op: string): boolean => op !== '||';

/**
 * How sizes are weighed. The main walk weighs every column and lambda parameter 1 (a value of
 * the input's size) and floors a multiplied value at 1 (`repeat('x', 10000)` grows too). The
 * accumulator walk of an aggregate weighs only the accumulator, with no floor: the result is how
 * many copies of it the merge lambda's result holds.
 */
interface Weights {
  readonly named: ReadonlyMap<string, number>;
  readonly others: number;
  readonly floor: number;
}

const MAIN: Weights = { named: new Map(), others: 1, floor: 1 };

/**
 * Walks `e` bottom-up and returns the innermost call whose result may be more than
 * MAX_TEXT_GROWTH times larger than the values it started from, or undefined.
 */
export function findTextGrowthProblem(e: Expr): TextGrowthProblem | undefined {
  let problem: TextGrowthProblem | undefined;
  // The main walk's growth of a node does not depend on where it is: computed once, so a lambda's
  // body measured again inside an accumulator walk costs nothing more.
  const mainGrowth = new Map<Expr, number>();

  const flag = (call: Call, growth: number, reason: TextGrowthProblem['reason'], copies?: number): void => {
    if (problem === undefined) problem = { call, growth, reason, ...(copies === undefined ? {} : { copies }) };
  };

  /** The main walk: growth relative to the input, flagging the first call past the limit. */
  const growth = (node: Expr): number => {
    const known = mainGrowth.get(node);
    if (known !== undefined) return known;
    const result = measure(node, MAIN, growth);
    mainGrowth.set(node, result);
    if (problem === undefined && node.kind === 'call' && result > MAX_TEXT_GROWTH) flag(node, result, reasonOf(node));
    return result;
  };

  /** One merge lambda's growth per element, refusing one that holds its accumulator twice. */
  const foldGrowth = (call: Call, merge: Lambda): number => {
    const [acc, element] = merge.params;
    if (acc === undefined) return 1;
    const held: Weights = { named: new Map([[acc, 1], ...(element === undefined ? [] : ([[element, 0]] as const))]), others: 0, floor: 0 };
    const memo = new Map<Expr, number>();
    const copies = (node: Expr): number => {
      const known = memo.get(node);
      if (known !== undefined) return known;
      const result = measure(node, held, copies);
      memo.set(node, result);
      return result;
    };
    const times = copies(merge.body);
    if (times > 1) flag(call, Infinity, 'accumulator', times);
    // What the merge appends per element, weighed like any lambda body (the accumulator weighs 0).
    const appendedWeights: Weights = { named: new Map([[acc, 0]]), others: 1, floor: 1 };
    const appended = (node: Expr): number => measure(node, appendedWeights, appended);
    return appended(merge.body);
  };

  /** A node's size from its children's (`child`), under `w`. */
  const measure = (node: Expr, w: Weights, child: (n: Expr) => number): number => {
    switch (node.kind) {
      case 'column':
        return w.named.get(node.qualifier ?? node.name) ?? w.others;
      case 'string':
        // A literal's text counts as one value: how large it is was paid for when it was parsed.
        return w.floor;
      case 'number':
      case 'boolean':
      case 'null':
      case 'typed_literal':
      case 'interval':
      case 'star':
        return 0;
      case 'binary': {
        const [l, r] = [child(node.left), child(node.right)];
        return isFixedSizeOperator(node.op) ? 0 : l + r;
      }
      case 'is_null':
      case 'in':
      case 'between':
      case 'like':
        children(node).forEach(child);
        return 0;
      case 'lambda':
        return child(node.body);
      case 'call':
        return measureCall(node, w, child);
      default:
        return Math.max(0, ...children(node).map(child));
    }
  };

  const measureCall = (node: Call, w: Weights, child: (n: Expr) => number): number => {
    const name = node.name.toLowerCase();
    const info = lookupFunction(name);
    const lambdas = node.args.filter((a): a is Lambda => a.kind === 'lambda');
    if (name === 'aggregate' && node.args[2]?.kind === 'lambda') return measureAggregate(node, w, child);
    const inner = node.args.map(child);
    const floored = (i: number): number => Math.max(w.floor, inner[i] ?? 0);
    if (lambdas.length > 0) {
      // A lambda's body runs once per element: a body that grows its element (measured in the
      // main weights) grows every element, and one that holds a captured value holds it once per
      // element, as many times as a typical array has elements.
      const arrays = node.args.map((a, i) => (a.kind === 'lambda' ? 0 : (inner[i] ?? 0))).reduce((s, g) => s + g, 0);
      const factor = Math.max(1, ...lambdas.map((l) => lambdaFactor(growth(l.body))));
      const captured = w.floor !== 0 ? 0 : node.args.reduce((s, a, i) => s + (a.kind === 'lambda' ? (inner[i] ?? 0) * ASSUMED_VALUE_LENGTH : 0), 0);
      const result = arrays * factor + captured;
      return info !== undefined && FIXED_SIZE.has(info.returns) ? 0 : result;
    }
    if ((name === 'replace' || name === 'regexp_replace') && node.args.length === 3) {
      const each = replacementLength(node.args[1], node.args[2]) * Math.max(1, inner[2] ?? 0);
      // An accumulator is weighed exactly (a replacement no longer than its search keeps its
      // size), the main walk adds the text kept to what replaces.
      if (w.floor === 0) return (inner[0] ?? 0) * Math.max(1, each) + (inner[2] ?? 0) * ASSUMED_VALUE_LENGTH;
      return floored(0) * (1 + each);
    }
    if ((name === 'repeat' || name === 'array_repeat') && node.args.length === 2) return floored(0) * countOf(node.args[1]);
    // The result is exactly `length` characters, whatever the text it starts from.
    if ((name === 'lpad' || name === 'rpad') && node.args.length >= 2) return w.floor === 0 ? 0 : countOf(node.args[1]);
    if (name === 'concat_ws' && node.args.length >= 1) {
      // The separator goes between the values (and between an array's elements).
      const [sep = 0, ...rest] = inner;
      const values = rest.reduce((s, g) => s + g, 0);
      return rest.length === 1 ? Math.max(w.floor, values) * (1 + sep) : values + sep * (rest.length - 1);
    }
    if (name === 'array_join') {
      // The delimiter (and a NULL's replacement) goes between an array's elements.
      const [arr = 0, delimiter = 0, nulls = 0] = inner;
      return Math.max(w.floor, arr) * (1 + delimiter + nulls);
    }
    if (info !== undefined && FIXED_SIZE.has(info.returns)) return 0;
    if (SUMS.has(name)) return inner.reduce((s, g) => s + g, 0);
    return Math.max(0, ...inner);
  };

  const measureAggregate = (node: Call, w: Weights, child: (n: Expr) => number): number => {
    const [array, start, merge, finish] = node.args as [Expr, Expr, Lambda, Expr | undefined];
    const [arrayGrowth, startGrowth, mergeGrowth] = [child(array), child(start), child(merge)];
    const finishGrowth = finish === undefined ? 0 : child(finish);
    if (w !== MAIN) {
      // Inside another fold: whatever holds that fold's accumulator is held once per element.
      return arrayGrowth + startGrowth + (mergeGrowth + finishGrowth) * ASSUMED_VALUE_LENGTH;
    }
    const folded = startGrowth + arrayGrowth * lambdaFactor(foldGrowth(node, merge));
    return finish?.kind === 'lambda' ? folded * Math.max(1, finishGrowth) : folded;
  };

  growth(e);
  return problem;
}

/** How many times a lambda whose body grows its inputs `body` times grows an array. */
function lambdaFactor(body: number): number {
  return body > 1 ? body * ASSUMED_VALUE_LENGTH : 1;
}

function reasonOf(call: Call): TextGrowthProblem['reason'] {
  const name = call.name.toLowerCase();
  if (call.args.some((a) => a.kind === 'lambda')) return 'lambda';
  return SUMS.has(name) || name === 'concat_ws' || name === 'array_join' ? 'sum' : 'multiply';
}

/** How many characters one occurrence of `search` may turn into (relative to the search length). */
function replacementLength(search: Expr | undefined, replacement: Expr | undefined): number {
  if (replacement?.kind !== 'string') return ASSUMED_VALUE_LENGTH;
  const searchLength = search?.kind === 'string' ? Math.max(1, search.value.length) : 1;
  return replacement.value.length / searchLength;
}

/** A repeat count or pad length: its value when written as a number, else a typical value's size. */
function countOf(count: Expr | undefined): number {
  if (count?.kind === 'number') return Math.max(1, Number(count.text));
  if (count?.kind === 'unary' && count.op === '-') return 1;
  return ASSUMED_VALUE_LENGTH;
}
