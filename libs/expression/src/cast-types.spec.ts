import { BINARY_REFUSED, DEFAULT_DECIMAL, isCastTypeProblem, printCastType, resolveCastType, SIMPLE_TYPE_NAMES } from './cast-types';

describe('resolveCastType', () => {
  it.each<[string, number[], unknown]>([
    ['int', [], { name: 'integer' }],
    ['INTEGER', [], { name: 'integer' }],
    ['bigint', [], { name: 'long' }],
    ['smallint', [], { name: 'short' }],
    ['tinyint', [], { name: 'byte' }],
    ['TIMESTAMP_NTZ', [], { name: 'timestamp' }],
    ['real', [], { name: 'float' }],
    ['bool', [], { name: 'boolean' }],
    ['text', [], { name: 'string' }],
    ['varchar', [10], { name: 'string' }],
    ['char', [1], { name: 'string' }],
    ['decimal', [], DEFAULT_DECIMAL],
    ['numeric', [38, 38], { name: 'decimal', precision: 38, scale: 38 }],
    ['decimal', [5], { name: 'decimal', precision: 5, scale: 0 }],
  ])('%s %j', (word, params, expected) => {
    expect(resolveCastType(word, params)).toEqual(expected);
  });

  it.each<[string, number[], string]>([
    ['blob', [], 'unknown type "blob"'],
    ['BINARY', [], `type binary is not supported: ${BINARY_REFUSED}`],
    ['decimal', [0], 'decimal precision must be between 1 and 38, got 0'],
    ['decimal', [39, 0], 'decimal precision must be between 1 and 38, got 39'],
    ['decimal', [4, 5], 'decimal scale must be between 0 and the precision 4, got 5'],
    ['varchar', [1, 2], 'type varchar takes at most 1 parameter, got 2'],
    ['double', [8], 'type double takes no parameters'],
  ])('refuses %s %j', (word, params, problem) => {
    const resolved = resolveCastType(word, params);
    expect(isCastTypeProblem(resolved)).toBe(true);
    expect(resolved).toEqual({ problem });
  });

  it('maps every accepted spelling onto a canonical name that maps to itself', () => {
    for (const canonical of Object.values(SIMPLE_TYPE_NAMES)) expect(SIMPLE_TYPE_NAMES[canonical]).toBe(canonical);
  });

  it('prints canonical type text', () => {
    expect(printCastType({ name: 'decimal', precision: 10, scale: 2 })).toBe('decimal(10,2)');
    expect(printCastType({ name: 'decimal' })).toBe('decimal(10,0)');
    expect(printCastType({ name: 'long' })).toBe('long');
  });
});
