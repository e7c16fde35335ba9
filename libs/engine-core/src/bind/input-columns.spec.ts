import { insideAsWritten } from './input-columns';

describe('insideAsWritten (which input paths the column look may stat by name)', () => {
  it.each([
    ['e.csv', 'e.csv'],
    ['data/e.csv', 'data/e.csv'],
    ['./data/../e.csv', 'e.csv'],
    ['a/b/../../e.csv', 'e.csv'],
  ])('keeps %s, inside the root as written', (given, expected) => {
    expect(insideAsWritten(given)).toBe(expected);
  });

  it.each([['/etc/passwd'], ['../e.csv'], ['..'], ['a/../../e.csv'], ['e\0.csv'], [''], [42], [undefined]])(
    'refuses %p: outside the root as written, or no path',
    (given) => {
      expect(insideAsWritten(given)).toBeUndefined();
    },
  );
});
