/**
 * The expression syntax tree: plain immutable data produced by the parser and consumed by the
 * printer, the validator and each engine's compiler. Nodes hold no SQL and no JavaScript.
 *
 * Every node carries a `span` into the text it was parsed from, so errors can point at a column.
 */

/** Half-open range of character offsets (0-based) in the expression's source text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A numeric literal kept as its source digits so that no precision is lost before the engine. */
export interface NumberLiteral {
  readonly kind: 'number';
  /** Digits as written, without sign: `42`, `3.14`. */
  readonly text: string;
  readonly isInteger: boolean;
  readonly span: Span;
}

/** A `'single quoted'` string literal; `value` is unescaped (`''` already turned into `'`). */
export interface StringLiteral {
  readonly kind: 'string';
  readonly value: string;
  readonly span: Span;
}

/** `TRUE` or `FALSE`. */
export interface BooleanLiteral {
  readonly kind: 'boolean';
  readonly value: boolean;
  readonly span: Span;
}

/** `NULL`. */
export interface NullLiteral {
  readonly kind: 'null';
  readonly span: Span;
}

/** `DATE '2024-01-31'` or `TIMESTAMP '2024-01-31 10:00:00'`; `value` is the quoted text. */
export interface TypedLiteral {
  readonly kind: 'typed_literal';
  readonly type: 'date' | 'timestamp';
  readonly value: string;
  readonly span: Span;
}

/** The units an INTERVAL literal counts in (a plural spelling is read as the singular). */
export type IntervalUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** One `value UNIT` pair of an INTERVAL literal. */
export interface IntervalPart {
  /** A whole number, possibly negative; seconds may have up to 6 decimals (`1.5 SECONDS`). */
  readonly value: number;
  readonly unit: IntervalUnit;
}

/**
 * `INTERVAL 1 YEAR 6 MONTHS`: a calendar interval, the sum of its parts. It only means something
 * added to or subtracted from a date or timestamp.
 */
export interface IntervalLiteral {
  readonly kind: 'interval';
  readonly parts: readonly IntervalPart[];
  readonly span: Span;
}

/** A column reference: `salary`, `` `my column` ``, or `orders.amount` (qualifier `orders`). */
export interface ColumnRef {
  readonly kind: 'column';
  readonly name: string;
  readonly qualifier?: string;
  readonly span: Span;
}

/** `*` (as in `COUNT(*)`), optionally qualified (`orders.*`). */
export interface Star {
  readonly kind: 'star';
  readonly qualifier?: string;
  readonly span: Span;
}

/** Unary operators: logical `NOT`, arithmetic negation `-`, identity `+` and bitwise NOT `~` (spec 9.2). */
export type UnaryOperator = 'NOT' | '-' | '+' | '~';

export interface Unary {
  readonly kind: 'unary';
  readonly op: UnaryOperator;
  readonly operand: Expr;
  readonly span: Span;
}

/**
 * Binary operators in canonical spelling: `==` is read as `=` and `<>` as `!=`.
 * `<=>` is null-safe equality.
 */
export type BinaryOperator =
  | '*'
  | '/'
  | '%'
  | '+'
  | '-'
  | '||'
  | '='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '<=>'
  | 'AND'
  | 'OR';

export interface Binary {
  readonly kind: 'binary';
  readonly op: BinaryOperator;
  readonly left: Expr;
  readonly right: Expr;
  readonly span: Span;
}

/** `x IS NULL` / `x IS NOT NULL`. */
export interface IsNull {
  readonly kind: 'is_null';
  readonly operand: Expr;
  readonly negated: boolean;
  readonly span: Span;
}

/** `x IN (a, b)` / `x NOT IN (a, b)`. */
export interface InList {
  readonly kind: 'in';
  readonly operand: Expr;
  readonly list: readonly Expr[];
  readonly negated: boolean;
  readonly span: Span;
}

/** `x BETWEEN low AND high` (inclusive) / `x NOT BETWEEN low AND high`. */
export interface Between {
  readonly kind: 'between';
  readonly operand: Expr;
  readonly low: Expr;
  readonly high: Expr;
  readonly negated: boolean;
  readonly span: Span;
}

/** Pattern matching: SQL `LIKE`, case-insensitive `ILIKE`, regular-expression `RLIKE`. */
export type LikeOperator = 'LIKE' | 'ILIKE' | 'RLIKE';

export interface Like {
  readonly kind: 'like';
  readonly op: LikeOperator;
  readonly operand: Expr;
  readonly pattern: Expr;
  readonly negated: boolean;
  readonly span: Span;
}

/** One `WHEN condition THEN result` arm of a CASE expression. */
export interface WhenClause {
  readonly when: Expr;
  readonly then: Expr;
}

/** Searched `CASE WHEN ... THEN ... [ELSE ...] END`; a missing ELSE yields NULL. */
export interface Case {
  readonly kind: 'case';
  readonly whens: readonly WhenClause[];
  readonly else?: Expr;
  readonly span: Span;
}

/** Type names a CAST may target, in their canonical (portable) spelling. */
export type CastTypeName =
  | 'string'
  | 'integer'
  | 'long'
  | 'short'
  | 'byte'
  | 'float'
  | 'double'
  | 'boolean'
  | 'date'
  | 'timestamp'
  | 'time'
  | 'decimal';

/** A CAST target type; `decimal` carries precision and scale (default 10, 0). */
export interface CastType {
  readonly name: CastTypeName;
  readonly precision?: number;
  readonly scale?: number;
}

/** `CAST(x AS type)` (error on failure) or `TRY_CAST(x AS type)` (NULL on failure). */
export interface Cast {
  readonly kind: 'cast';
  readonly operand: Expr;
  readonly type: CastType;
  readonly safe: boolean;
  readonly span: Span;
}

/** A function call; `name` is lower-case and names an entry of the function catalogue. */
export interface Call {
  readonly kind: 'call';
  readonly name: string;
  readonly args: readonly Expr[];
  /** `COUNT(DISTINCT x)`. */
  readonly distinct: boolean;
  readonly span: Span;
}

/** One bound of a window frame; `offset` is the N of `N PRECEDING` / `N FOLLOWING`. */
export interface FrameBound {
  readonly kind: 'unbounded_preceding' | 'preceding' | 'current_row' | 'following' | 'unbounded_following';
  readonly offset?: Expr;
}

/** `ROWS|RANGE BETWEEN start AND end`. */
export interface WindowFrame {
  readonly type: 'rows' | 'range';
  readonly start: FrameBound;
  readonly end: FrameBound;
}

/** One `ORDER BY` item of a window. */
export interface WindowSortItem {
  readonly expr: Expr;
  readonly direction: 'asc' | 'desc';
  readonly nulls: 'first' | 'last';
}

/**
 * `call OVER (PARTITION BY ... ORDER BY ... frame)` (spec 9.10), also what a `window` step makes
 * of each of its functions. Without a frame the default applies: the partition up to the current
 * row's peers with an ORDER BY, the whole partition without.
 */
export interface WindowCall {
  readonly kind: 'window';
  readonly call: Call;
  readonly partitionBy: readonly Expr[];
  readonly orderBy: readonly WindowSortItem[];
  readonly frame?: WindowFrame;
  readonly span: Span;
}

/**
 * `expr.field`: a struct field (spec 9.7). `a.b` alone parses as a qualified column; the binder
 * reads it as a field when `a` is a struct column, so this node stands for every later `.name`.
 */
export interface FieldAccess {
  readonly kind: 'field';
  readonly operand: Expr;
  readonly field: string;
  readonly span: Span;
}

/** `expr[key]`: an array element by 0-based index, or a map value by key (spec 9.7). */
export interface IndexAccess {
  readonly kind: 'index';
  readonly operand: Expr;
  readonly index: Expr;
  readonly span: Span;
}

/**
 * `x -> body` or `(acc, x) -> body` (spec 9.8): only as the function argument of a higher-order
 * function (transform, filter, exists, aggregate); in `body`, a parameter hides a column of its name.
 */
export interface Lambda {
  readonly kind: 'lambda';
  readonly params: readonly string[];
  readonly body: Expr;
  readonly span: Span;
}

/** `expr AS alias`: names the column an expression produces. Only valid at the top of an expression. */
export interface Alias {
  readonly kind: 'alias';
  readonly expr: Expr;
  readonly alias: string;
  /**
   * `expr AS (a, b)`: the names of a generator's columns (posexplode, explode of a map,
   * json_tuple), in order; `alias` is the first. Absent for a plain `AS name`.
   */
  readonly names?: readonly string[];
  readonly span: Span;
}

/** Every node of the expression tree. A closed union: compilers switch on `kind` exhaustively. */
export type Expr =
  | NumberLiteral
  | StringLiteral
  | BooleanLiteral
  | NullLiteral
  | TypedLiteral
  | IntervalLiteral
  | ColumnRef
  | Star
  | Unary
  | Binary
  | IsNull
  | InList
  | Between
  | Like
  | Case
  | Cast
  | Call
  | WindowCall
  | FieldAccess
  | IndexAccess
  | Lambda
  | Alias;

/** The `kind` tag of every expression node. */
export type ExprKind = Expr['kind'];

/** Compile-time exhaustiveness guard for `switch (e.kind)`; throws if reached at run time. */
export function assertNever(value: never): never {
  throw new Error(`unexpected expression node: ${JSON.stringify(value)}`);
}
