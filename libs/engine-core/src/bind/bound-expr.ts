/**
 * The bound expression tree: what the binder (check/bind-expression) returns and the only input
 * both compilers accept. It mirrors the parsed `Expr` of @pipeline/definition, with what binding
 * settled written into the nodes: every node carries its portable `type`, columns carry their
 * real spelling (no qualifier), string literals compared with other types are already typed
 * literals or numbers, a CAST names its result type, and a call names a catalogue function
 * (`FunctionName`), so "compiled before bound" and "unknown function" are compile-time errors.
 *
 * Example: binding `salary > '1000'` over a double column `salary` gives
 * `{ kind: 'binary', op: '>', type: 'boolean', left: { kind: 'column', name: 'salary', type:
 * 'double' }, right: { kind: 'number', text: '1000', isInteger: true, type: 'integer' } }`.
 */
import type { BinaryOperator, FrameBound, FunctionName, LikeOperator, Span, UnaryOperator, WindowFunctionName } from '@pipeline/definition';
import type { DataType } from '../types/data-type';
import type { CallParams, ParamFunctionName, PlainFunctionName } from './call-params';

/** What every bound node has: its portable type and where it was written. */
interface Typed {
  readonly type: DataType;
  readonly span: Span;
}

/** A numeric literal, digits as written. */
export interface BoundNumber extends Typed {
  readonly kind: 'number';
  readonly text: string;
  readonly isInteger: boolean;
}

/** A string literal that stays text. */
export interface BoundString extends Typed {
  readonly kind: 'string';
  readonly value: string;
}

/** `TRUE` or `FALSE`. */
export interface BoundBoolean extends Typed {
  readonly kind: 'boolean';
  readonly value: boolean;
}

/** `NULL` (type `null` until a context gives it one). */
export interface BoundNull extends Typed {
  readonly kind: 'null';
}

/** A date or timestamp literal in its canonical text (`2024-01-31`, `2024-01-31 10:00:00`). */
export interface BoundTemporal extends Typed {
  readonly kind: 'typed_literal';
  readonly type: 'date' | 'timestamp';
  readonly value: string;
}

/**
 * An INTERVAL literal in DuckDB's fields (type `interval`); bound only as an operand of a date or
 * timestamp `+` / `-`, the one place it means something.
 */
export interface BoundInterval extends Typed {
  readonly kind: 'interval';
  readonly months: number;
  readonly days: number;
  readonly micros: number;
}

/**
 * `extract(DAY FROM a - b)` of two dates or timestamps (spec 10.4: their difference is a day-time
 * interval): the part of `a - b` Spark reads (see values/interval dayTimeField). The difference
 * itself is never a value (no output format holds an interval).
 */
export interface BoundIntervalField extends Typed {
  readonly kind: 'interval_field';
  readonly field: 'day' | 'hour' | 'minute' | 'second';
  readonly left: BoundExpr;
  readonly right: BoundExpr;
}

/** A column of the upstream asset, by its real name. */
export interface BoundColumn extends Typed {
  readonly kind: 'column';
  readonly name: string;
}

/** The `*` of `count(*)`, the only place it is bound. */
export interface BoundStar extends Typed {
  readonly kind: 'star';
}

/** `NOT x`, `-x`, `+x`. */
export interface BoundUnary extends Typed {
  readonly kind: 'unary';
  readonly op: UnaryOperator;
  readonly operand: BoundExpr;
}

/** A binary operator; comparison sides share a type the binder checked exists. */
export interface BoundBinary extends Typed {
  readonly kind: 'binary';
  readonly op: BinaryOperator;
  readonly left: BoundExpr;
  readonly right: BoundExpr;
}

/** `x IS [NOT] NULL`. */
export interface BoundIsNull extends Typed {
  readonly kind: 'is_null';
  readonly operand: BoundExpr;
  readonly negated: boolean;
}

/** `x [NOT] IN (...)`. */
export interface BoundIn extends Typed {
  readonly kind: 'in';
  readonly operand: BoundExpr;
  readonly list: readonly BoundExpr[];
  readonly negated: boolean;
}

/** `x [NOT] BETWEEN low AND high`. */
export interface BoundBetween extends Typed {
  readonly kind: 'between';
  readonly operand: BoundExpr;
  readonly low: BoundExpr;
  readonly high: BoundExpr;
  readonly negated: boolean;
}

/** `LIKE`, `ILIKE`, `RLIKE` (a literal pattern was checked when bound). */
export interface BoundLike extends Typed {
  readonly kind: 'like';
  readonly op: LikeOperator;
  readonly operand: BoundExpr;
  readonly pattern: BoundExpr;
  readonly negated: boolean;
}

/** One `WHEN ... THEN ...` arm. */
export interface BoundWhen {
  readonly when: BoundExpr;
  readonly then: BoundExpr;
}

/** A searched CASE; its type is the common type of the branches. */
export interface BoundCase extends Typed {
  readonly kind: 'case';
  readonly whens: readonly BoundWhen[];
  readonly else?: BoundExpr;
}

/** `CAST` / `TRY_CAST` (`safe`) to the node's `type`. */
export interface BoundCast extends Typed {
  readonly kind: 'cast';
  readonly operand: BoundExpr;
  readonly safe: boolean;
}

/** What every call has, whatever the function. */
export interface CallOfName<N extends FunctionName> extends Typed {
  readonly kind: 'call';
  readonly name: N;
  readonly args: readonly BoundExpr[];
  readonly distinct: boolean;
}

/**
 * A call of function `N`: with the `params` the binder resolved from its literal arguments when
 * `N` takes any (check/call-params), without any otherwise.
 */
export type CallOf<N extends FunctionName> = N extends ParamFunctionName ? CallOfName<N> & { readonly params: CallParams[N] } : CallOfName<N>;

/**
 * A call of a catalogue function; a union keyed by `name`, so `params` can only be read once the
 * name is known, and only as the binder resolved them.
 */
export type BoundCall = CallOfName<PlainFunctionName> | { [N in ParamFunctionName]: CallOf<N> }[ParamFunctionName];

/** A window function with its bound arguments (offsets and bucket counts are constants). */
export interface BoundWindowFunction extends Typed {
  readonly kind: 'window_function';
  readonly name: WindowFunctionName;
  readonly args: readonly BoundExpr[];
}

/** One bound of a frame; `offset` is the constant N of `N PRECEDING` / `N FOLLOWING`. */
export interface BoundFrameBound {
  readonly kind: FrameBound['kind'];
  readonly offset?: number;
}

/**
 * `call OVER (...)`: an aggregate of the catalogue or a window function over the rows of a
 * partition. `frame` is the effective frame: the written one, or the default (up to the current
 * row's peers with an ORDER BY, the whole partition without).
 */
export interface BoundWindow extends Typed {
  readonly kind: 'window';
  readonly call: BoundCall | BoundWindowFunction;
  readonly partitionBy: readonly BoundExpr[];
  readonly orderBy: readonly { readonly expr: BoundExpr; readonly direction: 'asc' | 'desc'; readonly nulls: 'first' | 'last' }[];
  readonly frame: { readonly type: 'rows' | 'range'; readonly start: BoundFrameBound; readonly end: BoundFrameBound };
}

/** `struct.field` (spec 9.7): the field's value, NULL when the struct is NULL. */
export interface BoundField extends Typed {
  readonly kind: 'field';
  readonly operand: BoundExpr;
  /** The field's real spelling in the struct type. */
  readonly field: string;
}

/**
 * `array[i]` (0-based; NULL out of bounds, a negative index included) or `map[key]` (NULL for a
 * missing key), spec 9.7.
 */
export interface BoundIndex extends Typed {
  readonly kind: 'index';
  readonly on: 'array' | 'map';
  readonly operand: BoundExpr;
  readonly index: BoundExpr;
}

/** A lambda (spec 9.8) as the argument of a higher-order function; its type is its body's. */
export interface BoundLambda extends Typed {
  readonly kind: 'lambda';
  readonly params: readonly { readonly name: string; readonly type: DataType }[];
  readonly body: BoundExpr;
}

/** A lambda's parameter where its body uses it. */
export interface BoundLambdaVar extends Typed {
  readonly kind: 'lambda_var';
  readonly name: string;
}

/** `expr AS alias`, at the top of an expression only. */
export interface BoundAlias extends Typed {
  readonly kind: 'alias';
  readonly expr: BoundExpr;
  readonly alias: string;
}

/** Every node of a bound tree; a closed union, so compilers switch on `kind` exhaustively. */
export type BoundExpr =
  | BoundNumber
  | BoundString
  | BoundBoolean
  | BoundNull
  | BoundTemporal
  | BoundInterval
  | BoundIntervalField
  | BoundColumn
  | BoundStar
  | BoundUnary
  | BoundBinary
  | BoundIsNull
  | BoundIn
  | BoundBetween
  | BoundLike
  | BoundCase
  | BoundCast
  | BoundCall
  | BoundWindow
  | BoundField
  | BoundIndex
  | BoundLambda
  | BoundLambdaVar
  | BoundAlias;

/** A bound call before its result type and parameters are known: what a function's typing rule sees. */
export type UntypedCall = Omit<CallOfName<FunctionName>, 'type'>;

