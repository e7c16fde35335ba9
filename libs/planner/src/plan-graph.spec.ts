import { planPipeline } from './plan-pipeline';
import { isPlanGraphFormat, renderPlanGraph } from './plan-graph';
import type { Plan } from './plan';

const JOINED = `version: "3.0"
pipeline:
  name: joined
  assets:
    - asset_ref: people
      source:
        input: { format: csv, path: people.csv }
    - asset_ref: depts
      source:
        input: { format: csv, path: depts.csv }
    - asset_ref: with-dept
      source:
        join:
          left: people
          right:
            - name: depts
              type: inner
              on: ["people.dept = depts.id"]
    - asset_ref: out
      source:
        output: { from: with-dept, format: csv, path: out/joined.csv, mode: overwrite }
`;

function plan(yaml: string): Plan {
  const result = planPipeline(yaml);
  if (!result.ok) throw new Error(result.error.message);
  return result.plan;
}

describe('renderPlanGraph', () => {
  it('writes a Mermaid flowchart with one node per asset and one edge per upstream name, in plan order', () => {
    expect(renderPlanGraph(plan(JOINED), 'mermaid')).toBe(
      [
        'flowchart LR',
        '  n0["people<br/>INPUT"]',
        '  n1["depts<br/>INPUT"]',
        '  n2["with-dept<br/>JOIN"]',
        '  n3["out<br/>OUTPUT"]',
        '  n0 --> n2',
        '  n1 --> n2',
        '  n2 --> n3',
      ].join('\n'),
    );
  });

  it('writes a Graphviz digraph named after the pipeline, asset names quoted', () => {
    expect(renderPlanGraph(plan(JOINED), 'dot')).toBe(
      [
        'digraph "joined" {',
        '  rankdir=LR;',
        '  node [shape=box];',
        '  "people" [label="people\\nINPUT"];',
        '  "depts" [label="depts\\nINPUT"];',
        '  "with-dept" [label="with-dept\\nJOIN"];',
        '  "out" [label="out\\nOUTPUT"];',
        '  "people" -> "with-dept";',
        '  "depts" -> "with-dept";',
        '  "with-dept" -> "out";',
        '}',
      ].join('\n'),
    );
  });

  it('adds a node for an upstream name that is not a step of its own (a split branch) and escapes quotes', () => {
    const handmade: Plan = {
      name: 'say "hi"',
      steps: [
        { ref: 'raw', source: { kind: 'input', format: 'csv', path: 'a.csv', options: {} }, upstream: [], consumers: [], wave: 0 },
        {
          ref: 'out',
          source: { kind: 'output', from: 'kept', format: 'csv', path: 'o.csv', mode: 'overwrite', options: {} },
          upstream: ['kept'],
          consumers: [],
          wave: 2,
        },
      ] as unknown as Plan['steps'],
      waves: [['raw'], ['kept'], ['out']],
    };
    expect(renderPlanGraph(handmade, 'dot').split('\n')).toEqual([
      'digraph "say \\"hi\\"" {',
      '  rankdir=LR;',
      '  node [shape=box];',
      '  "raw" [label="raw\\nINPUT"];',
      '  "out" [label="out\\nOUTPUT"];',
      '  "kept" [label="kept"];',
      '  "kept" -> "out";',
      '}',
    ]);
    expect(renderPlanGraph(handmade, 'mermaid')).toContain('  n2["kept"]\n  n2 --> n1');
  });

  it('names its formats', () => {
    expect(isPlanGraphFormat('dot')).toBe(true);
    expect(isPlanGraphFormat('mermaid')).toBe(true);
    expect(isPlanGraphFormat('svg')).toBe(false);
  });
});
