import { explainPipeline } from './plan-pipeline';

describe('explain of the reshaping kinds', () => {
  it('labels each by its canonical name upper-cased, `_` as a space, reading its one upstream asset', () => {
    const yaml = [
      'version: "3.0"',
      'input:',
      '  - { name: sales, format: csv, path: s.csv }',
      'transformation:',
      '  - name: r',
      '    rollup: { from: sales, by: [region], agg: ["count(*) AS n"] }',
      '  - name: c',
      '    cube: { from: r, by: [region], agg: ["sum(n) AS n"] }',
      '  - name: g',
      '    groupingSets: { from: c, sets: [[region], []], agg: ["sum(n) AS n", "grouping(region) AS gr"] }',
      '  - name: u',
      '    unpivot: { from: g, ids: [region], values: [n, gr], variableColumn: k, valueColumn: v }',
      '  - name: p',
      '    pivot: { from: u, groupBy: [region], pivotColumn: k, agg: ["sum(v)"] }',
      '  - name: x',
      '    crosstab: { from: p, col1: region, col2: region2 }',
      '  - name: d',
      '    describe: { from: x }',
      '  - name: t',
      '    transpose: { from: d, indexColumns: [summary] }',
      'output:',
      '  - { name: t, format: csv, path: o.csv }',
    ].join('\n');
    const explained = explainPipeline(yaml);
    if (!explained.ok) throw new Error(explained.error.message);
    expect(explained.text).toContain(['  [r] ROLLUP (from: sales)', '  [c] CUBE (from: r)', '  [g] GROUPING SETS (from: c)', '  [u] UNPIVOT (from: g)', '  [p] PIVOT (from: u)', '  [x] CROSSTAB (from: p)', '  [d] DESCRIBE (from: x)', '  [t] TRANSPOSE (from: d)'].join('\n'));
  });
});
