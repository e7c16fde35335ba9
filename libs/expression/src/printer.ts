/**
 * Prints an expression tree as canonical text: upper-case keywords, lower-case function names,
 * single spaces around binary operators and only the brackets precedence requires, so that
 * `parseExpression(printExpression(e))` rebuilds `e` (spans aside).
 */
import { assertNever, type BinaryOperator, type Expr, type FrameBound, type WindowCall } from './ast';
import { printCastType } from './cast-types';
import { quoteIdentifier } from './keywords';

// Binding strength of each level, weakest first; mirrors the parser's layers.
const Level = {
  Alias: 0,
  Or: 1,
  And: 2,
  Not: 3,
  Comparison: 4,
  Additive: 5,
  Multiplicative: 6,
  Unary: 7,
  Primary: 8,
} as const;
type Level = number;

const BINARY_LEVEL: Readonly<Record<BinaryOperator, Level>> = {
  OR: Level.Or,
  AND: Level.And,
  '=': Level.Comparison,
  '!=': Level.Comparison,
  '<': Level.Comparison,
  '<=': Level.Comparison,
  '>': Level.Comparison,
  '>=': Level.Comparison,
  '<=>': Level.Comparison,
  '+': Level.Additive,
  '-': Level.Additive,
  '||': Level.Additive,
  '*': Level.Multiplicative,
  '/': Level.Multiplicative,
  '%': Level.Multiplicative,
};

function levelOf(e: Expr): Level {
  switch (e.kind) {
    case 'alias':
      return Level.Alias;
    case 'binary':
      return BINARY_LEVEL[e.op];
    case 'unary':
      return e.op === 'NOT' ? Level.Not : Level.Unary;
    case 'is_null':
    case 'in':
    case 'between':
    case 'like':
      return Level.Comparison;
    default:
      return Level.Primary;
  }
}

/** Canonical text of `e` (see the module doc for the conventions). */
export function printExpression(e: Expr): string {
  return print(e, Level.Alias);
}

/** Writes a string literal with `'` doubled. */
export function printStringLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Prints `e`, bracketed when it binds more loosely than its position (`min`) requires. */
function print(e: Expr, min: Level): string {
  const text = render(e);
  return levelOf(e) < min ? `(${text})` : text;
}

function render(e: Expr): string {
  switch (e.kind) {
    case 'number':
      return e.text;
    case 'string':
      return printStringLiteral(e.value);
    case 'boolean':
      return e.value ? 'TRUE' : 'FALSE';
    case 'null':
      return 'NULL';
    case 'typed_literal':
      return `${e.type.toUpperCase()} ${printStringLiteral(e.value)}`;
    case 'interval':
      return `INTERVAL ${e.parts.map((p) => `${p.value} ${p.unit.toUpperCase()}`).join(' ')}`;
    case 'column':
      return e.qualifier === undefined ? quoteIdentifier(e.name) : `${quoteIdentifier(e.qualifier)}.${quoteIdentifier(e.name)}`;
    case 'star':
      return e.qualifier === undefined ? '*' : `${quoteIdentifier(e.qualifier)}.*`;
    case 'unary': {
      if (e.op === 'NOT') return `NOT ${print(e.operand, Level.Not)}`;
      const operand = print(e.operand, Level.Unary);
      // `- -x`, not `--x`, which reads as a SQL comment.
      return operand.startsWith('-') || operand.startsWith('+') ? `${e.op} ${operand}` : `${e.op}${operand}`;
    }
    case 'binary': {
      const level = BINARY_LEVEL[e.op];
      // Left-associative levels accept their own level on the left; comparisons associate neither way.
      const leftMin = level === Level.Comparison ? Level.Additive : level;
      const rightMin = level === Level.Comparison ? Level.Additive : level + 1;
      return `${print(e.left, leftMin)} ${e.op} ${print(e.right, rightMin)}`;
    }
    case 'is_null':
      return `${print(e.operand, Level.Additive)} IS ${e.negated ? 'NOT ' : ''}NULL`;
    case 'in': {
      const list = e.list.map((item) => print(item, Level.Or)).join(', ');
      return `${print(e.operand, Level.Additive)} ${e.negated ? 'NOT ' : ''}IN (${list})`;
    }
    case 'between':
      return (
        `${print(e.operand, Level.Additive)} ${e.negated ? 'NOT ' : ''}BETWEEN ` +
        `${print(e.low, Level.Additive)} AND ${print(e.high, Level.Additive)}`
      );
    case 'like':
      return `${print(e.operand, Level.Additive)} ${e.negated ? 'NOT ' : ''}${e.op} ${print(e.pattern, Level.Additive)}`;
    case 'case': {
      const arms = e.whens.map((w) => `WHEN ${print(w.when, Level.Or)} THEN ${print(w.then, Level.Or)}`);
      const otherwise = e.else === undefined ? '' : ` ELSE ${print(e.else, Level.Or)}`;
      return `CASE ${arms.join(' ')}${otherwise} END`;
    }
    case 'cast':
      return `${e.safe ? 'TRY_CAST' : 'CAST'}(${print(e.operand, Level.Or)} AS ${printCastType(e.type)})`;
    case 'call': {
      const args = e.args.map((a) => print(a, Level.Or)).join(', ');
      return `${e.name}(${e.distinct ? 'DISTINCT ' : ''}${args})`;
    }
    case 'window':
      return `${render(e.call)} OVER (${printWindowSpec(e)})`;
    case 'field':
      return `${print(e.operand, Level.Primary)}.${quoteIdentifier(e.field)}`;
    case 'index':
      return `${print(e.operand, Level.Primary)}[${print(e.index, Level.Or)}]`;
    case 'lambda': {
      const params = e.params.map(quoteIdentifier);
      return `${params.length === 1 ? params[0] : `(${params.join(', ')})`} -> ${print(e.body, Level.Or)}`;
    }
    case 'alias':
      if (e.names !== undefined) return `${print(e.expr, Level.Or)} AS (${e.names.map(quoteIdentifier).join(', ')})`;
      return `${print(e.expr, Level.Or)} AS ${quoteIdentifier(e.alias)}`;
    default:
      return assertNever(e);
  }
}

/** `PARTITION BY a ORDER BY b DESC NULLS FIRST ROWS BETWEEN 1 PRECEDING AND CURRENT ROW`, parts present only when given. */
function printWindowSpec(e: WindowCall): string {
  const parts: string[] = [];
  if (e.partitionBy.length > 0) parts.push(`PARTITION BY ${e.partitionBy.map((p) => print(p, Level.Or)).join(', ')}`);
  if (e.orderBy.length > 0) {
    const items = e.orderBy.map((o) => `${print(o.expr, Level.Or)} ${o.direction.toUpperCase()} NULLS ${o.nulls.toUpperCase()}`);
    parts.push(`ORDER BY ${items.join(', ')}`);
  }
  if (e.frame !== undefined) {
    parts.push(`${e.frame.type.toUpperCase()} BETWEEN ${printFrameBound(e.frame.start)} AND ${printFrameBound(e.frame.end)}`);
  }
  return parts.join(' ');
}

function printFrameBound(bound: FrameBound): string {
  switch (bound.kind) {
    case 'unbounded_preceding':
      return 'UNBOUNDED PRECEDING';
    case 'unbounded_following':
      return 'UNBOUNDED FOLLOWING';
    case 'current_row':
      return 'CURRENT ROW';
    case 'preceding':
    case 'following':
      return `${bound.offset === undefined ? '' : print(bound.offset, Level.Additive)} ${bound.kind.toUpperCase()}`;
    default:
      return assertNever(bound.kind);
  }
}

/**
 * The name of the column an expression produces: its alias, else the column's own name for a
 * column reference, else its canonical text (`AVG(salary)` gives `avg(salary)`).
 */
export function outputName(e: Expr): string {
  if (e.kind === 'alias') return e.alias;
  if (e.kind === 'column') return e.name;
  return printExpression(e);
}
