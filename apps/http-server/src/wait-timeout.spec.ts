import { DEFAULT_LIST_WAIT_SECONDS, MAX_LIST_WAIT_SECONDS, parseWaitTimeout } from './wait-timeout';

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

  it.each([
    [undefined, 30_000],
    ['0', 30_000],
    ['10', 10_000],
    ['61', 60_000],
  ])('reads %p of a held list wait as %i ms (default 30 s, at most 60 s)', (raw, ms) => {
    expect(parseWaitTimeout(raw, { defaultSeconds: DEFAULT_LIST_WAIT_SECONDS, maxSeconds: MAX_LIST_WAIT_SECONDS })).toBe(ms);
  });
});
