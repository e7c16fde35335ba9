/** The bound form of kinds that compute each output column from one input's row: drop, rename, cast. */
import type { Expr, TransformationKind } from '@pipeline/definition';
import { bindExpression, type Column } from '../bind-expression';
import type { BoundItem } from './binder-kit';

/** Output columns as bound items over one input. */
export interface BoundProjection<K extends TransformationKind> {
  readonly kind: K;
  readonly items: readonly BoundItem[];
}

const NOWHERE = { start: 0, end: 0 };

/** A bound item computing `expr` over `columns`, named `name`. */
export function boundItem(ref: string, from: string, field: string, columns: readonly Column[], expr: Expr, name: string): BoundItem {
  const bound = bindExpression(expr, { asset: ref, from, columns, field, context: 'row' });
  return { name, expr: bound, type: bound.type === 'null' ? 'integer' : bound.type };
}

/** The column `column` passed through, named `name` (its own name by default). */
export function passThrough(ref: string, from: string, columns: readonly Column[], column: Column, name = column.name): BoundItem {
  return boundItem(ref, from, 'columns', columns, { kind: 'column', name: column.name, span: NOWHERE }, name);
}

/** A typed column reference for hand-built trees (`TRY_CAST(<column> AS ...)`). */
export function columnRef(column: Column): Expr {
  return { kind: 'column', name: column.name, span: NOWHERE };
}
