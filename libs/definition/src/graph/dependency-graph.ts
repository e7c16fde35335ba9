/**
 * The dependency graph of a pipeline's assets: cycle detection, a deterministic topological
 * order and execution waves. It lives here, below validation and planner, so that validation
 * (V-003) and the planner share one implementation without validation importing the planner.
 */

/** An asset as the graph sees it: its name and the assets it reads, in the order it names them. */
export interface GraphNode {
  readonly ref: string;
  readonly upstream: readonly string[];
}

/** Indexes nodes by name; references to names that are not nodes are ignored (V-001's job). */
function indexNodes(nodes: readonly GraphNode[]): Map<string, number> {
  const index = new Map<string, number>();
  nodes.forEach((node, i) => {
    if (!index.has(node.ref)) index.set(node.ref, i);
  });
  return index;
}

/** For each node (by document index), the indexes of the nodes that read it, in document order. */
function consumersByIndex(nodes: readonly GraphNode[], index: Map<string, number>): number[][] {
  const consumers: number[][] = nodes.map(() => []);
  nodes.forEach((node, i) => {
    for (const ref of new Set(node.upstream)) {
      const u = index.get(ref);
      if (u !== undefined) consumers[u]?.push(i);
    }
  });
  return consumers;
}

/**
 * Finds a dependency cycle and returns it in data-flow order, starting and ending with the
 * cycle's earliest asset in document order (`['a', 'b', 'c', 'a']` for a -> b -> c -> a, where
 * b reads a). Returns undefined when the graph is acyclic. Deterministic: the search starts from
 * assets in document order and follows consumers in document order.
 */
export function findCycle(nodes: readonly GraphNode[]): readonly string[] | undefined {
  const index = indexNodes(nodes);
  const consumers = consumersByIndex(nodes, index);
  const state = new Uint8Array(nodes.length); // 0 unseen, 1 on the current path, 2 finished
  for (let start = 0; start < nodes.length; start++) {
    if (state[start] !== 0) continue;
    // Iterative depth-first search; `path` holds the current chain, `next` each frame's cursor.
    const path: number[] = [start];
    const next: number[] = [0];
    state[start] = 1;
    while (path.length > 0) {
      const top = path.length - 1;
      const current = path[top] as number;
      const edges = consumers[current] as number[];
      const cursor = next[top] as number;
      if (cursor >= edges.length) {
        state[current] = 2;
        path.pop();
        next.pop();
        continue;
      }
      next[top] = cursor + 1;
      const target = edges[cursor] as number;
      if (state[target] === 1) {
        const cycle = path.slice(path.indexOf(target));
        return rotateToEarliest(cycle).map((i) => (nodes[i] as GraphNode).ref);
      }
      if (state[target] === 0) {
        state[target] = 1;
        path.push(target);
        next.push(0);
      }
    }
  }
  return undefined;
}

function rotateToEarliest(cycle: number[]): number[] {
  const earliest = cycle.indexOf(cycle.reduce((a, b) => Math.min(a, b)));
  const rotated = [...cycle.slice(earliest), ...cycle.slice(0, earliest)];
  return [...rotated, rotated[0] as number];
}

/** Raised when an order is asked of a graph that has a cycle. */
export class DependencyCycleError extends Error {
  override readonly name = 'DependencyCycleError';

  constructor(readonly cycle: readonly string[]) {
    super(`cycle: ${cycle.join(' -> ')}`);
  }
}

/** A minimal binary min-heap of document indexes, so ties resolve by document order. */
class IndexHeap {
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(value: number): void {
    const items = this.items;
    items.push(value);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((items[parent] as number) <= value) break;
      items[i] = items[parent] as number;
      i = parent;
    }
    items[i] = value;
  }

  pop(): number {
    const items = this.items;
    const top = items[0] as number;
    const last = items.pop() as number;
    if (items.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && (items[right] as number) < (items[left] as number) ? right : left;
        if ((items[child] as number) >= last) break;
        items[i] = items[child] as number;
        i = child;
      }
      items[i] = last;
    }
    return top;
  }
}

/** The analysed graph: a topological order, each asset's wave and consumers. */
export interface GraphLayout {
  /** Asset refs in a topological order; among assets ready at the same time, document order. */
  readonly order: readonly string[];
  /** 0 for assets reading nothing; otherwise 1 + the largest wave of their upstream assets. */
  readonly waveOf: ReadonlyMap<string, number>;
  /** Asset refs grouped by wave, each wave in document order. */
  readonly waves: readonly (readonly string[])[];
  /** For each asset, the assets that read it, in `order`. */
  readonly consumersOf: ReadonlyMap<string, readonly string[]>;
}

/**
 * Orders the graph (Kahn's algorithm, ready assets taken in document order) and computes waves
 * and consumers. Throws DependencyCycleError when the graph has a cycle.
 */
export function layoutGraph(nodes: readonly GraphNode[]): GraphLayout {
  const index = indexNodes(nodes);
  const consumers = consumersByIndex(nodes, index);
  const pending = nodes.map((node) => new Set(node.upstream.filter((ref) => index.has(ref))).size);
  const ready = new IndexHeap();
  pending.forEach((count, i) => {
    if (count === 0) ready.push(i);
  });

  const orderIndexes: number[] = [];
  const wave = new Array<number>(nodes.length).fill(0);
  while (ready.size > 0) {
    const i = ready.pop();
    orderIndexes.push(i);
    for (const c of consumers[i] as number[]) {
      wave[c] = Math.max(wave[c] as number, (wave[i] as number) + 1);
      pending[c] = (pending[c] as number) - 1;
      if (pending[c] === 0) ready.push(c);
    }
  }
  if (orderIndexes.length < nodes.length) {
    throw new DependencyCycleError(findCycle(nodes) ?? []);
  }

  const position = new Array<number>(nodes.length);
  orderIndexes.forEach((nodeIndex, rank) => {
    position[nodeIndex] = rank;
  });
  const refOf = (i: number): string => (nodes[i] as GraphNode).ref;
  const waves: string[][] = [];
  nodes.forEach((node, i) => {
    const w = wave[i] as number;
    while (waves.length <= w) waves.push([]);
    (waves[w] as string[]).push(node.ref);
  });
  const consumersOf = new Map<string, readonly string[]>();
  nodes.forEach((node, i) => {
    const sorted = [...(consumers[i] as number[])].sort((a, b) => (position[a] as number) - (position[b] as number));
    consumersOf.set(node.ref, sorted.map(refOf));
  });
  return {
    order: orderIndexes.map(refOf),
    waveOf: new Map(nodes.map((node, i) => [node.ref, wave[i] as number])),
    waves,
    consumersOf,
  };
}
