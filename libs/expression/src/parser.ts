/**
 * Hand-written recursive-descent parser for the expression language (Teckel v3.0 section 9, the
 * subset the engines support). Precedence, lowest first: AS (top level only), OR, AND, NOT,
 * comparisons / IS / IN / BETWEEN / LIKE (non-associative), + - ||, * / %, unary - +.
 */
import type { Alias, BinaryOperator, Call, Case, Cast, CastType, Expr, FrameBound, IntervalPart, IntervalUnit, LikeOperator, Span, WhenClause, WindowFrame, WindowSortItem } from './ast';
import { BINARY_REFUSED, isCastTypeProblem, resolveCastType } from './cast-types';
import { ExpressionSyntaxError, type ExpressionSyntaxCode } from './errors';
import { lookupFunction } from './functions';
import { isReservedWord } from './keywords';
import { tokenize, type Token } from './lexer';
import { isValidDateText, isValidTimestampText } from './typed-literals';
import { children } from './walk';

/** Longest expression text accepted, in characters. */
export const MAX_EXPRESSION_LENGTH = 100_000;
/** Deepest nesting accepted, counting both the tree's height and bracket/operator nesting. */
export const MAX_EXPRESSION_DEPTH = 256;

const COMPARISON_OPERATORS: Readonly<Record<string, BinaryOperator>> = {
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '<=>': '<=>',
};
const ADDITIVE_OPERATORS: ReadonlySet<string> = new Set(['+', '-', '||']);
const MULTIPLICATIVE_OPERATORS: ReadonlySet<string> = new Set(['*', '/', '%']);
const LIKE_OPERATORS: ReadonlySet<string> = new Set(['LIKE', 'ILIKE', 'RLIKE']);
/** INTERVAL unit words (upper-case), singular and plural, and the unit each means. */
/** The fields `extract(field FROM x)` knows (spec 9.13.11), and the catalogue function each is read as. */
const EXTRACT_FIELDS: Readonly<Record<string, string>> = {
  YEAR: 'year',
  QUARTER: 'quarter',
  MONTH: 'month',
  WEEK: 'weekofyear',
  DAY: 'day',
  DAYOFWEEK: 'dayofweek',
  DAYOFYEAR: 'dayofyear',
  HOUR: 'hour',
  MINUTE: 'minute',
  SECOND: 'second',
};

const INTERVAL_UNITS: Readonly<Record<string, IntervalUnit>> = {
  YEAR: 'year',
  YEARS: 'year',
  MONTH: 'month',
  MONTHS: 'month',
  DAY: 'day',
  DAYS: 'day',
  HOUR: 'hour',
  HOURS: 'hour',
  MINUTE: 'minute',
  MINUTES: 'minute',
  SECOND: 'second',
  SECONDS: 'second',
};
/** Largest count of one INTERVAL part: far beyond any calendar use, small enough to stay exact in microseconds. */
export const MAX_INTERVAL_VALUE = 1_000_000;

/**
 * Parses one expression, optionally ending in a top-level `AS alias`.
 * Throws `ExpressionSyntaxError` (message like `unexpected token ")" at column 14`) on any problem.
 */
export function parseExpression(text: string): Expr {
  if (text.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionSyntaxError(
      'EXPR_TOO_LONG',
      `expression too long (${text.length} characters, limit ${MAX_EXPRESSION_LENGTH})`,
      { start: MAX_EXPRESSION_LENGTH, end: text.length },
    );
  }
  return new Parser(text).parseTop();
}

const span = (start: number, end: number): Span => ({ start, end });

function describeToken(token: Token): string {
  const shown = token.text.length > 40 ? token.text.slice(0, 37) + '...' : token.text;
  return `unexpected token ${JSON.stringify(shown)}`;
}

class Parser {
  private readonly tokens: Token[];
  private pos = 0;
  private nesting = 0;
  // Height of every node built so far; a long operator chain is as dangerous to the recursive
  // printers and compilers downstream as deep brackets are.
  private readonly heights = new WeakMap<Expr, number>();

  constructor(private readonly text: string) {
    this.tokens = tokenize(text);
  }

  parseTop(): Expr {
    if (this.peek().type === 'eof') {
      throw new ExpressionSyntaxError('EXPR_SYNTAX', 'empty expression', span(0, this.text.length));
    }
    const expr = this.parseOr();
    let result: Expr = expr;
    if (this.isKeyword(this.peek(), 'AS')) {
      this.advance();
      const open = this.peek();
      if (this.isOperator(open, '(')) {
        result = this.build(this.parseAliasList(expr), open.start);
      } else {
        const name = this.peek();
        if (!this.isName(name)) this.unexpected(name);
        this.advance();
        const alias: Alias = { kind: 'alias', expr, alias: name.value, span: span(expr.span.start, name.end) };
        result = this.build(alias, name.start);
      }
    }
    const rest = this.peek();
    if (rest.type !== 'eof') this.unexpected(rest);
    return result;
  }

  /** `AS (a, b, ...)`: the column names of a generator (the check refuses them on anything else). */
  private parseAliasList(expr: Expr): Alias {
    this.advance();
    const names: string[] = [];
    for (;;) {
      const name = this.peek();
      if (!this.isName(name)) this.unexpected(name);
      this.advance();
      names.push(name.value);
      if (!this.isOperator(this.peek(), ',')) break;
      this.advance();
    }
    const close = this.expectOperator(')');
    return { kind: 'alias', expr, alias: names[0] as string, names, span: span(expr.span.start, close.end) };
  }

  // --- token helpers -------------------------------------------------------------------------

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.pos + ahead, this.tokens.length - 1)];
  }

  private advance(): Token {
    const token = this.peek();
    if (this.pos < this.tokens.length - 1) this.pos++;
    return token;
  }

  private isKeyword(token: Token, word: string): boolean {
    return token.type === 'identifier' && token.text.toUpperCase() === word;
  }

  private isOperator(token: Token, op: string): boolean {
    return token.type === 'operator' && token.text === op;
  }

  /** A token usable as a column, qualifier or alias name. */
  private isName(token: Token): boolean {
    return token.type === 'quoted_identifier' || (token.type === 'identifier' && !isReservedWord(token.text));
  }

  private expectOperator(op: string): Token {
    const token = this.peek();
    if (!this.isOperator(token, op)) this.unexpected(token);
    return this.advance();
  }

  private expectKeyword(word: string): Token {
    const token = this.peek();
    if (!this.isKeyword(token, word)) this.unexpected(token);
    return this.advance();
  }

  private fail(code: ExpressionSyntaxCode, reason: string, at: Span): never {
    throw new ExpressionSyntaxError(code, reason, at);
  }

  private unexpected(token: Token): never {
    if (token.type === 'error') this.fail('EXPR_SYNTAX', token.value, span(token.start, token.end));
    if (token.type === 'eof') this.fail('EXPR_SYNTAX', 'unexpected end of expression', span(token.start, token.end));
    this.fail('EXPR_SYNTAX', describeToken(token), span(token.start, token.end));
  }

  private tooDeep(at: number): never {
    this.fail('EXPR_TOO_DEEP', `expression nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels)`, span(at, at));
  }

  /**
   * Runs `parse` one nesting level deeper, refusing to go past the depth limit; the error points
   * at the token that opened the level (a bracket, NOT, minus, comma).
   */
  private nested<T>(parse: () => T): T {
    if (++this.nesting > MAX_EXPRESSION_DEPTH) this.tooDeep(this.tokens[Math.max(this.pos - 1, 0)].start);
    try {
      return parse();
    } finally {
      this.nesting--;
    }
  }

  /** Records a new node's height, failing at offset `at` when it passes the depth limit. */
  private build<T extends Expr>(node: T, at: number): T {
    let height = 1;
    for (const child of children(node)) height = Math.max(height, (this.heights.get(child) ?? 1) + 1);
    if (height > MAX_EXPRESSION_DEPTH) this.tooDeep(at);
    this.heights.set(node, height);
    return node;
  }

  // --- grammar, lowest precedence first ------------------------------------------------------

  private parseOr(): Expr {
    return this.nested(() => {
      let left = this.parseAnd();
      while (this.isKeyword(this.peek(), 'OR')) {
        const op = this.advance();
        const right = this.parseAnd();
        left = this.binary('OR', left, right, op);
      }
      return left;
    });
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isKeyword(this.peek(), 'AND')) {
      const op = this.advance();
      const right = this.parseNot();
      left = this.binary('AND', left, right, op);
    }
    return left;
  }

  private parseNot(): Expr {
    const token = this.peek();
    if (!this.isKeyword(token, 'NOT')) return this.parseComparison();
    this.advance();
    const operand = this.nested(() => this.parseNot());
    return this.build({ kind: 'unary', op: 'NOT', operand, span: span(token.start, operand.span.end) }, token.start);
  }

  private parseComparison(): Expr {
    const left = this.parseAdditive();
    const token = this.peek();
    if (token.type === 'operator' && token.text in COMPARISON_OPERATORS) {
      this.advance();
      const right = this.parseAdditive();
      return this.binary(COMPARISON_OPERATORS[token.text], left, right, token);
    }
    if (this.isKeyword(token, 'IS')) {
      this.advance();
      const negated = this.isKeyword(this.peek(), 'NOT');
      if (negated) this.advance();
      const end = this.expectKeyword('NULL');
      return this.build(
        { kind: 'is_null', operand: left, negated, span: span(left.span.start, end.end) },
        token.start,
      );
    }
    let negated = false;
    let keyword = token;
    if (this.isKeyword(token, 'NOT')) {
      const next = this.peek(1);
      const upper = next.type === 'identifier' ? next.text.toUpperCase() : '';
      // `a NOT b` is left for the caller to reject at the NOT.
      if (upper !== 'IN' && upper !== 'BETWEEN' && !LIKE_OPERATORS.has(upper)) return left;
      this.advance();
      negated = true;
      keyword = next;
    }
    const word = keyword.type === 'identifier' ? keyword.text.toUpperCase() : '';
    if (word === 'IN') {
      this.advance();
      this.expectOperator('(');
      const list: Expr[] = [this.parseOr()];
      while (this.isOperator(this.peek(), ',')) {
        this.advance();
        list.push(this.parseOr());
      }
      const close = this.expectOperator(')');
      return this.build(
        { kind: 'in', operand: left, list, negated, span: span(left.span.start, close.end) },
        keyword.start,
      );
    }
    if (word === 'BETWEEN') {
      this.advance();
      const low = this.parseAdditive();
      this.expectKeyword('AND');
      const high = this.parseAdditive();
      return this.build(
        { kind: 'between', operand: left, low, high, negated, span: span(left.span.start, high.span.end) },
        keyword.start,
      );
    }
    if (LIKE_OPERATORS.has(word)) {
      this.advance();
      const pattern = this.parseAdditive();
      return this.build(
        {
          kind: 'like',
          op: word as LikeOperator,
          operand: left,
          pattern,
          negated,
          span: span(left.span.start, pattern.span.end),
        },
        keyword.start,
      );
    }
    return left;
  }

  private parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    for (let token = this.peek(); token.type === 'operator' && ADDITIVE_OPERATORS.has(token.text); token = this.peek()) {
      this.advance();
      const right = this.parseMultiplicative();
      left = this.binary(token.text as BinaryOperator, left, right, token);
    }
    return left;
  }

  private parseMultiplicative(): Expr {
    let left = this.parseUnary();
    for (
      let token = this.peek();
      token.type === 'operator' && MULTIPLICATIVE_OPERATORS.has(token.text);
      token = this.peek()
    ) {
      this.advance();
      const right = this.parseUnary();
      left = this.binary(token.text as BinaryOperator, left, right, token);
    }
    return left;
  }

  private parseUnary(): Expr {
    const token = this.peek();
    if (!this.isOperator(token, '-') && !this.isOperator(token, '+') && !this.isOperator(token, '~')) return this.parsePrimary();
    this.advance();
    const operand = this.nested(() => this.parseUnary());
    return this.build(
      { kind: 'unary', op: token.text as '-' | '+' | '~', operand, span: span(token.start, operand.span.end) },
      token.start,
    );
  }

  /** A primary followed by any `.field` and `[key]` accesses (spec 9.7), left to right. */
  private parsePrimary(): Expr {
    let expr = this.parseAtom();
    for (;;) {
      const token = this.peek();
      if (this.isOperator(token, '[')) {
        this.advance();
        const index = this.nested(() => this.parseOr());
        const close = this.expectOperator(']');
        expr = this.build({ kind: 'index', operand: expr, index, span: span(expr.span.start, close.end) }, token.start);
      } else if (this.isOperator(token, '.')) {
        this.advance();
        const name = this.peek();
        if (!this.isName(name)) this.unexpected(name);
        this.advance();
        expr = this.build({ kind: 'field', operand: expr, field: name.value, span: span(expr.span.start, name.end) }, token.start);
      } else {
        return expr;
      }
    }
  }

  private parseAtom(): Expr {
    const token = this.peek();
    switch (token.type) {
      case 'number':
        this.advance();
        return this.build(
          { kind: 'number', text: token.text, isInteger: !token.text.includes('.'), span: span(token.start, token.end) },
          token.start,
        );
      case 'string':
        this.advance();
        return this.build({ kind: 'string', value: token.value, span: span(token.start, token.end) }, token.start);
      case 'quoted_identifier':
        return this.parseColumn();
      case 'identifier':
        return this.parseWord(token);
      case 'operator':
        if (token.text === '(') return this.parseParenthesized();
        if (token.text === '*') {
          this.advance();
          return this.build({ kind: 'star', span: span(token.start, token.end) }, token.start);
        }
        return this.unexpected(token);
      default:
        return this.unexpected(token);
    }
  }

  private parseParenthesized(): Expr {
    const open = this.advance();
    const inner = this.parseOr();
    const close = this.expectOperator(')');
    // The node's span takes in its brackets, so an enclosing node's span starts at the "(".
    const widened = { ...inner, span: span(open.start, close.end) };
    this.heights.set(widened, this.heights.get(inner) ?? 1);
    return widened;
  }

  /** A primary that starts with a bare word: literal keyword, CASE, CAST, typed literal, call or column. */
  private parseWord(token: Token): Expr {
    const word = token.text.toUpperCase();
    const here = span(token.start, token.end);
    const next = this.peek(1);
    switch (word) {
      case 'TRUE':
      case 'FALSE':
        this.advance();
        return this.build({ kind: 'boolean', value: word === 'TRUE', span: here }, token.start);
      case 'NULL':
        this.advance();
        return this.build({ kind: 'null', span: here }, token.start);
      case 'CASE':
        return this.parseCase();
      case 'CAST':
      case 'TRY_CAST':
        if (!this.isOperator(next, '(')) {
          this.advance();
          return this.unexpected(next);
        }
        return this.parseCast();
      case 'DATE':
      case 'TIMESTAMP':
        if (next.type === 'string') return this.parseTypedLiteral(word === 'DATE' ? 'date' : 'timestamp');
        break;
      case 'TIMESTAMP_NTZ':
        // The same type here (timestamps are held without a zone), so the text may not name one.
        if (next.type === 'string') return this.parseTypedLiteral('timestamp', false);
        break;
      case 'X':
        if (next.type === 'string') return this.refuseBinaryLiteral();
        break;
      case 'INTERVAL':
        // Only a number makes INTERVAL a literal, so `interval` stays usable as a column name.
        if (next.type === 'number' || (this.isOperator(next, '-') && this.peek(2).type === 'number')) return this.parseInterval();
        break;
      default:
        break;
    }
    if (isReservedWord(token.text)) return this.unexpected(token);
    if (this.isOperator(next, '(')) return this.parseCall();
    return this.parseColumn();
  }

  private parseTypedLiteral(type: 'date' | 'timestamp', zoneAllowed = true): Expr {
    const keyword = this.advance();
    const literal = this.advance();
    const valid = type === 'date' ? isValidDateText(literal.value) : isValidTimestampText(literal.value, zoneAllowed);
    if (!valid) {
      const expected = type === 'date' ? 'YYYY-MM-DD' : `YYYY-MM-DD HH:MM:SS${zoneAllowed ? '' : ', no time zone'}`;
      this.fail(
        'EXPR_INVALID_LITERAL',
        `invalid ${keyword.text.toUpperCase()} literal ${literal.text} (expected ${expected})`,
        span(literal.start, literal.end),
      );
    }
    return this.build(
      { kind: 'typed_literal', type, value: literal.value, span: span(keyword.start, literal.end) },
      keyword.start,
    );
  }

  /**
   * `X'DEADBEEF'` (spec 10.3): a text that is not hexadecimal is the spec's E-EXPR-005; a valid one
   * is refused on purpose, as the `binary` type is (see BINARY_REFUSED).
   */
  private refuseBinaryLiteral(): never {
    const keyword = this.advance();
    const literal = this.advance();
    const bad = /[^0-9A-Fa-f]/.exec(literal.value);
    if (bad !== null) {
      this.fail(
        'EXPR_INVALID_BINARY',
        `invalid X'...' literal ${literal.text}: ${JSON.stringify(bad[0])} is not a hexadecimal digit (0-9, A-F)`,
        span(literal.start, literal.end),
      );
    }
    return this.fail('EXPR_NOT_SUPPORTED', `X'...' literals are not supported: ${BINARY_REFUSED}`, span(keyword.start, literal.end));
  }

  /** `INTERVAL 1 YEAR 6 MONTHS 1.5 SECONDS`: values (whole but for seconds), each followed by a unit. */
  private parseInterval(): Expr {
    const keyword = this.advance();
    const parts: IntervalPart[] = [];
    let end = keyword.end;
    while (this.peek().type === 'number' || (this.isOperator(this.peek(), '-') && this.peek(1).type === 'number')) {
      const sign = this.isOperator(this.peek(), '-') ? this.advance() : undefined;
      const number = this.advance();
      const unitToken = this.peek();
      const unit = unitToken.type === 'identifier' ? INTERVAL_UNITS[unitToken.text.toUpperCase()] : undefined;
      if (unit === undefined) {
        this.fail(
          'EXPR_INVALID_LITERAL',
          `INTERVAL needs a unit after ${number.text} (YEAR, MONTH, DAY, HOUR, MINUTE or SECOND)`,
          span(unitToken.start, unitToken.end),
        );
      }
      this.advance();
      const at = span((sign ?? number).start, unitToken.end);
      // Only seconds split exactly (into microseconds); a fraction of a month or day has no fixed length.
      const fraction = unit === 'second' ? /^\d+(\.\d{1,6})?$/ : /^\d+$/;
      if (!fraction.test(number.text)) {
        const what = unit === 'second' ? 'seconds have at most 6 decimals' : `${unit} counts are whole numbers`;
        this.fail('EXPR_INVALID_LITERAL', `INTERVAL ${what}, got ${number.text}`, at);
      }
      const value = Number(number.text);
      if (value > MAX_INTERVAL_VALUE) {
        this.fail('EXPR_INVALID_LITERAL', `INTERVAL value ${number.text} is larger than ${MAX_INTERVAL_VALUE}`, at);
      }
      parts.push({ value: sign === undefined ? value : -value, unit });
      end = unitToken.end;
    }
    return this.build({ kind: 'interval', parts, span: span(keyword.start, end) }, keyword.start);
  }

  /** `name`, `` `name` ``, `qualifier.name`, or `qualifier.*`. */
  private parseColumn(): Expr {
    const first = this.advance();
    if (!this.isOperator(this.peek(), '.')) {
      return this.build({ kind: 'column', name: first.value, span: span(first.start, first.end) }, first.start);
    }
    this.advance();
    const second = this.peek();
    if (this.isOperator(second, '*')) {
      this.advance();
      return this.build({ kind: 'star', qualifier: first.value, span: span(first.start, second.end) }, first.start);
    }
    if (!this.isName(second)) this.unexpected(second);
    this.advance();
    return this.build(
      { kind: 'column', name: second.value, qualifier: first.value, span: span(first.start, second.end) },
      first.start,
    );
  }

  private parseCall(): Expr {
    if (this.peek().text.toUpperCase() === 'EXTRACT' && this.isKeyword(this.peek(3), 'FROM')) return this.parseExtract();
    const name = this.advance();
    this.advance(); // "("
    const args: Expr[] = [];
    const named: { name: Token; value: Expr }[] = [];
    let distinct = false;
    if (!this.isOperator(this.peek(), ')')) {
      if (this.isKeyword(this.peek(), 'DISTINCT')) {
        this.advance();
        distinct = true;
      }
      do {
        if (args.length + named.length > 0) this.advance(); // ","
        const argName = this.peek();
        if (this.isName(argName) && this.isOperator(this.peek(1), '=>')) {
          this.advance();
          this.advance();
          if (named.some((n) => n.name.value.toLowerCase() === argName.value.toLowerCase())) {
            this.fail('EXPR_NAMED_ARGUMENT', `argument "${argName.value}" is named twice`, span(argName.start, argName.end));
          }
          named.push({ name: argName, value: this.parseArgument() });
        } else {
          const value = this.parseArgument();
          if (named.length > 0) this.fail('EXPR_NAMED_ARGUMENT', 'a positional argument cannot follow a named one', value.span);
          args.push(value);
        }
      } while (this.isOperator(this.peek(), ','));
    }
    const close = this.expectOperator(')');
    const lower = name.text.toLowerCase();
    if (named.length > 0) this.placeNamedArguments(lower, args, named);
    const call = this.build({ kind: 'call', name: lower, args, distinct, span: span(name.start, close.end) } as const, name.start);
    return this.isKeyword(this.peek(), 'OVER') ? this.parseWindow(call) : call;
  }

  /**
   * Named arguments (spec 9.9) put in their places among the positional ones by the catalogue's
   * parameter names, so that the call reads as if written positionally (and prints so).
   */
  private placeNamedArguments(fn: string, args: Expr[], named: readonly { name: Token; value: Expr }[]): void {
    const params = lookupFunction(fn)?.params;
    for (const { name, value } of named) {
      const at = span(name.start, name.end);
      if (params === undefined) this.fail('EXPR_NAMED_ARGUMENT', `function "${fn}" takes no named arguments`, at);
      const index = params.indexOf(name.value.toLowerCase());
      if (index < 0) this.fail('EXPR_NAMED_ARGUMENT', `function "${fn}" has no parameter "${name.value}" (parameters: ${params.join(', ')})`, at);
      if (index < args.length && args[index] !== undefined) this.fail('EXPR_NAMED_ARGUMENT', `argument "${name.value}" of "${fn}" is also given by position`, at);
      args[index] = value;
    }
    const missing = params?.find((_, i) => i < args.length && args[i] === undefined);
    if (missing !== undefined) {
      const last = named[named.length - 1] as { name: Token; value: Expr };
      this.fail('EXPR_NAMED_ARGUMENT', `argument "${missing}" of "${fn}" is missing before the ones named`, span(last.name.start, last.value.span.end));
    }
  }

  /** A call argument: an expression, or a lambda `x -> body` / `(x, y) -> body` (spec 9.8). */
  private parseArgument(): Expr {
    const first = this.peek();
    if (this.isName(first) && this.isOperator(this.peek(1), '->')) {
      this.advance();
      return this.lambdaBody([first], first);
    }
    if (this.isOperator(first, '(')) {
      // `(a, b) ->`: names separated by commas, closed, then the arrow.
      let i = 1;
      const names: Token[] = [];
      while (this.isName(this.peek(i)) && (this.isOperator(this.peek(i + 1), ',') || this.isOperator(this.peek(i + 1), ')'))) {
        names.push(this.peek(i));
        if (this.isOperator(this.peek(i + 1), ')')) break;
        i += 2;
      }
      const closeAt = 2 * names.length;
      if (names.length > 0 && this.isOperator(this.peek(closeAt), ')') && this.isOperator(this.peek(closeAt + 1), '->')) {
        for (let k = 0; k <= closeAt; k++) this.advance();
        return this.lambdaBody(names, first);
      }
    }
    return this.parseOr();
  }

  private lambdaBody(names: readonly Token[], first: Token): Expr {
    this.advance(); // "->"
    const params = names.map((n) => n.value);
    const twice = params.find((p, i) => params.indexOf(p) !== i);
    if (twice !== undefined) this.fail('EXPR_SYNTAX', `lambda parameter "${twice}" is named twice`, span(first.start, first.end));
    const body = this.nested(() => this.parseOr());
    return this.build({ kind: 'lambda', params, body, span: span(first.start, body.span.end) }, first.start);
  }

  /**
   * `extract(YEAR FROM x)` (spec 9.13.11): read as the call of the field's own function
   * (`year(x)`, `dayofweek(x)`, `weekofyear(x)` for WEEK), which is how it prints back.
   */
  private parseExtract(): Expr {
    const name = this.advance();
    this.advance(); // "("
    const fieldToken = this.advance();
    const fn = EXTRACT_FIELDS[fieldToken.text.toUpperCase()];
    if (fieldToken.type !== 'identifier' || fn === undefined) {
      this.fail(
        'EXPR_SYNTAX',
        `extract needs a field before FROM: ${Object.keys(EXTRACT_FIELDS).join(', ')}; got ${fieldToken.text}`,
        span(fieldToken.start, fieldToken.end),
      );
    }
    this.advance(); // FROM
    const operand = this.parseOr();
    const close = this.expectOperator(')');
    return this.build({ kind: 'call', name: fn, args: [operand], distinct: false, span: span(name.start, close.end) }, name.start);
  }

  /** `OVER ( [PARTITION BY e, ...] [ORDER BY e [ASC|DESC] [NULLS FIRST|LAST], ...] [ROWS|RANGE BETWEEN b AND b] )`. */
  private parseWindow(call: Call): Expr {
    this.advance(); // OVER
    this.expectOperator('(');
    const partitionBy: Expr[] = [];
    if (this.isKeyword(this.peek(), 'PARTITION')) {
      this.advance();
      this.expectKeyword('BY');
      partitionBy.push(this.parseOr());
      while (this.isOperator(this.peek(), ',')) {
        this.advance();
        partitionBy.push(this.parseOr());
      }
    }
    const orderBy: WindowSortItem[] = [];
    if (this.isKeyword(this.peek(), 'ORDER')) {
      this.advance();
      this.expectKeyword('BY');
      do {
        if (orderBy.length > 0) this.advance(); // ","
        orderBy.push(this.parseWindowSortItem());
      } while (this.isOperator(this.peek(), ','));
    }
    let frame: WindowFrame | undefined;
    if (this.isKeyword(this.peek(), 'ROWS') || this.isKeyword(this.peek(), 'RANGE')) {
      const type = this.advance().text.toLowerCase() as 'rows' | 'range';
      this.expectKeyword('BETWEEN');
      const start = this.parseFrameBound();
      this.expectKeyword('AND');
      frame = { type, start, end: this.parseFrameBound() };
    }
    const close = this.expectOperator(')');
    return this.build(
      { kind: 'window', call, partitionBy, orderBy, ...(frame === undefined ? {} : { frame }), span: span(call.span.start, close.end) },
      call.span.start,
    );
  }

  private parseWindowSortItem(): WindowSortItem {
    const expr = this.parseOr();
    let direction: 'asc' | 'desc' = 'asc';
    if (this.isKeyword(this.peek(), 'ASC') || this.isKeyword(this.peek(), 'DESC')) direction = this.advance().text.toLowerCase() as 'asc' | 'desc';
    // NULLs sort last in both directions unless asked (decisions 7, as orderBy).
    let nulls: 'first' | 'last' = 'last';
    if (this.isKeyword(this.peek(), 'NULLS')) {
      this.advance();
      const which = this.peek();
      if (!this.isKeyword(which, 'FIRST') && !this.isKeyword(which, 'LAST')) this.unexpected(which);
      nulls = this.advance().text.toLowerCase() as 'first' | 'last';
    }
    return { expr, direction, nulls };
  }

  private parseFrameBound(): FrameBound {
    if (this.isKeyword(this.peek(), 'UNBOUNDED')) {
      this.advance();
      if (this.isKeyword(this.peek(), 'PRECEDING')) {
        this.advance();
        return { kind: 'unbounded_preceding' };
      }
      this.expectKeyword('FOLLOWING');
      return { kind: 'unbounded_following' };
    }
    if (this.isKeyword(this.peek(), 'CURRENT')) {
      this.advance();
      this.expectKeyword('ROW');
      return { kind: 'current_row' };
    }
    const offset = this.parseAdditive();
    if (this.isKeyword(this.peek(), 'PRECEDING')) {
      this.advance();
      return { kind: 'preceding', offset };
    }
    this.expectKeyword('FOLLOWING');
    return { kind: 'following', offset };
  }

  private parseCase(): Expr {
    const start = this.advance();
    const whens: WhenClause[] = [];
    do {
      this.expectKeyword('WHEN');
      const when = this.parseOr();
      this.expectKeyword('THEN');
      const then = this.parseOr();
      whens.push({ when, then });
    } while (this.isKeyword(this.peek(), 'WHEN'));
    let otherwise: Expr | undefined;
    if (this.isKeyword(this.peek(), 'ELSE')) {
      this.advance();
      otherwise = this.parseOr();
    }
    const end = this.expectKeyword('END');
    const node: Case =
      otherwise === undefined
        ? { kind: 'case', whens, span: span(start.start, end.end) }
        : { kind: 'case', whens, else: otherwise, span: span(start.start, end.end) };
    return this.build(node, start.start);
  }

  private parseCast(): Expr {
    const keyword = this.advance();
    this.advance(); // "("
    const operand = this.parseOr();
    this.expectKeyword('AS');
    const type = this.parseCastType();
    const close = this.expectOperator(')');
    const node: Cast = {
      kind: 'cast',
      operand,
      type,
      safe: keyword.text.toUpperCase() === 'TRY_CAST',
      span: span(keyword.start, close.end),
    };
    return this.build(node, keyword.start);
  }

  private parseCastType(): CastType {
    const word = this.peek();
    if (word.type !== 'identifier') this.unexpected(word);
    this.advance();
    const params: number[] = [];
    let end = word.end;
    if (this.isOperator(this.peek(), '(')) {
      this.advance();
      for (;;) {
        const param = this.peek();
        if (param.type !== 'number' || param.text.includes('.')) this.unexpected(param);
        this.advance();
        params.push(Number(param.text));
        if (!this.isOperator(this.peek(), ',')) break;
        this.advance();
      }
      end = this.expectOperator(')').end;
    }
    const resolved = resolveCastType(word.text, params);
    if (isCastTypeProblem(resolved)) this.fail('EXPR_INVALID_TYPE', resolved.problem, span(word.start, end));
    return resolved;
  }

  private binary(op: BinaryOperator, left: Expr, right: Expr, token: Token): Expr {
    return this.build({ kind: 'binary', op, left, right, span: span(left.span.start, right.span.end) }, token.start);
  }
}
