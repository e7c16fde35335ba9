import { poissonCumulative, poissonRepeats } from './poisson';

describe('poisson repeat counts', () => {
  it('tabulates the cumulative distribution up to a negligible tail', () => {
    const table = poissonCumulative(0.5);
    expect(table[0]).toBeCloseTo(Math.exp(-0.5), 12);
    expect(table[1]).toBeCloseTo(Math.exp(-0.5) * 1.5, 12);
    expect(1 - table[table.length - 1]).toBeLessThan(1e-11);
    expect(table.length).toBeLessThan(20);
  });

  it('maps a uniform draw to k by the inverse CDF, with the mean lambda', () => {
    const table = poissonCumulative(1);
    expect(poissonRepeats(0, table)).toBe(0);
    expect(poissonRepeats(table[0], table)).toBe(1);
    expect(poissonRepeats(0.999999999999, table)).toBeGreaterThan(5);
    const n = 100_000;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += poissonRepeats((i + 0.5) / n, table);
    expect(sum / n).toBeCloseTo(1, 2);
  });
});
