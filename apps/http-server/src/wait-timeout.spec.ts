import { parseWaitTimeout } from './wait-timeout';

describe('parseWaitTimeout', () => {
  it.each([
    [undefined, 300_000],
    ['0', 300_000],
    ['000', 300_000],
    ['1', 1_000],
    ['300', 300_000],
    ['3600', 3_600_000],
    ['3601', 3_600_000],
    ['99999999999999999999999', 3_600_000],
  ])('reads %p as %i ms', (raw, ms) => {
    expect(parseWaitTimeout(raw)).toBe(ms);
  });

  it.each([['-1'], ['1.5'], ['1e3'], [''], [' 5'], ['+5'], ['abc'], [['1', '2']], [{ a: '1' }]])(
    'rejects %p',
    (raw) => {
      expect(() => parseWaitTimeout(raw)).toThrow('timeout must be a non-negative integer');
    },
  );
});
