import { cellText } from './format';

describe('cellText', () => {
  it('shows null, nested values as JSON and the rest as text', () => {
    expect(cellText(null)).toBe('null');
    expect(cellText({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    expect(cellText(52000.5)).toBe('52000.5');
    expect(cellText(false)).toBe('false');
    expect(cellText('<b>')).toBe('<b>');
  });
});
