/**
 * Lays a plan graph out left to right: the x position of a node is its execution wave, so waves
 * read as columns; dagre orders the nodes inside each column to keep edges short and uncrossed.
 * Pure data in, pure data out (no DOM), so it is tested in Node.
 */
import dagre from '@dagrejs/dagre';
import type { PlanEdge, PlanGraph, PlanNode } from './plan';

/** A node with its box (x, y: the centre). */
export interface PlacedNode extends PlanNode {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** An edge with its SVG path (a curve from the source's right side to the target's left side). */
export interface PlacedEdge extends PlanEdge {
  readonly path: string;
}

/** The laid-out graph and the size of the drawing. */
export interface Layout {
  readonly nodes: readonly PlacedNode[];
  readonly edges: readonly PlacedEdge[];
  readonly width: number;
  readonly height: number;
}

const NODE_HEIGHT = 52;
const COLUMN_GAP = 64;
const ROW_GAP = 22;
const MARGIN = 16;

/** A width that fits the node's two lines of text (estimated, no DOM to measure with). */
export function nodeWidth(node: PlanNode): number {
  return Math.max(96, Math.ceil(Math.max(node.id.length * 8.2, node.kind.length * 7.2)) + 36);
}

/** Places every node and edge of `graph`. */
export function layoutPlan(graph: PlanGraph): Layout {
  if (graph.nodes.length === 0) return { nodes: [], edges: [], width: 0, height: 0 };
  const known = new Set(graph.nodes.map((node) => node.id));
  const waveOf = new Map<string, number>();
  // A node missing from the waves goes one column right of its furthest upstream node.
  const wave = (id: string, seen = new Set<string>()): number => {
    const cached = waveOf.get(id);
    if (cached !== undefined) return cached;
    const node = graph.nodes.find((n) => n.id === id);
    let value = node && node.wave >= 0 ? node.wave : 0;
    if (node && node.wave < 0 && !seen.has(id)) {
      seen.add(id);
      for (const edge of graph.edges) if (edge.to === id && known.has(edge.from)) value = Math.max(value, wave(edge.from, seen) + 1);
    }
    waveOf.set(id, value);
    return value;
  };
  graph.nodes.forEach((node) => wave(node.id));

  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: ROW_GAP, ranksep: COLUMN_GAP, marginx: MARGIN, marginy: MARGIN });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: nodeWidth(node), height: NODE_HEIGHT });
  graph.edges.forEach((edge, i) => {
    if (!known.has(edge.from) || !known.has(edge.to)) return;
    // Edges spanning several waves stretch over as many ranks, so dagre's ranks follow the waves.
    const minlen = Math.max(1, (waveOf.get(edge.to) ?? 0) - (waveOf.get(edge.from) ?? 0));
    g.setEdge(edge.from, edge.to, { minlen }, `e${i}`);
  });
  dagre.layout(g);

  // Columns by wave: each as wide as its widest node.
  const columns = Math.max(...waveOf.values()) + 1;
  const columnWidth = new Array<number>(columns).fill(0);
  for (const node of graph.nodes) {
    const w = waveOf.get(node.id) ?? 0;
    columnWidth[w] = Math.max(columnWidth[w], nodeWidth(node));
  }
  const columnX: number[] = [];
  let x = MARGIN;
  for (let w = 0; w < columns; w++) {
    columnX.push(x + columnWidth[w] / 2);
    x += columnWidth[w] + (columnWidth[w] > 0 ? COLUMN_GAP : 0);
  }

  const nodes: PlacedNode[] = graph.nodes.map((node) => {
    const laid = g.node(node.id);
    return { ...node, x: columnX[waveOf.get(node.id) ?? 0], y: laid.y, width: nodeWidth(node), height: NODE_HEIGHT };
  });
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const edges: PlacedEdge[] = [];
  for (const edge of graph.edges) {
    const from = byId.get(edge.from);
    const to = byId.get(edge.to);
    if (!from || !to) continue;
    const x1 = from.x + from.width / 2;
    const x2 = to.x - to.width / 2;
    const bend = Math.max(24, (x2 - x1) / 2);
    const path = `M${r(x1)},${r(from.y)} C${r(x1 + bend)},${r(from.y)} ${r(x2 - bend)},${r(to.y)} ${r(x2)},${r(to.y)}`;
    edges.push({ ...edge, path });
  }
  const width = x - COLUMN_GAP + MARGIN;
  const height = Math.max(...nodes.map((node) => node.y + node.height / 2)) + MARGIN;
  return { nodes, edges, width, height };
}

function r(n: number): string {
  return String(Math.round(n * 10) / 10);
}
