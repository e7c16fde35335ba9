import { layoutPlan } from './layout';
import { parsePlan } from './plan';

const PLAN = [
  '--- Inputs ---',
  '  [a] format=csv, path=a.csv',
  '  [b] format=csv, path=b.csv',
  '--- Transformations ---',
  '  [f] WHERE (from: a)',
  '  [j] JOIN (from: f, b)',
  '--- Outputs ---',
  '  [o] from=j, format=csv, mode=Overwrite, path=o.csv',
  'Execution waves: 4',
  '  Wave 0: a, b',
  '  Wave 1: f',
  '  Wave 2: j',
  '  Wave 3: o',
].join('\n');

describe('layoutPlan', () => {
  const layout = layoutPlan(parsePlan(PLAN));
  const at = (id: string) => {
    const node = layout.nodes.find((n) => n.id === id);
    if (!node) throw new Error(`no node ${id}`);
    return node;
  };

  it('puts the waves left to right, one column each', () => {
    expect(at('a').x).toBe(at('b').x);
    expect(at('a').x).toBeLessThan(at('f').x);
    expect(at('f').x).toBeLessThan(at('j').x);
    expect(at('j').x).toBeLessThan(at('o').x);
  });

  it('stacks the nodes of one wave without overlap', () => {
    expect(Math.abs(at('a').y - at('b').y)).toBeGreaterThanOrEqual(at('a').height);
  });

  it('draws each edge from the right side of its source to the left side of its target', () => {
    const edge = layout.edges.find((e) => e.from === 'b' && e.to === 'j');
    const start = /^M([\d.]+),([\d.]+)/.exec(edge?.path ?? '') ?? [];
    const end = / ([\d.]+),([\d.]+)$/.exec(edge?.path ?? '') ?? [];
    expect(Number(start[1])).toBeCloseTo(at('b').x + at('b').width / 2, 0);
    expect(Number(end[1])).toBeCloseTo(at('j').x - at('j').width / 2, 0);
    expect(layout.edges).toHaveLength(4);
  });

  it('fits every node inside the drawing', () => {
    for (const node of layout.nodes) {
      expect(node.x + node.width / 2).toBeLessThanOrEqual(layout.width);
      expect(node.y + node.height / 2).toBeLessThanOrEqual(layout.height);
      expect(node.x - node.width / 2).toBeGreaterThanOrEqual(0);
    }
  });

  it('draws nothing for an empty plan', () => {
    expect(layoutPlan({ nodes: [], edges: [], waves: [] })).toEqual({ nodes: [], edges: [], width: 0, height: 0 });
  });
});
