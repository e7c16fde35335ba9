import { parseExpression } from '@pipeline/definition';
import { bindExpression, type Column, type Scope } from './bind-expression';

const COLUMNS: Column[] = [
  { name: 'a', type: 'integer' },
  { name: 'dt', type: 'date' },
  { name: 'ts', type: 'timestamp' },
  { name: 'g', type: 'string' },
  { name: 'blob', type: 'blob' },
];

function failure(text: string, context: Scope['context'] = 'row'): { code: string; message: string } {
  try {
    bindExpression(parseExpression(text), { asset: 's', field: 'columns', from: 'raw', columns: COLUMNS, context, groupKeys: ['g'] });
  } catch (e) {
    const { code, message } = e as { code: string; message: string };
    return { code, message };
  }
  throw new Error(`bound without error: ${text}`);
}

describe('binding calls', () => {
  it.each([
    ['upper(g, g)', 'E_TYPE', 'asset "s": columns: function "upper" takes 1 argument, got 2: upper(g, g)'],
    ['upper(DISTINCT g)', 'E_TYPE', 'asset "s": columns: function "upper" does not accept DISTINCT: upper(DISTINCT g)'],
    ['upper(*)', 'E_TYPE', 'asset "s": columns: "*" is only allowed as count(*): upper(*)'],
    ['nope(a)', 'E_UNSUPPORTED_FUNCTION', 'asset "s": columns: unknown function "nope"'],
    ['sum(a)', 'E_AGGREGATE', 'asset "s": columns: aggregate function "sum" is not allowed here'],
  ])('applies the catalogue rules the validator applies: %s', (text, code, message) => {
    expect(failure(text)).toEqual({ code, message });
  });

  it.each([
    ['percentile(a, 1.5)', 'percentile needs a number literal between 0 and 1 as its percentage: percentile(a, 1.5)'],
    ['percentile(a, a)', 'percentile needs a number literal between 0 and 1 as its percentage: percentile(a, a)'],
    ['percentile_approx(a, 0.5, 0)', 'percentile_approx needs a positive whole-number literal as its accuracy: percentile_approx(a, 0.5, 0)'],
    ['percentile(g, 0.5)', 'percentile needs a number as its first argument, got string: percentile(g, 0.5)'],
  ])('refuses %s', (text, problem) => {
    expect(failure(text, 'aggregate')).toEqual({ code: 'E_TYPE', message: `asset "s": columns: ${problem}` });
  });

  it('refuses an aggregate inside another, naming both', () => {
    expect(failure('max(sum(a))', 'aggregate')).toEqual({
      code: 'E_AGGREGATE',
      message: 'asset "s": columns: aggregate function "sum" cannot be used inside aggregate function "max"',
    });
  });

  it('reads text as the shared type of a sharedArgType function, and counts values of any type', () => {
    const bound = bindExpression(parseExpression("coalesce(dt, '2024-01-31')"), {
      asset: 's',
      field: 'columns',
      from: 'raw',
      columns: COLUMNS,
      context: 'row',
    });
    expect(bound).toMatchObject({ kind: 'call', name: 'coalesce', type: 'date', args: [{ type: 'date' }, { kind: 'typed_literal', value: '2024-01-31' }] });
    expect(failure('upper(blob)').message).toBe('asset "s": columns: blob has type blob, which expressions cannot compute with');
    const counted = bindExpression(parseExpression('count(blob)'), { asset: 's', field: 'agg', from: 'raw', columns: COLUMNS, context: 'aggregate' });
    expect(counted.type).toBe('long');
  });
});
