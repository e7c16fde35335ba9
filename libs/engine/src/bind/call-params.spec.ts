import { parseExpression } from '@pipeline/definition';
import type { JsScalar } from '@pipeline/engine-danfo';
import {
  bindExpression,
  type Column,
  type BoundCall,
  type CallOf,
  type FunctionTyping,
  type Typing,
} from '@pipeline/engine-core';

const COLUMNS: Column[] = [
  { name: 's', type: 'string' },
  { name: 'd', type: 'date' },
  { name: 'ts', type: 'timestamp' },
  { name: 'n', type: 'long' },
  { name: 'x', type: 'double' },
  { name: 'v', type: 'variant' },
  { name: 'st', type: 'struct<a:long,b:string>' },
];

/** The call `text` binds to, in a row scope (an aggregate scope for `aggregate`). */
function bound(text: string, context: 'row' | 'aggregate' = 'row'): BoundCall {
  const e = bindExpression(parseExpression(text), { asset: 's', field: 'columns', from: 'raw', columns: COLUMNS, context, groupKeys: [] });
  if (e.kind !== 'call') throw new Error(`not a call: ${text}`);
  return e;
}

describe('literal arguments resolved by the binder', () => {
  it.each([
    ["date_trunc('MONTH', ts)", { unit: 'month' }],
    ["regexp_extract(s, '(a)(b)', 2)", { pattern: '(a)(b)', group: 2 }],
    ["regexp_extract(s, '(a)')", { pattern: '(a)', group: 1 }],
    ["regexp_replace(s, '(a)', '<$1>')", { pattern: '(a)', replacement: [{ text: '<' }, { group: 1 }, { text: '>' }] }],
    ['months_between(ts, d, FALSE)', { roundOff: false }],
    ['months_between(ts, d)', { roundOff: true }],
    ["next_day(d, 'fri')", { weekday: 5 }],
    ["to_date(s, 'dd/MM/yyyy')", { pattern: { written: 'dd/MM/yyyy' } }],
    ['to_timestamp(s)', { pattern: undefined }],
    ["unix_timestamp(s, 'yyyy')", { pattern: { written: 'yyyy' } }],
    ['from_unixtime(n)', { pattern: { written: 'yyyy-MM-dd HH:mm:ss' } }],
    ["date_format(d, 'dd.MM.')", { pattern: { written: 'dd.MM.' } }],
    ["get_json_object(s, '$.a[1]')", { path: [{ kind: 'member', name: 'a' }, { kind: 'index', index: 1 }] }],
    ["variant_get(v, '$.a', 'long')", { path: [{ kind: 'member', name: 'a' }], type: 'long' }],
    ["from_json(s, 'array<long>')", { schema: 'array<long>' }],
    ['schema_of_json(\'{"a": 1}\')', { json: '{"a": 1}' }],
    ["named_struct('p', n, 'q', s)", { names: ['p', 'q'] }],
    ["drop_fields(st, 'A')", { fields: [{ name: 'b', type: 'string', from: 'b' }] }],
    ["with_field(st, 'c', x)", { fields: [{ name: 'a', from: 'a' }, { name: 'b', from: 'b' }, { name: 'c', type: 'double' }] }],
  ])('%s', (text, params) => {
    expect(bound(text)).toMatchObject({ params });
  });

  it('percentile fractions and json_tuple keys', () => {
    expect(bound('percentile(x, 0.25)', 'aggregate')).toMatchObject({ params: { fraction: 0.25 } });
    expect(bound("json_tuple(s, 'a', 'b')")).toMatchObject({ params: { keys: ['a', 'b'] } });
  });

  it('a call of a function without literal arguments carries no params', () => {
    expect(bound('upper(s)')).not.toHaveProperty('params');
  });
});

/**
 * The seam at the type level: `nx run engine:typecheck` compiles this function (it never runs), and
 * each `@ts-expect-error` fails the check if the line below it compiles.
 */
export function unresolvedParamsDoNotCompile(call: BoundCall, trunc: CallOf<'date_trunc'>, format: CallOf<'date_format'>, upper: CallOf<'upper'>): unknown[] {
  const read: unknown[] = [trunc.params.unit, format.params.pattern];
  if (call.name === 'regexp_replace') read.push(call.params.replacement);
  // @ts-expect-error: which params a call has is only known once its name is.
  read.push(call.params);
  // @ts-expect-error: upper takes no literal argument, so its calls have no params.
  read.push(upper.params);
  // @ts-expect-error: date_format's params have a pattern, no unit.
  read.push(format.params.unit);
  // A backend's entry for date_format cannot read a parameter the binder does not resolve for it.
  const js: JsScalar<CallOf<'date_format'>> = {
    kind: 'scalar',
    strict: true,
    // @ts-expect-error: no unit on date_format's params.
    make: ({ call: c }) => () => c.params.unit,
  };
  // @ts-expect-error: date_trunc's typing rule must resolve its unit, not only give a type.
  const rule: FunctionTyping<Typing<'date_trunc'>> = () => 'timestamp';
  read.push(js, rule);
  return read;
}
