/**
 * Catalogue entry of the `window` kind (spec 8.15): adds one column per function, each computed
 * over the rows of its partition. Every function's aggregate and window-function calls are given
 * the step's window (`partitionBy`, `orderBy`, `frame`), so the typed source holds the same
 * `OVER (...)` trees an inline window expression makes and the engines need nothing else.
 */
import {
  type Expr,
  type FrameBound,
  lookupFunction,
  lookupWindowFunction,
  mapChildren,
  type WindowCall,
  type WindowFrame,
  type WindowSortItem,
} from '@pipeline/expression';
import { expression, list, object, oneOf, optional, text, type Written } from './fields';
import { defineKind } from './kind-definition';
import type { ColumnDefinition } from './add-columns';
import { SORT_COLUMN } from './order-by';
import { ASSET_REF, COLUMN, COLUMN_LIST } from './schema-parts';

/**
 * Window functions (spec 8.15): like addColumns, each column's expression holding the step's
 * `OVER (...)` window around its aggregate and window-function calls.
 */
export interface WindowSource {
  readonly kind: 'window';
  readonly from: string;
  readonly columns: readonly ColumnDefinition[];
}

const BOUND_TEXT = /^\s*(?:(unbounded)\s+(preceding|following)|(current)\s+row|(\d+(?:\.\d+)?)\s+(preceding|following))\s*$/i;

/** Reads `"unbounded preceding"`, `"3 following"`, `"current row"`; undefined for anything else. */
export function readFrameBound(text: string): FrameBound | undefined {
  const m = BOUND_TEXT.exec(text);
  if (m === null) return undefined;
  if (m[1] !== undefined) return { kind: m[2]?.toLowerCase() === 'preceding' ? 'unbounded_preceding' : 'unbounded_following' };
  if (m[3] !== undefined) return { kind: 'current_row' };
  const digits = m[4] as string;
  const offset: Expr = { kind: 'number', text: digits, isInteger: !digits.includes('.'), span: { start: 0, end: digits.length } };
  return { kind: m[5]?.toLowerCase() === 'preceding' ? 'preceding' : 'following', offset };
}

/** Frame bounds in order of position, so that `start` may not come after `end`. */
const BOUND_RANK: Readonly<Record<FrameBound['kind'], number>> = {
  unbounded_preceding: 0,
  preceding: 1,
  current_row: 2,
  following: 3,
  unbounded_following: 4,
};

function checkFrame(fields: WindowFields): { field: string; detail: string } | undefined {
  const frame = fields.frame;
  if (frame === undefined) return undefined;
  const bounds: FrameBound[] = [];
  for (const side of ['start', 'end'] as const) {
    const text = frame[side];
    if (text === undefined) continue;
    const bound = readFrameBound(text);
    if (bound === undefined) {
      return { field: `frame.${side}`, detail: `must be "unbounded preceding", "N preceding", "current row", "N following" or "unbounded following" (got "${text}")` };
    }
    if (side === 'start' && bound.kind === 'unbounded_following') return { field: 'frame.start', detail: 'cannot be "unbounded following"' };
    if (side === 'end' && bound.kind === 'unbounded_preceding') return { field: 'frame.end', detail: 'cannot be "unbounded preceding"' };
    bounds.push(bound);
  }
  const [start, end] = [readFrameBound(frame.start ?? 'unbounded preceding'), readFrameBound(frame.end ?? 'current row')] as FrameBound[];
  if (BOUND_RANK[start.kind] > BOUND_RANK[end.kind]) return { field: 'frame', detail: `starts after it ends (${frame.start ?? 'unbounded preceding'} to ${frame.end ?? 'current row'})` };
  const offsets = bounds.some((b) => b.offset !== undefined);
  if ((frame.type ?? 'range') === 'range' && offsets && (fields.orderBy ?? []).length !== 1) {
    return { field: 'frame', detail: 'a range frame with an N preceding or N following bound needs exactly one orderBy column' };
  }
  if ((frame.type ?? 'range') === 'rows' && bounds.some((b) => b.offset?.kind === 'number' && !b.offset.isInteger)) {
    return { field: 'frame', detail: 'a rows frame counts rows: its offsets must be whole numbers' };
  }
  return undefined;
}

/** The window every call of a function is given. */
function windowOf(fields: WindowFields): Omit<WindowCall, 'call' | 'span' | 'kind'> {
  const at = { start: 0, end: 0 };
  const partitionBy: Expr[] = fields.partitionBy.map((name) => ({ kind: 'column', name, span: at }));
  const orderBy: WindowSortItem[] = (fields.orderBy ?? []).map((c) => ({
    expr: { kind: 'column', name: c.column, span: at },
    direction: c.direction ?? 'asc',
    nulls: c.nulls ?? 'last',
  }));
  const frame: WindowFrame | undefined =
    fields.frame === undefined
      ? undefined
      : {
          type: fields.frame.type ?? 'range',
          start: readFrameBound(fields.frame.start ?? 'unbounded preceding') as FrameBound,
          end: readFrameBound(fields.frame.end ?? 'current row') as FrameBound,
        };
  return { partitionBy, orderBy, ...(frame === undefined ? {} : { frame }) };
}

/** `e` with each outermost aggregate or window-function call wrapped in `window`. */
function giveWindow(e: Expr, window: Omit<WindowCall, 'call' | 'span' | 'kind'>): Expr {
  const wrap = (node: Expr): Expr => {
    if (node.kind === 'call' && (lookupFunction(node.name)?.aggregate === true || lookupWindowFunction(node.name) !== undefined)) {
      return { kind: 'window', call: node, ...window, span: node.span };
    }
    // Field and index access, lambdas and windows are left as they are (as before: validation
    // keeps aggregates out of lambdas and windows out of window steps).
    if (node.kind === 'field' || node.kind === 'index' || node.kind === 'lambda' || node.kind === 'window') return node;
    return mapChildren(node, wrap);
  };
  return wrap(e);
}

const WINDOW_FIELDS = {
  from: ASSET_REF,
  partitionBy: COLUMN_LIST,
  orderBy: optional(list(SORT_COLUMN, { description: 'sort columns within each partition' })),
  frame: optional(object({ type: optional(oneOf(['rows', 'range'])), start: optional(text({ minLength: 1 })), end: optional(text({ minLength: 1 })) })),
  functions: list(object({ expression: expression({ role: 'value', entry: 'window-function' }), alias: COLUMN }), {
    minItems: 1,
    description: 'non-empty list of window functions',
  }),
};

/** Fields of a `window` source once checked. */
type WindowFields = Written<typeof WINDOW_FIELDS>;

/** The `window` kind. */
export const WINDOW_KIND = defineKind({
  kind: 'window',
  role: 'transformation',
  description:
    'Adds one column per `functions` entry (`{expression, alias}`), each aggregate or window function (row_number, rank, dense_rank, ntile, lag, lead, first_value, last_value) computed over the rows of its `partitionBy` partition in `orderBy` order within `frame` (default: up to the current row and its ties with an orderBy, the whole partition without); rows keep their input order.',
  label: 'WINDOW',
  fields: WINDOW_FIELDS,
  check: checkFrame,
  build: (fields, written): WindowSource => {
    const window = windowOf(written);
    return { kind: 'window', from: fields.from, columns: fields.functions.map((f) => ({ name: f.alias, expression: giveWindow(f.expression, window) })) };
  },
  upstream: (source) => [source.from],
});
