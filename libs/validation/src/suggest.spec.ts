import { closestName, editDistance } from './suggest';

describe('editDistance', () => {
  it.each([
    ['active', 'active', 0],
    ['actve', 'active', 1],
    ['atcive', 'active', 1],
    ['', 'abc', 3],
    ['salry', 'salary', 1],
    ['kitten', 'sitting', 3],
  ])('%s -> %s is %d', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
  });
});

describe('closestName', () => {
  it('names the closest candidate within a third of the word', () => {
    expect(closestName('actve', ['orders', 'active', 'inactive'])).toBe('active');
    expect(closestName('FLITER', ['from', 'filter'])).toBe('filter');
  });

  it('offers nothing for far, short, numbered or overlong words', () => {
    expect(closestName('customers', ['orders', 'active'])).toBeUndefined();
    expect(closestName('c', ['a', 'b'])).toBeUndefined();
    expect(closestName('col3', ['col1', 'col2'])).toBeUndefined();
    expect(closestName('x'.repeat(65), ['x'.repeat(64)])).toBeUndefined();
  });

  it('keeps the first of equally close candidates', () => {
    expect(closestName('cat', ['bat', 'hat'])).toBe('bat');
  });
});
