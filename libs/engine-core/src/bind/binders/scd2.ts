/**
 * Binds an scd2 (spec 8.25): `current` is the dimension so far, `incoming` the new snapshot. The
 * output has incoming's columns (in its order) and then the three history columns; `current`
 * must have exactly those columns. A column both inputs have gets their shared type (a column an
 * earlier run wrote with only NULLs reads back as text, and is cast).
 */
import type { DataType } from '../../types/data-type';
import { engineError } from '../../errors';
import { bindExpression, type Column } from '../bind-expression';
import type { BoundExpr } from '../bound-expr';
import { resolveColumn, uniqueColumns, type Binder } from './binder-kit';
import { call } from './built-expr';
import { columnAs, convertible, sharedColumnType } from './column-as';

/** One data column: its output name and type, and its value in each input brought to that type. */
export interface Scd2Column {
  readonly name: string;
  readonly type: DataType;
  readonly incoming: BoundExpr;
  readonly current: BoundExpr;
}

/** A history column: its name and its value in `current` brought to its type. */
export interface Scd2HistoryColumn {
  readonly name: string;
  readonly current: BoundExpr;
}

export interface BoundScd2 {
  readonly kind: 'scd2';
  readonly currentAsset: string;
  readonly incomingAsset: string;
  /** Incoming's columns, in its order. */
  readonly data: readonly Scd2Column[];
  /** Positions in `data` of the business key columns. */
  readonly keys: readonly number[];
  /** Positions in `data` of the tracked columns. */
  readonly tracked: readonly number[];
  readonly start: Scd2HistoryColumn;
  readonly end: Scd2HistoryColumn;
  readonly flag: Scd2HistoryColumn;
  /** The moment rows are opened and closed at: the run's current timestamp. */
  readonly now: BoundExpr;
}

const HISTORY: readonly { readonly field: 'startDateColumn' | 'endDateColumn' | 'currentFlagColumn'; readonly type: DataType }[] = [
  { field: 'startDateColumn', type: 'timestamp' },
  { field: 'endDateColumn', type: 'timestamp' },
  { field: 'currentFlagColumn', type: 'boolean' },
];

export const bindScd2: Binder<'scd2', BoundScd2> = (ref, source, upstream) => {
  const [current, incoming] = upstream;
  const mismatch = (field: string, problem: string): never => {
    throw engineError('E_SCHEMA_MISMATCH', { asset: ref, field, problem });
  };
  const keys = source.keyColumns.map((c, i) => resolveColumn(ref, `keyColumns[${i}]`, incoming.columns, c).name);
  const tracked = source.trackColumns.map((c, i) => resolveColumn(ref, `trackColumns[${i}]`, incoming.columns, c).name);
  const history = HISTORY.map(({ field, type }) => {
    const name = source[field];
    if (incoming.columns.some((c) => c.name.toLowerCase() === name.toLowerCase())) {
      mismatch(field, `incoming asset "${incoming.asset}" already has a column "${name}"; scd2 adds the history columns itself`);
    }
    const inCurrent = resolveColumn(ref, field, current.columns, name);
    if (!convertible(inCurrent.type, type)) {
      mismatch(field, `column "${inCurrent.name}" of current asset "${current.asset}" is ${inCurrent.type}, expected ${type}`);
    }
    return { name, current: columnAs(ref, field, current.asset, current.columns, inCurrent.name, type), type };
  });
  const data = incoming.columns.map((column): Scd2Column => {
    const inCurrent = resolveColumn(ref, 'current', current.columns, column.name);
    const type = sharedColumnType(column.type, inCurrent.type);
    if (type === undefined) {
      return mismatch('current', `column "${column.name}" is ${inCurrent.type} in current asset "${current.asset}" and ${column.type} in incoming asset "${incoming.asset}"`);
    }
    return {
      name: column.name,
      type,
      incoming: columnAs(ref, 'incoming', incoming.asset, incoming.columns, column.name, type),
      current: columnAs(ref, 'current', current.asset, current.columns, inCurrent.name, type),
    };
  });
  const known = new Set([...data.map((c) => c.name), ...history.map((h) => h.name)].map((n) => n.toLowerCase()));
  const extra = current.columns.filter((c) => !known.has(c.name.toLowerCase())).map((c) => c.name);
  if (extra.length > 0) {
    mismatch('current', `current asset "${current.asset}" has columns incoming asset "${incoming.asset}" lacks: ${extra.join(', ')}`);
  }
  const position = (name: string): number => data.findIndex((c) => c.name === name);
  const [start, end, flag] = history.map((h): Scd2HistoryColumn => ({ name: h.name, current: h.current }));
  const now = bindExpression(call('current_timestamp', []), { asset: ref, field: 'startDateColumn', from: '', columns: [], context: 'row' });
  const columns = uniqueColumns(ref, [...data.map((c) => ({ name: c.name, type: c.type })), ...history.map((h) => ({ name: h.name, type: h.type }))]);
  return {
    transform: { kind: 'scd2', currentAsset: current.asset, incomingAsset: incoming.asset, data, keys: keys.map(position), tracked: tracked.map(position), start, end, flag, now },
    columns: columns as Column[],
  };
};

/** What scd2 refuses while it runs (both backends say it alike): a key twice in the snapshot, or twice among the open rows. */
export function scd2Problems(bound: BoundScd2): { readonly incoming: string; readonly current: string } {
  return {
    incoming: `incoming asset "${bound.incomingAsset}" has several rows with the same keyColumns (a snapshot holds each key once)`,
    current: `current asset "${bound.currentAsset}" has several open rows (currentFlagColumn true) with the same keyColumns`,
  };
}
