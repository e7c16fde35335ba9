/**
 * Draws a laid-out plan as SVG: inputs as rounded pills, transformations as rectangles, outputs as
 * arrow-shaped pentagons, each with its name and kind; edges with arrowheads. Every node is
 * focusable and labelled for screen readers; data attributes name nodes and edges for tests.
 */
import type { Layout, PlacedNode } from './layout';

const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

function shape(node: PlacedNode): SVGElement {
  const left = node.x - node.width / 2;
  const top = node.y - node.height / 2;
  if (node.role === 'input') {
    return el('rect', { x: left, y: top, width: node.width, height: node.height, rx: node.height / 2, class: 'shape' });
  }
  if (node.role === 'output') {
    const tip = 14;
    const right = left + node.width;
    const bottom = top + node.height;
    const points = [
      [left, top],
      [right - tip, top],
      [right, node.y],
      [right - tip, bottom],
      [left, bottom],
      [left + tip / 2, node.y],
    ];
    return el('polygon', { points: points.map((p) => p.join(',')).join(' '), class: 'shape' });
  }
  return el('rect', { x: left, y: top, width: node.width, height: node.height, rx: 4, class: 'shape' });
}

/** Replaces the content of `svg` with the drawing of `layout`. */
export function renderGraph(svg: SVGSVGElement, layout: Layout): void {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${Math.max(layout.width, 1)} ${Math.max(layout.height, 1)}`);
  svg.setAttribute('width', String(Math.ceil(layout.width)));
  svg.setAttribute('height', String(Math.ceil(layout.height)));
  const defs = el('defs', {});
  const marker = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' });
  marker.append(el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }));
  defs.append(marker);
  svg.append(defs);

  const edges = el('g', { class: 'edges' });
  for (const edge of layout.edges) {
    const path = el('path', { d: edge.path, class: 'edge', 'marker-end': 'url(#arrow)', 'data-from': edge.from, 'data-to': edge.to });
    const title = el('title', {});
    title.textContent = `${edge.from} → ${edge.to}`;
    path.append(title);
    edges.append(path);
  }
  svg.append(edges);

  const nodes = el('g', { class: 'nodes' });
  for (const node of layout.nodes) {
    const group = el('g', {
      class: `node node-${node.role}`,
      'data-id': node.id,
      'data-role': node.role,
      'data-kind': node.kind,
      'data-wave': node.wave,
      tabindex: 0,
      role: 'listitem',
      'aria-label': `${node.id}: ${node.kind}${node.role === 'transformation' ? '' : ` (${node.role})`}, wave ${node.wave}${node.detail ? `, ${node.detail}` : ''}`,
    });
    const title = el('title', {});
    title.textContent = `${node.id} — ${node.kind}${node.detail ? `\n${node.detail}` : ''}\nwave ${node.wave}`;
    group.append(title, shape(node));
    const name = el('text', { x: node.x, y: node.y - 4, class: 'node-name', 'text-anchor': 'middle' });
    name.textContent = node.id;
    const kind = el('text', { x: node.x, y: node.y + 14, class: 'node-kind', 'text-anchor': 'middle' });
    kind.textContent = node.kind;
    group.append(name, kind);
    nodes.append(group);
  }
  svg.append(nodes);
}
