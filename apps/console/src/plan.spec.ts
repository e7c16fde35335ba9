import { parsePlan } from './plan';

const EXAMPLE = [
  '=== Pipeline Execution Plan ===',
  '',
  '--- Inputs ---',
  '  [raw] format=csv, path=employees.csv',
  '  [depts] format=parquet, path=data/a, b.parquet',
  '',
  '--- Transformations ---',
  '  [active] WHERE (from: raw)',
  '  [joined] JOIN (from: active, depts)',
  '  [by_dept] GROUP BY (from: joined)',
  '',
  '--- Outputs ---',
  '  [summary] from=by_dept, format=parquet, mode=Overwrite, path=out/summary.parquet',
  '',
  'Total: 2 inputs, 3 transformations, 1 outputs',
  'Execution waves: 5',
  '  Wave 0: raw, depts',
  '  Wave 1: active',
  '  Wave 2: joined',
  '  Wave 3: by_dept',
  '  Wave 4: summary',
].join('\n');

describe('parsePlan', () => {
  it('reads every asset with its role, kind, detail and wave', () => {
    const graph = parsePlan(EXAMPLE);
    expect(graph.nodes).toEqual([
      { id: 'raw', role: 'input', kind: 'CSV INPUT', detail: 'format=csv, path=employees.csv', wave: 0 },
      { id: 'depts', role: 'input', kind: 'PARQUET INPUT', detail: 'format=parquet, path=data/a, b.parquet', wave: 0 },
      { id: 'active', role: 'transformation', kind: 'WHERE', detail: 'from: raw', wave: 1 },
      { id: 'joined', role: 'transformation', kind: 'JOIN', detail: 'from: active, depts', wave: 2 },
      { id: 'by_dept', role: 'transformation', kind: 'GROUP BY', detail: 'from: joined', wave: 3 },
      {
        id: 'summary',
        role: 'output',
        kind: 'PARQUET OUTPUT',
        detail: 'format=parquet, mode=Overwrite, path=out/summary.parquet',
        wave: 4,
      },
    ]);
  });

  it('turns each upstream reference into an edge, several upstreams in order', () => {
    expect(parsePlan(EXAMPLE).edges).toEqual([
      { from: 'raw', to: 'active' },
      { from: 'active', to: 'joined' },
      { from: 'depts', to: 'joined' },
      { from: 'joined', to: 'by_dept' },
      { from: 'by_dept', to: 'summary' },
    ]);
  });

  it('reads the waves, several assets in one wave', () => {
    expect(parsePlan(EXAMPLE).waves).toEqual([['raw', 'depts'], ['active'], ['joined'], ['by_dept'], ['summary']]);
  });

  it('accepts CRLF line ends and a plan without a Transformations section', () => {
    const text = [
      '=== Pipeline Execution Plan ===',
      '',
      '--- Inputs ---',
      '  [a] format=json, path=a.json',
      '',
      '--- Outputs ---',
      '  [b] from=a, format=csv, mode=Error, path=b.csv',
      '',
      'Total: 1 inputs, 0 transformations, 1 outputs',
      'Execution waves: 2',
      '  Wave 0: a',
      '  Wave 1: b',
    ].join('\r\n');
    const graph = parsePlan(text);
    expect(graph.nodes.map((node) => [node.id, node.role, node.kind, node.wave])).toEqual([
      ['a', 'input', 'JSON INPUT', 0],
      ['b', 'output', 'CSV OUTPUT', 1],
    ]);
    expect(graph.edges).toEqual([{ from: 'a', to: 'b' }]);
  });

  it('makes a node of an asset named only in the waves (a split branch)', () => {
    const text = [
      '--- Inputs ---',
      '  [raw] format=csv, path=x.csv',
      '--- Transformations ---',
      '  [s] SPLIT (from: raw)',
      '  [p] SELECT (from: good)',
      '--- Outputs ---',
      '  [o] from=p, format=csv, mode=Overwrite, path=o.csv',
      'Total: 1 inputs, 2 transformations, 1 outputs',
      'Execution waves: 4',
      '  Wave 0: raw',
      '  Wave 1: s',
      '  Wave 2: good, bad',
      '  Wave 3: p',
      '  Wave 4: o',
    ].join('\n');
    const graph = parsePlan(text);
    expect(graph.nodes.filter((node) => node.kind === 'BRANCH').map((node) => [node.id, node.wave])).toEqual([
      ['good', 2],
      ['bad', 2],
    ]);
    expect(graph.edges).toContainEqual({ from: 'good', to: 'p' });
  });

  it('gives nothing for text that is not a plan, rather than failing', () => {
    expect(parsePlan('hello\n[x] y')).toEqual({ nodes: [], edges: [], waves: [] });
  });
});
