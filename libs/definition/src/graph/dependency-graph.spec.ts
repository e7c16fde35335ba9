import { DependencyCycleError, findCycle, type GraphNode, layoutGraph } from './dependency-graph';

const node = (ref: string, ...upstream: string[]): GraphNode => ({ ref, upstream });

describe('findCycle', () => {
  it('returns undefined for an acyclic graph', () => {
    expect(findCycle([node('a'), node('b', 'a'), node('c', 'a', 'b')])).toBeUndefined();
  });

  it('reports a cycle in data-flow order starting at its earliest asset', () => {
    // b reads a, c reads b, a reads c: a -> b -> c -> a
    expect(findCycle([node('a', 'c'), node('b', 'a'), node('c', 'b')])).toEqual(['a', 'b', 'c', 'a']);
    // the same cycle written in another order still starts at the earliest asset
    expect(findCycle([node('c', 'b'), node('a', 'c'), node('b', 'a')])).toEqual(['c', 'a', 'b', 'c']);
  });

  it('reports a self-reference', () => {
    expect(findCycle([node('in'), node('x', 'x')])).toEqual(['x', 'x']);
  });

  it('ignores references to unknown assets', () => {
    expect(findCycle([node('a', 'missing')])).toBeUndefined();
  });

  it('handles long chains without recursion', () => {
    const nodes = Array.from({ length: 50_000 }, (_, i) => node(`n${i}`, ...(i === 0 ? ['n49999'] : [`n${i - 1}`])));
    const cycle = findCycle(nodes);
    expect(cycle?.length).toBe(50_001);
    expect(cycle?.[0]).toBe('n0');
  });
});

describe('layoutGraph', () => {
  it('orders a chain and puts each step in its own wave', () => {
    const layout = layoutGraph([node('out', 'b'), node('b', 'a'), node('a')]);
    expect(layout.order).toEqual(['a', 'b', 'out']);
    expect(layout.waves).toEqual([['a'], ['b'], ['out']]);
    expect(layout.consumersOf.get('a')).toEqual(['b']);
    expect(layout.consumersOf.get('out')).toEqual([]);
  });

  it('breaks ties by document order and groups waves in document order', () => {
    const layout = layoutGraph([
      node('in2'),
      node('in1'),
      node('f2', 'in2'),
      node('f1', 'in1'),
      node('both', 'f1', 'f2'),
      node('o', 'both'),
    ]);
    expect(layout.order).toEqual(['in2', 'in1', 'f2', 'f1', 'both', 'o']);
    expect(layout.waves).toEqual([['in2', 'in1'], ['f2', 'f1'], ['both'], ['o']]);
  });

  it('puts an asset one wave after its latest upstream asset', () => {
    const layout = layoutGraph([node('a'), node('b', 'a'), node('c', 'b'), node('d', 'a', 'c')]);
    expect(layout.waveOf.get('d')).toBe(3);
    expect(layout.waves).toEqual([['a'], ['b'], ['c'], ['d']]);
  });

  it('lists consumers in plan order, once each', () => {
    const layout = layoutGraph([node('z', 'a'), node('a'), node('y', 'a', 'a')]);
    expect(layout.consumersOf.get('a')).toEqual(['z', 'y']);
  });

  it('throws the cycle when there is one', () => {
    expect(() => layoutGraph([node('a', 'b'), node('b', 'a')])).toThrow(new DependencyCycleError(['a', 'b', 'a']));
    expect(() => layoutGraph([node('a', 'b'), node('b', 'a')])).toThrow('cycle: a -> b -> a');
  });
});
