/**
 * Window expressions in JavaScript: the whole column of one `call OVER (...)` at once. Rows are
 * partitioned by value (NULLs together), sorted within each partition by the ORDER BY keys with
 * input order among ties (a stable sort), and each row's frame is read off that order. This is
 * the order the DuckDB compiler breaks ties with, so both backends agree row for row.
 */
import { assertNever } from '@pipeline/definition';
import {
  type BoundCall,
  type BoundExpr,
  type BoundFrameBound,
  type BoundWindow,
  compareValues,
  valueKey,
  type Value,
} from '@pipeline/engine-core';
import { convertValue } from './js-functions';
import type { Columns, Compiled } from './compile-js';

/** Compilers the window needs from compile-js (passed in to keep the module graph one-way). */
export interface WindowCompilers {
  readonly row: (e: BoundExpr) => Compiled<number>;
  readonly group: (e: BoundCall) => Compiled<readonly number[]>;
}

/**
 * Rows (or sort comparisons) between two calls of the window's `checkpoint`. The whole column is
 * computed in one synchronous call (a frame per row makes it quadratic in a partition), so it
 * checks for a cancel itself; a check is a read of shared memory in a session thread.
 */
const ROWS_PER_CHECK = 16;
const COMPARISONS_PER_CHECK = 65_536;

/**
 * The values of `node` for every row of `cols` (`n` rows), in row order. `checkpoint` throws to
 * stop the work (a cancelled call); it is called every few rows.
 */
export function windowValues(node: BoundWindow, cols: Columns, n: number, compilers: WindowCompilers, checkpoint: () => void = () => undefined): Value[] {
  const partitionFns = node.partitionBy.map(compilers.row);
  const keyFns = node.orderBy.map((o) => compilers.row(o.expr));
  const partitions = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    if (i % (ROWS_PER_CHECK * 1024) === 0) checkpoint();
    let key = '';
    for (const f of partitionFns) key += `${valueKey(f(cols, i) as string | number | boolean | null)}\u0000`;
    const rows = partitions.get(key);
    if (rows === undefined) partitions.set(key, [i]);
    else rows.push(i);
  }
  const keys: Value[][] = keyFns.map((f) => Array.from({ length: n }, (_, i) => f(cols, i)));
  const compareKey = (k: number, a: number, b: number): number => {
    const x = (keys[k] as Value[])[a];
    const y = (keys[k] as Value[])[b];
    const { direction, nulls } = node.orderBy[k] as BoundWindow['orderBy'][number];
    if (x === null || y === null) {
      if (x === y) return 0;
      return (x === null) === (nulls === 'first') ? -1 : 1;
    }
    return (direction === 'desc' ? -1 : 1) * compareValues(x, y);
  };
  let comparisons = 0;
  const compareRows = (a: number, b: number): number => {
    if (++comparisons % COMPARISONS_PER_CHECK === 0) checkpoint();
    for (let k = 0; k < keys.length; k++) {
      const d = compareKey(k, a, b);
      if (d !== 0) return d;
    }
    return 0;
  };

  const out: Value[] = new Array(n).fill(null);
  const evaluate = rowFunction(node, compilers);
  for (const rows of partitions.values()) {
    // Rows were collected in input order; Array.prototype.sort is stable.
    const sorted = keys.length === 0 ? rows : [...rows].sort(compareRows);
    const peers = peerGroups(sorted, compareRows);
    for (let p = 0; p < sorted.length; p++) {
      if (p % ROWS_PER_CHECK === 0) checkpoint();
      out[sorted[p] as number] = evaluate({ cols, sorted, p, peers, frame: () => frameOf(node, sorted, p, peers, keys[0]) });
    }
  }
  return out;
}

/** For each position of `sorted`: the first and last position of its peers (rows equal on every ORDER BY key). */
function peerGroups(sorted: readonly number[], compare: (a: number, b: number) => number): { first: number[]; last: number[]; rank: number[] } {
  const first: number[] = new Array(sorted.length);
  const last: number[] = new Array(sorted.length);
  const rank: number[] = new Array(sorted.length);
  let groupStart = 0;
  let dense = 0;
  for (let p = 0; p <= sorted.length; p++) {
    const boundary = p === sorted.length || (p > 0 && compare(sorted[p - 1] as number, sorted[p] as number) !== 0);
    if (p > 0 && boundary) {
      dense++;
      for (let q = groupStart; q < p; q++) {
        first[q] = groupStart;
        last[q] = p - 1;
        rank[q] = dense;
      }
      groupStart = p;
    }
  }
  return { first, last, rank };
}

interface RowPlace {
  readonly cols: Columns;
  readonly sorted: readonly number[];
  readonly p: number;
  readonly peers: { first: number[]; last: number[]; rank: number[] };
  /** The frame's first and last positions in `sorted`, or undefined when it is empty. */
  readonly frame: () => readonly [number, number] | undefined;
}

function rowFunction(node: BoundWindow, compilers: WindowCompilers): (place: RowPlace) => Value {
  const { call } = node;
  if (call.kind === 'call') {
    const fold = compilers.group(call);
    return ({ cols, sorted, frame }) => {
      const range = frame();
      return fold(cols, range === undefined ? [] : sorted.slice(range[0], range[1] + 1));
    };
  }
  const args = call.args.map(compilers.row);
  const arg = (k: number): Compiled<number> => args[k] as Compiled<number>;
  const valueAt = (cols: Columns, row: number, k: number): Value => convertValue(arg(k)(cols, row), call.args[k]?.type ?? 'null', call.type);
  switch (call.name) {
    case 'row_number':
      return ({ p }) => p + 1;
    case 'rank':
      return ({ p, peers }) => (peers.first[p] as number) + 1;
    case 'dense_rank':
      return ({ p, peers }) => peers.rank[p] as number;
    case 'ntile':
      return ({ cols, sorted, p }) => ntile(Number(arg(0)(cols, sorted[p] as number)), sorted.length, p);
    case 'lag':
    case 'lead': {
      const step = call.name === 'lag' ? -1 : 1;
      return ({ cols, sorted, p }) => {
        const row = sorted[p] as number;
        const offset = args.length > 1 ? Number(arg(1)(cols, row)) : 1;
        const q = p + step * offset;
        if (q >= 0 && q < sorted.length) return valueAt(cols, sorted[q] as number, 0);
        return args.length > 2 ? valueAt(cols, row, 2) : null;
      };
    }
    case 'first_value':
    case 'last_value': {
      const last = call.name === 'last_value';
      return ({ cols, sorted, frame }) => {
        const range = frame();
        if (range === undefined) return null;
        return valueAt(cols, sorted[last ? range[1] : range[0]] as number, 0);
      };
    }
    default:
      return assertNever(call);
  }
}

/** SQL's ntile: `buckets` groups whose sizes differ by at most one, the larger ones first. */
function ntile(buckets: number, size: number, p: number): number {
  const base = Math.floor(size / buckets);
  const larger = size % buckets;
  if (base === 0) return p + 1;
  const inLarger = larger * (base + 1);
  return p < inLarger ? Math.floor(p / (base + 1)) + 1 : Math.floor((p - inLarger) / base) + larger + 1;
}

/** The frame of position `p` as first and last positions in `sorted` (clamped), or undefined when empty. */
function frameOf(
  node: BoundWindow,
  sorted: readonly number[],
  p: number,
  peers: { first: number[]; last: number[] },
  key: readonly Value[] | undefined,
): readonly [number, number] | undefined {
  const { frame } = node;
  const last = sorted.length - 1;
  const position = (bound: BoundFrameBound, side: 'start' | 'end'): number => {
    switch (bound.kind) {
      case 'unbounded_preceding':
        return 0;
      case 'unbounded_following':
        return last;
      case 'current_row':
        if (frame.type === 'rows') return p;
        return side === 'start' ? (peers.first[p] as number) : (peers.last[p] as number);
      default: {
        const offset = bound.offset ?? 0;
        const signed = bound.kind === 'preceding' ? -offset : offset;
        if (frame.type === 'rows') return p + signed;
        return rangePosition(node, sorted, p, peers, key as readonly Value[], signed, side);
      }
    }
  };
  const start = Math.max(0, position(frame.start, 'start'));
  const end = Math.min(last, position(frame.end, 'end'));
  return start > end ? undefined : [start, end];
}

/**
 * A range bound `value ± offset` on the one numeric ORDER BY key: the first (start) or last (end)
 * position whose key lies within it. A NULL key's frame is its peers (the NULL rows).
 */
function rangePosition(
  node: BoundWindow,
  sorted: readonly number[],
  p: number,
  peers: { first: number[]; last: number[] },
  key: readonly Value[],
  signed: number,
  side: 'start' | 'end',
): number {
  const own = key[sorted[p] as number];
  if (own === null || own === undefined) return side === 'start' ? (peers.first[p] as number) : (peers.last[p] as number);
  const descending = node.orderBy[0]?.direction === 'desc';
  // In sort order a bound `signed` away from the row: further along is larger ascending, smaller descending.
  const target = Number(own) + (descending ? -signed : signed);
  const within = (v: Value): boolean => {
    if (v === null) return false;
    const x = Number(v);
    if (side === 'start') return descending ? x <= target : x >= target;
    return descending ? x >= target : x <= target;
  };
  // Non-NULL keys are one run of `sorted`, monotone in sort order: binary-search the bound in it.
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi && key[sorted[lo] as number] === null) lo++;
  while (hi >= lo && key[sorted[hi] as number] === null) hi--;
  if (side === 'start') {
    // First position within: `within` reads false...false true...true along the run.
    let [a, b] = [lo, hi + 1];
    while (a < b) {
      const m = (a + b) >> 1;
      if (within(key[sorted[m] as number] as Value)) b = m;
      else a = m + 1;
    }
    return a;
  }
  // Last position within: true...true false...false along the run.
  let [a, b] = [lo - 1, hi];
  while (a < b) {
    const m = (a + b + 1) >> 1;
    if (within(key[sorted[m] as number] as Value)) a = m;
    else b = m - 1;
  }
  return a;
}
