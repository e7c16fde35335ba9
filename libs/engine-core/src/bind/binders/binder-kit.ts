/** What every transformation binder shares: its signature, output items and unique column names. */
import { outputName, type Expr, type SourceOfKind, type TransformationKind } from '@pipeline/definition';
import { columnNotFound, engineError, type SpecErrorCode } from '../../errors';
import type { DataType } from '../../types/data-type';
import type { Column } from '../bind-expression';
import type { BoundExpr } from '../bound-expr';
import type { ProbeAnswer, ProbeRequest } from '../probe';

/** An output column of a transformation: its name, bound expression and type. */
export interface BoundItem {
  readonly name: string;
  readonly expr: BoundExpr;
  readonly type: DataType;
}

/** One upstream asset of a transformation and its columns, in the order the kind names them. */
export interface UpstreamColumns {
  readonly asset: string;
  readonly columns: readonly Column[];
}

/** Binds one kind's source: its bound form `B` and the columns it produces. */
export type Binder<K extends TransformationKind, B> = (
  ref: string,
  source: SourceOfKind<K>,
  upstream: readonly UpstreamColumns[],
  /** The answer to the kind's probe (check/probe.ts), for kinds whose columns depend on the data. */
  probed?: ProbeAnswer,
) => { readonly transform: B; readonly columns: readonly Column[] };

/** The data a kind needs before binding (pivot without values, crosstab, transpose), if any. */
export type Prober<K extends TransformationKind> = (ref: string, source: SourceOfKind<K>, upstream: readonly UpstreamColumns[]) => ProbeRequest | undefined;

/** An output item named as written: a bare column keeps its real spelling, anything else its printed text. */
export function item(original: Expr, bound: BoundExpr): BoundItem {
  // A bare column keeps its real spelling (resolved case-insensitively); anything else is named
  // from the text as written.
  // A qualified reference is named by its column part (`emp.name` -> `name`, decisions 7), even
  // when it resolved to a join's `emp.name` column.
  const qualified = original.kind === 'column' && original.qualifier !== undefined && bound.kind === 'column';
  const name = qualified ? bound.name.slice(bound.name.lastIndexOf('.') + 1) : bound.kind === 'column' ? bound.name : outputName(original);
  return { name, expr: bound, type: bound.type === 'null' ? 'integer' : bound.type };
}

/** The columns of `items`, refusing two with the same name (E_DUPLICATE_COLUMN, with the spec's code for the kind when it has one). */
export function uniqueColumns(ref: string, items: readonly { readonly name: string; readonly type: DataType }[], specCode?: SpecErrorCode): Column[] {
  const seen = new Set<string>();
  for (const i of items) {
    // DuckDB column names are case-insensitive, so `a` and `A` would collide there.
    const key = i.name.toLowerCase();
    if (seen.has(key)) {
      throw engineError('E_DUPLICATE_COLUMN', { asset: ref, column: i.name, specCode, problem: `duplicate output column "${i.name}"` });
    }
    seen.add(key);
  }
  return items.map((i) => ({ name: i.name, type: i.type }));
}

/**
 * The upstream column a name written in a column field refers to: the exact name, else the one
 * column equal ignoring case (as expressions resolve names); E_COLUMN_NOT_FOUND naming the field.
 */
export function resolveColumn(ref: string, field: string, columns: readonly Column[], written: string): Column {
  const exact = columns.find((c) => c.name === written);
  if (exact !== undefined) return exact;
  const lower = written.toLowerCase();
  const matches = columns.filter((c) => c.name.toLowerCase() === lower);
  if (matches.length === 1) return matches[0];
  throw columnNotFound(ref, written, columns.map((c) => c.name), field);
}
