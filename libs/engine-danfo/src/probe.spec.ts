import { answerProbe } from './probe';
import type { DanfoInput } from './kinds/danfo-kind';

describe("danfo's probe answers", () => {
  it('samples the first non-NULL values of a column, in input order, up to the limit', () => {
    const input = { asset: 'a', frame: undefined, columns: [{ name: 'p', type: 'string' }], data: [[null, 'x', 'y', null, 'z']], rowCount: 5 } as unknown as DanfoInput;
    expect(answerProbe({ input: 0, columns: ['p'], what: 'sample', limit: 2, field: 'schema' }, input)).toEqual([['x'], ['y']]);
  });
});
