/**
 * A static bound on how much longer than its inputs an expression's text can get. `replace` and
 * `regexp_replace` multiply text (every occurrence of the search text becomes the replacement),
 * `repeat`, `lpad` and `rpad` make it as long as their count says, so nested calls grow a value
 * exponentially: eight levels of `replace(x, 'a', <20 a's>)` ask for gigabytes per row, which the
 * engines materialise before any memory limit applies (measured: the server was killed by the
 * operating system). `array_repeat` grows an array the same way (`array_repeat(id, 2000000000)`
 * took the process down too), so its count counts alike, and DuckDB refuses a count above the
 * limit when it runs (a count read from the data). Everything else (concat, casts, CASE, ...) grows text at most by the length
 * of the expression's own text, which the parser already bounds.
 */
import type { Call, Expr } from './ast';
import { children } from './walk';

/** Largest growth factor accepted: how many times longer than its input a text value may become. */
export const MAX_TEXT_GROWTH = 10_000;

/**
 * The growth assumed for one replacement whose text is not a string literal (a column or an
 * expression): the length of a typical text value, in characters.
 */
export const ASSUMED_VALUE_LENGTH = 100;

/** The first growing call whose result may exceed MAX_TEXT_GROWTH, and its bound. */
export interface TextGrowthProblem {
  readonly call: Call;
  readonly growth: number;
}

/**
 * Walks `e` bottom-up and returns the innermost growing call whose result may be more than
 * MAX_TEXT_GROWTH times longer than the text it started from, or undefined.
 */
export function findTextGrowthProblem(e: Expr): TextGrowthProblem | undefined {
  let problem: TextGrowthProblem | undefined;
  const growth = (node: Expr): number => {
    const inner = children(node).map(growth);
    if (problem !== undefined) return 1;
    let result = Math.max(1, ...inner);
    if (node.kind !== 'call') return result;
    // A lambda's body runs once per element of an array read from the data: a body that grows
    // grows the result as many times as a typical array has elements.
    node.args.forEach((arg, i) => {
      const body = inner[i] ?? 1;
      if (arg.kind === 'lambda' && body > 1) result = Math.max(result, body * ASSUMED_VALUE_LENGTH);
    });
    const name = node.name.toLowerCase();
    if ((name === 'replace' || name === 'regexp_replace') && node.args.length === 3) {
      const [sourceGrowth = 1, , replacementGrowth = 1] = inner;
      result = sourceGrowth * (1 + replacementLength(node.args[1], node.args[2]) * replacementGrowth);
    } else if ((name === 'repeat' || name === 'array_repeat') && node.args.length === 2) {
      result = (inner[0] ?? 1) * countOf(node.args[1]);
    } else if ((name === 'lpad' || name === 'rpad') && node.args.length >= 2) {
      // The result is exactly `length` characters, whatever the text it starts from.
      result = Math.max(result, countOf(node.args[1]));
    }
    if (result > MAX_TEXT_GROWTH) problem = { call: node, growth: result };
    return result;
  };
  growth(e);
  return problem;
}

/** How many characters one occurrence of `search` may turn into (relative to the search length). */
function replacementLength(search: Expr, replacement: Expr): number {
  if (replacement.kind !== 'string') return ASSUMED_VALUE_LENGTH;
  const searchLength = search.kind === 'string' ? Math.max(1, search.value.length) : 1;
  return replacement.value.length / searchLength;
}

/** A repeat count or pad length: its value when written as a number, else a typical value's size. */
function countOf(count: Expr): number {
  if (count.kind === 'number') return Math.max(1, Number(count.text));
  if (count.kind === 'unary' && count.op === '-') return 1;
  return ASSUMED_VALUE_LENGTH;
}
