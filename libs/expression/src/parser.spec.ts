import type { Expr } from './ast';
import { ExpressionSyntaxError } from './errors';
import { MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH, parseExpression } from './parser';
import { printExpression } from './printer';
import { expressionDepth } from './walk';

/** The tree without spans, for structure-only assertions. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'span')
        .map(([key, v]) => [key, shape(v)]),
    );
  }
  return value;
}

const parsed = (text: string): unknown => shape(parseExpression(text));
const col = (name: string, qualifier?: string) =>
  qualifier === undefined ? { kind: 'column', name } : { kind: 'column', name, qualifier };
const int = (text: string) => ({ kind: 'number', text, isInteger: true });
const bin = (op: string, left: unknown, right: unknown) => ({ kind: 'binary', op, left, right });
const not = (operand: unknown) => ({ kind: 'unary', op: 'NOT', operand });

function syntaxError(text: string): ExpressionSyntaxError {
  try {
    parseExpression(text);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`);
}

describe('parseExpression: literals', () => {
  it('reads integers and decimals as their digits', () => {
    expect(parseExpression('42')).toEqual({ kind: 'number', text: '42', isInteger: true, span: { start: 0, end: 2 } });
    expect(parseExpression(' 3.14 ')).toEqual({
      kind: 'number',
      text: '3.14',
      isInteger: false,
      span: { start: 1, end: 5 },
    });
    expect(parsed('007')).toEqual(int('007'));
  });

  it('reads single-quoted strings with doubled-quote escapes', () => {
    expect(parseExpression("'it''s'")).toEqual({ kind: 'string', value: "it's", span: { start: 0, end: 7 } });
    expect(parsed("''")).toEqual({ kind: 'string', value: '' });
    expect(parsed("''''")).toEqual({ kind: 'string', value: "'" });
    expect(parsed("'a\nb'")).toEqual({ kind: 'string', value: 'a\nb' });
  });

  it('reads TRUE, FALSE and NULL in any case', () => {
    expect(parseExpression('TRUE')).toEqual({ kind: 'boolean', value: true, span: { start: 0, end: 4 } });
    expect(parsed('false')).toEqual({ kind: 'boolean', value: false });
    expect(parsed('True')).toEqual({ kind: 'boolean', value: true });
    expect(parseExpression('Null')).toEqual({ kind: 'null', span: { start: 0, end: 4 } });
  });

  it('reads DATE and TIMESTAMP literals', () => {
    expect(parseExpression("DATE '2024-02-29'")).toEqual({
      kind: 'typed_literal',
      type: 'date',
      value: '2024-02-29',
      span: { start: 0, end: 17 },
    });
    expect(parsed("timestamp '2024-01-31 10:00:00'")).toEqual({
      kind: 'typed_literal',
      type: 'timestamp',
      value: '2024-01-31 10:00:00',
    });
    expect(parsed("TIMESTAMP '2025-01-15T10:30:00.123Z'")).toEqual({
      kind: 'typed_literal',
      type: 'timestamp',
      value: '2025-01-15T10:30:00.123Z',
    });
    expect(parsed("TIMESTAMP '2025-01-15'")).toEqual({ kind: 'typed_literal', type: 'timestamp', value: '2025-01-15' });
  });

  it('reads a TIMESTAMP_NTZ literal as a timestamp without a zone', () => {
    expect(parsed("TIMESTAMP_NTZ '2025-01-15T10:30:00'")).toEqual({ kind: 'typed_literal', type: 'timestamp', value: '2025-01-15T10:30:00' });
    expect(parsed('timestamp_ntz')).toEqual(col('timestamp_ntz'));
  });

  it('keeps date and timestamp usable as column names', () => {
    expect(parsed('date')).toEqual(col('date'));
    expect(parsed('timestamp > 1')).toEqual(bin('>', col('timestamp'), int('1')));
  });

  it('reads INTERVAL literals of whole numbers and units, singular or plural, in any case', () => {
    expect(parseExpression('INTERVAL 1 year 6 MONTHS')).toEqual({
      kind: 'interval',
      parts: [
        { value: 1, unit: 'year' },
        { value: 6, unit: 'month' },
      ],
      span: { start: 0, end: 24 },
    });
    expect(parseExpression('interval -2 days')).toMatchObject({ kind: 'interval', parts: [{ value: -2, unit: 'day' }] });
    expect(parseExpression('INTERVAL 1.25 SECONDS')).toMatchObject({ kind: 'interval', parts: [{ value: 1.25, unit: 'second' }] });
    expect(parseExpression('hired + INTERVAL 3 HOURS 1 SECOND')).toMatchObject({
      kind: 'binary',
      op: '+',
      right: { kind: 'interval', parts: [{ value: 3, unit: 'hour' }, { value: 1, unit: 'second' }] },
    });
  });

  it('keeps interval usable as a column name', () => {
    expect(parsed('interval > 1')).toEqual(bin('>', col('interval'), int('1')));
  });
});

describe('parseExpression: identifiers', () => {
  it('reads plain, backtick-quoted and qualified names', () => {
    expect(parseExpression('salary')).toEqual({ kind: 'column', name: 'salary', span: { start: 0, end: 6 } });
    expect(parsed('_x9')).toEqual(col('_x9'));
    expect(parseExpression('`my column`')).toEqual({ kind: 'column', name: 'my column', span: { start: 0, end: 11 } });
    expect(parsed('`a``b`')).toEqual(col('a`b'));
    expect(parsed('`order`')).toEqual(col('order'));
    expect(parsed('`table.name`')).toEqual(col('table.name'));
    expect(parseExpression('orders.amount')).toEqual({
      kind: 'column',
      name: 'amount',
      qualifier: 'orders',
      span: { start: 0, end: 13 },
    });
    expect(parsed('`my t`.`my c`')).toEqual(col('my c', 'my t'));
  });

  it('keeps the case of column names', () => {
    expect(parsed('Salary')).toEqual(col('Salary'));
  });

  it('reads * and qualified *', () => {
    expect(parseExpression('*')).toEqual({ kind: 'star', span: { start: 0, end: 1 } });
    expect(parseExpression('t.*')).toEqual({ kind: 'star', qualifier: 't', span: { start: 0, end: 3 } });
  });
});

describe('parseExpression: nested value access (spec 9.7)', () => {
  it('reads .field and [key] left to right after any primary, with spans', () => {
    expect(parsed('items[0]')).toEqual({ kind: 'index', operand: col('items'), index: int('0') });
    expect(parseExpression("m['k']")).toEqual({
      kind: 'index',
      operand: { kind: 'column', name: 'm', span: { start: 0, end: 1 } },
      index: { kind: 'string', value: 'k', span: { start: 2, end: 5 } },
      span: { start: 0, end: 6 },
    });
    // `a.b` stays a qualified column (the binder reads it as a field of a struct column a).
    expect(parsed('address.city')).toEqual(col('city', 'address'));
    expect(parsed('t.address.city')).toEqual({ kind: 'field', operand: col('address', 't'), field: 'city' });
    expect(parsed('orders[0].items[0].price')).toEqual({
      kind: 'field',
      operand: { kind: 'index', operand: { kind: 'field', operand: { kind: 'index', operand: col('orders'), index: int('0') }, field: 'items' }, index: int('0') },
      field: 'price',
    });
    expect(parsed('f(x)[1]')).toEqual({ kind: 'index', operand: { kind: 'call', name: 'f', args: [col('x')], distinct: false }, index: int('1') });
  });

  it('binds access tighter than unary minus and arithmetic', () => {
    expect(parsed('-a[0] * 2')).toEqual(bin('*', { kind: 'unary', op: '-', operand: { kind: 'index', operand: col('a'), index: int('0') } }, int('2')));
  });
});

describe('parseExpression: lambdas and named arguments (spec 9.8, 9.9)', () => {
  it('reads lambdas of one and several parameters as call arguments', () => {
    expect(parsed('transform(a, x -> x + 1)')).toEqual({
      kind: 'call',
      name: 'transform',
      args: [col('a'), { kind: 'lambda', params: ['x'], body: bin('+', col('x'), int('1')) }],
      distinct: false,
    });
    expect(parsed('aggregate(a, 0, (acc, x) -> acc)')).toMatchObject({ args: [col('a'), int('0'), { kind: 'lambda', params: ['acc', 'x'], body: col('acc') }] });
    expect(parseExpression('f(x -> 1)')).toMatchObject({ args: [{ kind: 'lambda', span: { start: 2, end: 8 } }] });
  });

  it('puts named arguments in their places (E-EXPR-002, E-EXPR-003 as EXPR_NAMED_ARGUMENT)', () => {
    expect(parsed('substring(len => 3, str => s, pos => 1)')).toEqual({ kind: 'call', name: 'substring', args: [col('s'), int('1'), int('3')], distinct: false });
    expect(parsed('map_filter(func => (k, v) -> v, map => m)')).toEqual({
      kind: 'call',
      name: 'map_filter',
      args: [col('m'), { kind: 'lambda', params: ['k', 'v'], body: col('v') }],
      distinct: false,
    });
    for (const [text, message, code] of [
      ['substring(str => s, 1)', 'a positional argument cannot follow a named one at column 21', 'EXPR_NAMED_ARGUMENT'],
      ['substring(s, pos => 1, POS => 2)', 'argument "POS" is named twice at column 24', 'EXPR_NAMED_ARGUMENT'],
      ['substring(s, start => 1)', 'function "substring" has no parameter "start" (parameters: str, pos, len) at column 14', 'EXPR_NAMED_ARGUMENT'],
      ['substring(s, str => 1)', 'argument "str" of "substring" is also given by position at column 14', 'EXPR_NAMED_ARGUMENT'],
      ['substring(s, len => 1)', 'argument "pos" of "substring" is missing before the ones named at column 14', 'EXPR_NAMED_ARGUMENT'],
      ['upper(str => s)', 'function "upper" takes no named arguments at column 7', 'EXPR_NAMED_ARGUMENT'],
      ["drop_fields(s, 'a', name => 'b')", 'function "drop_fields" takes no named arguments at column 21', 'EXPR_NAMED_ARGUMENT'],
      ['zip_with(a, func => (x, y) -> x)', 'argument "array2" of "zip_with" is missing before the ones named at column 13', 'EXPR_NAMED_ARGUMENT'],
    ] as const) {
      const error = syntaxError(text);
      expect([error.message, error.code]).toEqual([message, code]);
    }
  });
});

describe('parseExpression: operators', () => {
  it('reads arithmetic and concatenation with spans', () => {
    expect(parseExpression('a + 1')).toEqual({
      kind: 'binary',
      op: '+',
      left: { kind: 'column', name: 'a', span: { start: 0, end: 1 } },
      right: { kind: 'number', text: '1', isInteger: true, span: { start: 4, end: 5 } },
      span: { start: 0, end: 5 },
    });
    for (const op of ['*', '/', '%', '+', '-', '||']) {
      expect(parsed(`a ${op} b`)).toEqual(bin(op, col('a'), col('b')));
    }
  });

  it('normalises == to = and <> to !=', () => {
    expect(parsed('a == b')).toEqual(bin('=', col('a'), col('b')));
    expect(parsed('a <> b')).toEqual(bin('!=', col('a'), col('b')));
    for (const op of ['=', '!=', '<', '<=', '>', '>=', '<=>']) {
      expect(parsed(`a ${op} b`)).toEqual(bin(op, col('a'), col('b')));
    }
  });

  it('reads operators without spaces', () => {
    expect(parsed('a<=b')).toEqual(bin('<=', col('a'), col('b')));
    expect(parsed('a<=>b')).toEqual(bin('<=>', col('a'), col('b')));
    expect(parsed('a||b')).toEqual(bin('||', col('a'), col('b')));
  });

  it('reads unary minus and plus', () => {
    expect(parseExpression('-5')).toEqual({
      kind: 'unary',
      op: '-',
      operand: { kind: 'number', text: '5', isInteger: true, span: { start: 1, end: 2 } },
      span: { start: 0, end: 2 },
    });
    expect(parsed('+a')).toEqual({ kind: 'unary', op: '+', operand: col('a') });
    expect(parsed('- -a')).toEqual({ kind: 'unary', op: '-', operand: { kind: 'unary', op: '-', operand: col('a') } });
  });

  it('reads logical operators in any case', () => {
    expect(parsed('a and b or not c')).toEqual(bin('OR', bin('AND', col('a'), col('b')), not(col('c'))));
    expect(parsed('NOT NOT a')).toEqual(not(not(col('a'))));
  });

  it('reads IS [NOT] NULL', () => {
    expect(parseExpression('x IS NULL')).toEqual({
      kind: 'is_null',
      operand: { kind: 'column', name: 'x', span: { start: 0, end: 1 } },
      negated: false,
      span: { start: 0, end: 9 },
    });
    expect(parsed('x is not null')).toEqual({ kind: 'is_null', operand: col('x'), negated: true });
  });

  it('reads [NOT] IN lists', () => {
    expect(parseExpression("x IN ('a')")).toEqual({
      kind: 'in',
      operand: { kind: 'column', name: 'x', span: { start: 0, end: 1 } },
      list: [{ kind: 'string', value: 'a', span: { start: 6, end: 9 } }],
      negated: false,
      span: { start: 0, end: 10 },
    });
    expect(parsed('x NOT IN (1,2)')).toEqual({ kind: 'in', operand: col('x'), list: [int('1'), int('2')], negated: true });
    expect(parsed('x in (a + 1, -2)')).toEqual({
      kind: 'in',
      operand: col('x'),
      list: [bin('+', col('a'), int('1')), { kind: 'unary', op: '-', operand: int('2') }],
      negated: false,
    });
  });

  it('reads [NOT] BETWEEN', () => {
    expect(parseExpression('x BETWEEN 1 AND 2')).toEqual({
      kind: 'between',
      operand: { kind: 'column', name: 'x', span: { start: 0, end: 1 } },
      low: { kind: 'number', text: '1', isInteger: true, span: { start: 10, end: 11 } },
      high: { kind: 'number', text: '2', isInteger: true, span: { start: 16, end: 17 } },
      negated: false,
      span: { start: 0, end: 17 },
    });
    expect(parsed('x not between a - 1 and b * 2')).toEqual({
      kind: 'between',
      operand: col('x'),
      low: bin('-', col('a'), int('1')),
      high: bin('*', col('b'), int('2')),
      negated: true,
    });
  });

  it('reads [NOT] LIKE, ILIKE and RLIKE', () => {
    expect(parseExpression("name LIKE 'A%'")).toEqual({
      kind: 'like',
      op: 'LIKE',
      operand: { kind: 'column', name: 'name', span: { start: 0, end: 4 } },
      pattern: { kind: 'string', value: 'A%', span: { start: 10, end: 14 } },
      negated: false,
      span: { start: 0, end: 14 },
    });
    expect(parsed("name not ilike 'a%'")).toEqual({
      kind: 'like',
      op: 'ILIKE',
      operand: col('name'),
      pattern: { kind: 'string', value: 'a%' },
      negated: true,
    });
    expect(parsed("email NOT RLIKE '.*@.*'")).toEqual({
      kind: 'like',
      op: 'RLIKE',
      operand: col('email'),
      pattern: { kind: 'string', value: '.*@.*' },
      negated: true,
    });
    expect(parsed("a LIKE b || '%'")).toEqual({
      kind: 'like',
      op: 'LIKE',
      operand: col('a'),
      pattern: bin('||', col('b'), { kind: 'string', value: '%' }),
      negated: false,
    });
  });
});

describe('parseExpression: CASE, CAST, calls and aliases', () => {
  it('reads a searched CASE with and without ELSE', () => {
    expect(parseExpression("CASE WHEN a > 1 THEN 'hi' ELSE 'lo' END")).toEqual({
      kind: 'case',
      whens: [
        {
          when: {
            kind: 'binary',
            op: '>',
            left: { kind: 'column', name: 'a', span: { start: 10, end: 11 } },
            right: { kind: 'number', text: '1', isInteger: true, span: { start: 14, end: 15 } },
            span: { start: 10, end: 15 },
          },
          then: { kind: 'string', value: 'hi', span: { start: 21, end: 25 } },
        },
      ],
      else: { kind: 'string', value: 'lo', span: { start: 31, end: 35 } },
      span: { start: 0, end: 39 },
    });
    expect(parsed('case when a then 1 when b then 2 end')).toEqual({
      kind: 'case',
      whens: [
        { when: col('a'), then: int('1') },
        { when: col('b'), then: int('2') },
      ],
    });
  });

  it('reads CAST and TRY_CAST with canonical type names', () => {
    expect(parseExpression('CAST(x AS int)')).toEqual({
      kind: 'cast',
      operand: { kind: 'column', name: 'x', span: { start: 5, end: 6 } },
      type: { name: 'integer' },
      safe: false,
      span: { start: 0, end: 14 },
    });
    expect(parsed("try_cast('42' as BIGINT)")).toEqual({
      kind: 'cast',
      operand: { kind: 'string', value: '42' },
      type: { name: 'long' },
      safe: true,
    });
    const typeOf = (t: string) => (shape(parseExpression(`CAST(x AS ${t})`)) as { type: unknown }).type;
    expect(typeOf('string')).toEqual({ name: 'string' });
    expect(typeOf('VARCHAR(255)')).toEqual({ name: 'string' });
    expect(typeOf('varchar')).toEqual({ name: 'string' });
    expect(typeOf('char(3)')).toEqual({ name: 'string' });
    expect(typeOf('smallint')).toEqual({ name: 'short' });
    expect(typeOf('short')).toEqual({ name: 'short' });
    expect(typeOf('tinyint')).toEqual({ name: 'byte' });
    expect(typeOf('byte')).toEqual({ name: 'byte' });
    expect(typeOf('long')).toEqual({ name: 'long' });
    expect(typeOf('Integer')).toEqual({ name: 'integer' });
    expect(typeOf('float')).toEqual({ name: 'float' });
    expect(typeOf('double')).toEqual({ name: 'double' });
    expect(typeOf('boolean')).toEqual({ name: 'boolean' });
    expect(typeOf('date')).toEqual({ name: 'date' });
    expect(typeOf('timestamp')).toEqual({ name: 'timestamp' });
    expect(typeOf('decimal')).toEqual({ name: 'decimal', precision: 10, scale: 0 });
    expect(typeOf('decimal(12)')).toEqual({ name: 'decimal', precision: 12, scale: 0 });
    expect(typeOf('DECIMAL(10, 2)')).toEqual({ name: 'decimal', precision: 10, scale: 2 });
  });

  it('reads function calls with lower-cased names', () => {
    expect(parseExpression('AVG(salary)')).toEqual({
      kind: 'call',
      name: 'avg',
      args: [{ kind: 'column', name: 'salary', span: { start: 4, end: 10 } }],
      distinct: false,
      span: { start: 0, end: 11 },
    });
    expect(parsed('current_date()')).toEqual({ kind: 'call', name: 'current_date', args: [], distinct: false });
    expect(parsed('round(x, 2)')).toEqual({ kind: 'call', name: 'round', args: [col('x'), int('2')], distinct: false });
    expect(parsed('upper(trim(concat(a, b)))')).toEqual({
      kind: 'call',
      name: 'upper',
      distinct: false,
      args: [
        {
          kind: 'call',
          name: 'trim',
          distinct: false,
          args: [{ kind: 'call', name: 'concat', args: [col('a'), col('b')], distinct: false }],
        },
      ],
    });
  });

  it('reads COUNT(*) and COUNT(DISTINCT x)', () => {
    expect(parseExpression('COUNT(*)')).toEqual({
      kind: 'call',
      name: 'count',
      args: [{ kind: 'star', span: { start: 6, end: 7 } }],
      distinct: false,
      span: { start: 0, end: 8 },
    });
    expect(parsed('count(distinct x)')).toEqual({ kind: 'call', name: 'count', args: [col('x')], distinct: true });
  });

  it('reads a top-level alias, bare or backticked', () => {
    expect(parseExpression('sum(x) AS total')).toEqual({
      kind: 'alias',
      expr: {
        kind: 'call',
        name: 'sum',
        args: [{ kind: 'column', name: 'x', span: { start: 4, end: 5 } }],
        distinct: false,
        span: { start: 0, end: 6 },
      },
      alias: 'total',
      span: { start: 0, end: 15 },
    });
    expect(parsed('a + b as `a plus b`')).toEqual({ kind: 'alias', expr: bin('+', col('a'), col('b')), alias: 'a plus b' });
    expect(parsed('a OR b AS c')).toEqual({ kind: 'alias', expr: bin('OR', col('a'), col('b')), alias: 'c' });
  });

  it('reads a list of aliases AS (a, b) for a generator, with its span up to the bracket', () => {
    expect(parseExpression('posexplode(m) AS (p, `the key`, v)')).toEqual({
      kind: 'alias',
      expr: { kind: 'call', name: 'posexplode', args: [{ kind: 'column', name: 'm', span: { start: 11, end: 12 } }], distinct: false, span: { start: 0, end: 13 } },
      alias: 'p',
      names: ['p', 'the key', 'v'],
      span: { start: 0, end: 34 },
    });
    expect(parsed('explode(tags) AS (tag)')).toMatchObject({ kind: 'alias', alias: 'tag', names: ['tag'] });
  });

  it('keeps no node for brackets but widens the span over them', () => {
    expect(parseExpression('(a)')).toEqual({ kind: 'column', name: 'a', span: { start: 0, end: 3 } });
    expect(parseExpression('(a + b) * c')).toEqual({
      kind: 'binary',
      op: '*',
      left: {
        kind: 'binary',
        op: '+',
        left: { kind: 'column', name: 'a', span: { start: 1, end: 2 } },
        right: { kind: 'column', name: 'b', span: { start: 5, end: 6 } },
        span: { start: 0, end: 7 },
      },
      right: { kind: 'column', name: 'c', span: { start: 10, end: 11 } },
      span: { start: 0, end: 11 },
    });
  });
});

describe('parseExpression: precedence', () => {
  it.each<[string, unknown]>([
    ['NOT a AND b OR c', bin('OR', bin('AND', not(col('a')), col('b')), col('c'))],
    ['a OR b AND c', bin('OR', col('a'), bin('AND', col('b'), col('c')))],
    ['a + b * c', bin('+', col('a'), bin('*', col('b'), col('c')))],
    ['a * b + c', bin('+', bin('*', col('a'), col('b')), col('c'))],
    ['-a * b', bin('*', { kind: 'unary', op: '-', operand: col('a') }, col('b'))],
    ['a - b - c', bin('-', bin('-', col('a'), col('b')), col('c'))],
    ['a / b % c', bin('%', bin('/', col('a'), col('b')), col('c'))],
    ['a || b = c', bin('=', bin('||', col('a'), col('b')), col('c'))],
    ['a || b + c', bin('+', bin('||', col('a'), col('b')), col('c'))],
    [
      'a = b AND c BETWEEN 1 AND 2',
      bin('AND', bin('=', col('a'), col('b')), {
        kind: 'between',
        operand: col('c'),
        low: int('1'),
        high: int('2'),
        negated: false,
      }),
    ],
    ['NOT a = b', not(bin('=', col('a'), col('b')))],
    ['NOT x IS NULL', not({ kind: 'is_null', operand: col('x'), negated: false })],
    ['a + 1 IS NULL', { kind: 'is_null', operand: bin('+', col('a'), int('1')), negated: false }],
    ['a = 1 OR b = 2 AND NOT c', bin('OR', bin('=', col('a'), int('1')), bin('AND', bin('=', col('b'), int('2')), not(col('c'))))],
    ['(a OR b) AND c', bin('AND', bin('OR', col('a'), col('b')), col('c'))],
    ['a - -b', bin('-', col('a'), { kind: 'unary', op: '-', operand: col('b') })],
    ['(a = b) = c', bin('=', bin('=', col('a'), col('b')), col('c'))],
    ['x BETWEEN 1 AND 2 AND y', bin('AND', { kind: 'between', operand: col('x'), low: int('1'), high: int('2'), negated: false }, col('y'))],
  ])('%s', (text, expected) => {
    expect(parsed(text)).toEqual(expected);
  });
});

describe('parseExpression: errors', () => {
  it.each<[string, string]>([
    ['', 'empty expression at column 1'],
    ['   ', 'empty expression at column 1'],
    ['salary >', 'unexpected end of expression at column 9'],
    ['salary > 50000 AND )', 'unexpected token ")" at column 20'],
    ['upper(name) )', 'unexpected token ")" at column 13'],
    ["name = 'abc", 'unterminated string literal at column 8'],
    ['`my col + 1', 'unterminated quoted identifier at column 1'],
    ['``', 'empty quoted identifier at column 1'],
    ['a = b = c', 'unexpected token "=" at column 7'],
    ['a < b > c', 'unexpected token ">" at column 7'],
    ['x IS NULL IS NULL', 'unexpected token "IS" at column 11'],
    ['a NOT b', 'unexpected token "NOT" at column 3'],
    ['a b', 'unexpected token "b" at column 3'],
    ['1 2', 'unexpected token "2" at column 3'],
    ['12abc', 'unexpected token "abc" at column 3'],
    ['(a AS b)', 'unexpected token "AS" at column 4'],
    ['f(a AS b)', 'unexpected token "AS" at column 5'],
    ['a AS b AS c', 'unexpected token "AS" at column 8'],
    ['a AS', 'unexpected end of expression at column 5'],
    ['a AS and', 'unexpected token "and" at column 6'],
    ['a AS 1', 'unexpected token "1" at column 6'],
    ['a AS ()', 'unexpected token ")" at column 7'],
    ['a AS (x,)', 'unexpected token ")" at column 9'],
    ['a AS (x y)', 'unexpected token "y" at column 9'],
    ['a AS (x', 'unexpected end of expression at column 8'],
    ['a.b.1', 'unexpected token "1" at column 5'],
    ['a.', 'unexpected end of expression at column 3'],
    ['1.', 'unexpected end of expression at column 3'],
    ['a[0', 'unexpected end of expression at column 4'],
    ['a[]', 'unexpected token "]" at column 3'],
    ['a]', 'unexpected token "]" at column 2'],
    ['a.b.AND', 'unexpected token "AND" at column 5'],
    ['x -> x', 'unexpected token "->" at column 3'],
    ['f((x, 1) -> x)', 'unexpected token "," at column 5'],
    ['transform(a, (x, x) -> x)', 'lambda parameter "x" is named twice at column 14'],
    ['transform(a, x ->)', 'unexpected token ")" at column 18'],
    ['a # b', 'unexpected character "#" at column 3'],
    ['a | b', 'unexpected character "|" at column 3'],
    ['a ! b', 'unexpected character "!" at column 3'],
    ['#a', 'unexpected character "#" at column 1'],
    ['"name" = 1', "double quotes are not allowed (write 'text' for a string, `name` for a column) at column 1"],
    ['x IN ()', 'unexpected token ")" at column 7'],
    ['x IN 1', 'unexpected token "1" at column 6'],
    ['x IN (1, 2', 'unexpected end of expression at column 11'],
    ['x BETWEEN 1', 'unexpected end of expression at column 12'],
    ['x BETWEEN 1 OR 2', 'unexpected token "OR" at column 13'],
    ['x IS 1', 'unexpected token "1" at column 6'],
    ['CASE END', 'unexpected token "END" at column 6'],
    ['CASE x WHEN 1 THEN 2 END', 'unexpected token "x" at column 6'],
    ['CASE WHEN a THEN b', 'unexpected end of expression at column 19'],
    ['CASE WHEN a b END', 'unexpected token "b" at column 13'],
    ['CAST(x)', 'unexpected token ")" at column 7'],
    ['CAST x', 'unexpected token "x" at column 6'],
    ['CAST(x AS)', 'unexpected token ")" at column 10'],
    ['CAST(x AS foo)', 'unknown type "foo" at column 11'],
    ['CAST(x AS decimal(40,2))', 'decimal precision must be between 1 and 38, got 40 at column 11'],
    ['CAST(x AS decimal(5,6))', 'decimal scale must be between 0 and the precision 5, got 6 at column 11'],
    ['CAST(x AS decimal(1,2,3))', 'type decimal takes at most 2 parameters, got 3 at column 11'],
    ['CAST(x AS varchar(0))', 'type varchar length must be at least 1, got 0 at column 11'],
    ['CAST(x AS int(4))', 'type int takes no parameters at column 11'],
    ['CAST(x AS decimal(1.5))', 'unexpected token "1.5" at column 19'],
    ["DATE '2024-02-30'", "invalid DATE literal '2024-02-30' (expected YYYY-MM-DD) at column 6"],
    ["DATE '24-1-1'", "invalid DATE literal '24-1-1' (expected YYYY-MM-DD) at column 6"],
    ["TIMESTAMP '2024-01-01 24:00:00'", "invalid TIMESTAMP literal '2024-01-01 24:00:00' (expected YYYY-MM-DD HH:MM:SS) at column 11"],
    ["TIMESTAMP_NTZ '2025-13-01T00:00:00'", "invalid TIMESTAMP_NTZ literal '2025-13-01T00:00:00' (expected YYYY-MM-DD HH:MM:SS, no time zone) at column 15"],
    ["TIMESTAMP_NTZ '2025-01-01T00:00:00Z'", "invalid TIMESTAMP_NTZ literal '2025-01-01T00:00:00Z' (expected YYYY-MM-DD HH:MM:SS, no time zone) at column 15"],
    ['INTERVAL 1', 'INTERVAL needs a unit after 1 (YEAR, MONTH, DAY, HOUR, MINUTE or SECOND) at column 11'],
    ['INTERVAL 2 WEEKS', 'INTERVAL needs a unit after 2 (YEAR, MONTH, DAY, HOUR, MINUTE or SECOND) at column 12'],
    ['INTERVAL 1.5 DAYS', 'INTERVAL day counts are whole numbers, got 1.5 at column 10'],
    ['INTERVAL 1.1234567 SECONDS', 'INTERVAL seconds have at most 6 decimals, got 1.1234567 at column 10'],
    ['INTERVAL 1000001 DAYS', 'INTERVAL value 1000001 is larger than 1000000 at column 10'],
    ['count(DISTINCT)', 'unexpected token ")" at column 15'],
    ['f(a,)', 'unexpected token ")" at column 5'],
    ['f(,a)', 'unexpected token "," at column 3'],
    ['f(a', 'unexpected end of expression at column 4'],
    ['t.f(a)', 'unexpected token "(" at column 4'],
    ['and', 'unexpected token "and" at column 1'],
    ['a AND', 'unexpected end of expression at column 6'],
    ['NOT', 'unexpected end of expression at column 4'],
    ['((a)', 'unexpected end of expression at column 5'],
    ['a)', 'unexpected token ")" at column 2'],
    ['-', 'unexpected end of expression at column 2'],
    ['a * / b', 'unexpected token "/" at column 5'],
    ["a = 'x' 'y'", 'unexpected token "\'y\'" at column 9'],
    ['a = 1 )  # b', 'unexpected token ")" at column 7'],
  ])('%j -> %s', (text, message) => {
    const error = syntaxError(text);
    expect(error.message).toBe(message);
    expect(error.details.column).toBe(Number(/at column (\d+)$/.exec(message)?.[1]));
  });

  it('reports the first problem in the text, not the first the lexer meets', () => {
    expect(syntaxError("a ) 'unterminated").message).toBe('unexpected token ")" at column 3');
    expect(syntaxError("a = 'unterminated").message).toBe('unterminated string literal at column 5');
  });

  it('gives the error code and the offending span', () => {
    const error = syntaxError('salary > 50000 AND )');
    expect(error.code).toBe('EXPR_SYNTAX');
    expect(error.details).toEqual({ column: 20, span: { start: 19, end: 20 } });
    expect(syntaxError('CAST(x AS decimal(40,2))').code).toBe('EXPR_INVALID_TYPE');
    expect(syntaxError("DATE 'x'").code).toBe('EXPR_INVALID_LITERAL');
    expect(syntaxError('CAST(x AS decimal(40,2))').details.span).toEqual({ start: 10, end: 23 });
  });

  it('shortens very long tokens in messages', () => {
    const long = 'x'.repeat(100);
    expect(syntaxError(`a ${long}`).message).toBe(`unexpected token "${'x'.repeat(37)}..." at column 3`);
  });

  it('treats reserved words as reserved unless backticked', () => {
    expect(syntaxError('case = 1').message).toBe('unexpected token "=" at column 6');
    expect(syntaxError('select.end').message).toBe('unexpected token "end" at column 8');
    expect(parsed('`case` = 1')).toEqual(bin('=', col('case'), int('1')));
  });
});

describe('parseExpression: typed literals and types of spec 10', () => {
  it('reads ~ as a unary operator binding like unary minus (spec 9.2)', () => {
    expect(parsed('~a')).toEqual({ kind: 'unary', op: '~', operand: col('a') });
    expect(parsed('~a + 1')).toEqual(bin('+', { kind: 'unary', op: '~', operand: col('a') }, int('1')));
    expect(parsed('~-a')).toEqual({ kind: 'unary', op: '~', operand: { kind: 'unary', op: '-', operand: col('a') } });
    expect(printExpression(parseExpression('~ (a + 1)'))).toBe('~(a + 1)');
  });

  it('refuses an invalid DATE or TIMESTAMP_NTZ text as E-EXPR-004 (EXPR_INVALID_LITERAL)', () => {
    expect(syntaxError("DATE 'not-a-date'").code).toBe('EXPR_INVALID_LITERAL');
    expect(syntaxError("TIMESTAMP_NTZ '2025-13-01T00:00:00'").code).toBe('EXPR_INVALID_LITERAL');
    expect(syntaxError("TIMESTAMP_NTZ '2025-01-01T00:00:00Z'").message).toBe(
      "invalid TIMESTAMP_NTZ literal '2025-01-01T00:00:00Z' (expected YYYY-MM-DD HH:MM:SS, no time zone) at column 15",
    );
  });

  it("refuses X'...' with a non-hex digit as E-EXPR-005, and a valid one on purpose", () => {
    const bad = syntaxError("X'ZZZZ'");
    expect(bad.code).toBe('EXPR_INVALID_BINARY');
    expect(bad.message).toBe(`invalid X'...' literal 'ZZZZ': "Z" is not a hexadecimal digit (0-9, A-F) at column 2`);
    expect(syntaxError("x 'DEADBEEG'").code).toBe('EXPR_INVALID_BINARY');
    const refused = syntaxError("X'DEADBEEF' = b");
    expect(refused.code).toBe('EXPR_NOT_SUPPORTED');
    expect(refused.message).toMatch(/^X'\.\.\.' literals are not supported: no output format of this service writes binary values/);
    // x is still a column name.
    expect(parsed('x + 1')).toEqual(bin('+', col('x'), int('1')));
  });

  it('refuses the binary type with the reason, and reads char(n) / varchar(n) as string', () => {
    const error = syntaxError('CAST(a AS binary)');
    expect(error.code).toBe('EXPR_INVALID_TYPE');
    expect(error.message).toMatch(/^type binary is not supported: no output format/);
    expect(parsed('CAST(a AS varchar(3))')).toEqual({ kind: 'cast', operand: col('a'), type: { name: 'string' }, safe: false });
    expect(parsed('CAST(a AS char(10))')).toEqual({ kind: 'cast', operand: col('a'), type: { name: 'string' }, safe: false });
    expect(syntaxError('CAST(a AS char(0))').message).toBe('type char length must be at least 1, got 0 at column 11');
  });
});

describe('parseExpression: limits', () => {
  it(`accepts nesting up to ${MAX_EXPRESSION_DEPTH} levels`, () => {
    const depth = MAX_EXPRESSION_DEPTH - 1;
    const text = '('.repeat(depth) + 'a' + ')'.repeat(depth);
    expect(parsed(text)).toEqual(col('a'));
    const negations = 'NOT '.repeat(MAX_EXPRESSION_DEPTH - 1) + 'a';
    expect(expressionDepth(parseExpression(negations))).toBe(MAX_EXPRESSION_DEPTH);
  });

  it('rejects deeper bracket nesting with a clear error instead of overflowing the stack', () => {
    const error = syntaxError('('.repeat(40_000) + 'a' + ')'.repeat(40_000));
    expect(error.code).toBe('EXPR_TOO_DEEP');
    expect(error.message).toBe(`expression nested too deeply (more than ${MAX_EXPRESSION_DEPTH} levels) at column 256`);
  });

  it('rejects deep unary chains and deep function nesting', () => {
    expect(syntaxError('NOT '.repeat(MAX_EXPRESSION_DEPTH) + 'a').code).toBe('EXPR_TOO_DEEP');
    expect(syntaxError('-'.repeat(10_000) + '1').code).toBe('EXPR_TOO_DEEP');
    expect(syntaxError('abs('.repeat(5_000) + '1' + ')'.repeat(5_000)).code).toBe('EXPR_TOO_DEEP');
  });

  it('rejects operator chains whose tree would be too tall for recursive consumers', () => {
    const ok = Array.from({ length: MAX_EXPRESSION_DEPTH }, () => 'a').join(' + ');
    expect(expressionDepth(parseExpression(ok))).toBe(MAX_EXPRESSION_DEPTH);
    const tooLong = Array.from({ length: MAX_EXPRESSION_DEPTH + 1 }, () => 'a').join(' + ');
    const error = syntaxError(tooLong);
    expect(error.code).toBe('EXPR_TOO_DEEP');
    // The operator that made the tree one level too tall.
    expect(error.details.column).toBe(4 * MAX_EXPRESSION_DEPTH - 1);
    expect(syntaxError(Array.from({ length: 5_000 }, (_, i) => `x = ${i}`).join(' OR ')).code).toBe('EXPR_TOO_DEEP');
  });

  it('rejects text over the length limit before reading it', () => {
    const error = syntaxError('a'.repeat(MAX_EXPRESSION_LENGTH + 1));
    expect(error.code).toBe('EXPR_TOO_LONG');
    expect(error.message).toBe(
      `expression too long (${MAX_EXPRESSION_LENGTH + 1} characters, limit ${MAX_EXPRESSION_LENGTH}) at column ${MAX_EXPRESSION_LENGTH + 1}`,
    );
    expect(parsed('a'.repeat(MAX_EXPRESSION_LENGTH))).toEqual(col('a'.repeat(MAX_EXPRESSION_LENGTH)));
  });

  it('reads a long valid string literal quickly and exactly', () => {
    const body = "x''".repeat(20_000);
    const e = parseExpression(`'${body}'`) as Expr & { value: string };
    expect(e.value).toBe("x'".repeat(20_000));
  });
});

describe('parseExpression: extract (spec 9.13.11)', () => {
  it.each([
    ['extract(YEAR FROM hired)', 'year'],
    ['EXTRACT(month from hired)', 'month'],
    ['extract(WEEK FROM hired)', 'weekofyear'],
    ['extract(DayOfWeek FROM hired)', 'dayofweek'],
    ['extract(DAYOFYEAR FROM hired)', 'dayofyear'],
    ['extract(QUARTER FROM hired)', 'quarter'],
    ['extract(SECOND FROM hired)', 'second'],
  ])('reads %s as a call of %s', (text, name) => {
    expect(parsed(text)).toEqual({ kind: 'call', name, args: [col('hired')], distinct: false });
  });

  it('takes any expression after FROM and prints back as the call', () => {
    const e = parseExpression("extract(DAY FROM hired + INTERVAL 1 DAY) > 1");
    expect(printExpression(e)).toBe('day(hired + INTERVAL 1 DAY) > 1');
    expect(parseExpression('extract(HOUR FROM ts)').span).toEqual({ start: 0, end: 21 });
  });

  it('leaves a column or function named extract alone', () => {
    expect(parsed('extract(x)')).toEqual({ kind: 'call', name: 'extract', args: [col('x')], distinct: false });
    expect(parsed('extract + 1')).toEqual(bin('+', col('extract'), int('1')));
  });

  it('refuses an unknown field', () => {
    const error = syntaxError('extract(EPOCH FROM ts)');
    expect(error.message).toBe(
      'extract needs a field before FROM: YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFWEEK, DAYOFYEAR, HOUR, MINUTE, SECOND; got EPOCH at column 9',
    );
  });
});
