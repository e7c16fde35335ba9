/**
 * A column's value brought to another type, as a bound expression both backends compile: the
 * column itself when the types agree, else `CAST(column AS type)` (a value that does not convert
 * fails the job). scd2 and merge read a dataset written by an earlier run, where a column that
 * held only NULLs reads back as text; these casts line it up with the other input.
 */
import type { CastType, CastTypeName, Expr } from '@pipeline/definition';
import { decimalParts, isModelled, type DataType } from '../../types/data-type';
import { bindExpression, castable, type Column } from '../bind-expression';
import type { BoundExpr } from '../bound-expr';
import { supertype } from '../supertype';
import { column as columnRef } from './built-expr';

const CAST_NAMES: readonly string[] = ['string', 'integer', 'long', 'short', 'byte', 'float', 'double', 'boolean', 'date', 'timestamp'];

/** The CAST target of a portable type, or undefined when expressions cannot cast to it. */
export function castTypeOf(t: DataType): CastType | undefined {
  const dec = decimalParts(t);
  if (dec !== undefined) return { name: 'decimal', precision: dec.precision, scale: dec.scale };
  return CAST_NAMES.includes(t) ? { name: t as CastTypeName } : undefined;
}

/**
 * The type two inputs' versions of one column share: their common type, else the other side's
 * type when one side is text that casts to it; undefined when they do not fit together.
 */
export function sharedColumnType(a: DataType, b: DataType): DataType | undefined {
  if (a === b) return a;
  if (!isModelled(a) || !isModelled(b)) return undefined;
  const common = supertype(a, b);
  if (common !== undefined && common !== 'null') return common;
  if (a === 'string' && castTypeOf(b) !== undefined) return b;
  if (b === 'string' && castTypeOf(a) !== undefined) return a;
  return undefined;
}

/** Whether a column of type `from` can be brought to `to` by `columnAs`. */
export function convertible(from: DataType, to: DataType): boolean {
  return from === to || (castTypeOf(to) !== undefined && castable(from, to));
}

/** The column `name` of `columns` (of asset `from`) as a value of type `to`, bound for `field` of asset `ref`. */
export function columnAs(ref: string, field: string, from: string, columns: readonly Column[], name: string, to: DataType): BoundExpr {
  const scope = { asset: ref, field, from, columns, context: 'row' as const };
  const source = columns.find((c) => c.name === name);
  const ref_: Expr = columnRef(name);
  const target = castTypeOf(to);
  if (source === undefined || source.type === to || target === undefined) return bindExpression(ref_, scope);
  return bindExpression({ kind: 'cast', operand: ref_, type: target, safe: false, span: ref_.span }, scope);
}
