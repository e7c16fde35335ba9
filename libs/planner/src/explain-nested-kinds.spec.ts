import { explainPipeline } from './plan-pipeline';

describe('explain of flatten and parse', () => {
  it('labels each by its canonical name upper-cased, reading its one upstream asset', () => {
    const yaml = [
      'version: "3.0"',
      'input:',
      '  - { name: logs, format: csv, path: l.csv }',
      'transformation:',
      '  - name: p',
      '    parse: { from: logs, column: payload, format: json, schema: [{ name: who, dataType: "struct<name: string>" }] }',
      '  - name: f',
      '    flatten: { from: p, explodeArrays: true }',
      'output:',
      '  - { name: f, format: json, path: o.json }',
    ].join('\n');
    const explained = explainPipeline(yaml);
    if (!explained.ok) throw new Error(explained.error.message);
    expect(explained.text).toContain(['  [p] PARSE (from: logs)', '  [f] FLATTEN (from: p)'].join('\n'));
  });
});
