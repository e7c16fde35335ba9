import { assertNever } from './ast';

describe('assertNever', () => {
  it('throws naming the unexpected node', () => {
    expect(() => assertNever({ kind: 'bogus' } as never)).toThrow('unexpected expression node: {"kind":"bogus"}');
  });
});
