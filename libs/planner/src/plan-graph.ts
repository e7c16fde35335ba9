/**
 * Plan -> a diagram of its assets and dependency edges: Mermaid `flowchart` text or Graphviz
 * `dot` text. Nodes follow the plan order and are labelled `<asset>` plus the kind's explain label
 * (`INPUT`, `WHERE`, `OUTPUT`, ...); one edge per upstream name, in the order the kind names them.
 */
import { kindOf } from '@pipeline/definition';
import type { Plan } from './plan';

/** The diagram languages {@link renderPlanGraph} writes. */
export const PLAN_GRAPH_FORMATS = ['mermaid', 'dot'] as const;

/** A diagram language. */
export type PlanGraphFormat = (typeof PLAN_GRAPH_FORMATS)[number];

/** True when `value` names a diagram language. */
export function isPlanGraphFormat(value: string): value is PlanGraphFormat {
  return (PLAN_GRAPH_FORMATS as readonly string[]).includes(value);
}

interface GraphNode {
  readonly ref: string;
  readonly label: string;
}

/**
 * The nodes (plan steps, then any upstream name that is not a step itself, such as a split's
 * `pass` / `fail` names) and the edges `[from, to]` of a plan.
 */
function graphOf(plan: Plan): { nodes: GraphNode[]; edges: [string, string][] } {
  const nodes: GraphNode[] = plan.steps.map((step) => ({ ref: step.ref, label: kindOf(step.source.kind).label }));
  const known = new Set(nodes.map((node) => node.ref));
  const edges: [string, string][] = [];
  for (const step of plan.steps) {
    for (const from of step.upstream) {
      if (!known.has(from)) {
        known.add(from);
        nodes.push({ ref: from, label: '' });
      }
      edges.push([from, step.ref]);
    }
  }
  return { nodes, edges };
}

/** Mermaid node text: `"` is the one character a quoted label cannot hold. */
function mermaidLabel(text: string): string {
  return `"${text.replace(/"/g, '#quot;')}"`;
}

/** Text inside a Graphviz quoted string. */
function dotEscape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** A Graphviz quoted string. */
function dotString(text: string): string {
  return `"${dotEscape(text)}"`;
}

/**
 * Renders the plan as a diagram. Mermaid node ids are `n0`, `n1`, ... in node order (asset names
 * may hold `-`, which Mermaid reads as an edge); dot uses the asset names, quoted.
 *
 * @example
 * renderPlanGraph(plan, 'mermaid'); // 'flowchart LR\n  n0["raw<br/>INPUT"]\n  ...\n  n0 --> n1'
 */
export function renderPlanGraph(plan: Plan, format: PlanGraphFormat): string {
  const { nodes, edges } = graphOf(plan);
  if (format === 'mermaid') {
    const caption = (node: GraphNode) => mermaidLabel(node.label === '' ? node.ref : `${node.ref}<br/>${node.label}`);
    const id = new Map(nodes.map((node, i) => [node.ref, `n${i}`]));
    return [
      'flowchart LR',
      ...nodes.map((node) => `  ${id.get(node.ref)}[${caption(node)}]`),
      ...edges.map(([from, to]) => `  ${id.get(from)} --> ${id.get(to)}`),
    ].join('\n');
  }
  // A dot label breaks lines with the escape `\n`, written literally.
  const caption = (node: GraphNode) => `"${dotEscape(node.ref)}${node.label === '' ? '' : `\\n${dotEscape(node.label)}`}"`;
  return [
    `digraph ${dotString(plan.name ?? 'pipeline')} {`,
    '  rankdir=LR;',
    '  node [shape=box];',
    ...nodes.map((node) => `  ${dotString(node.ref)} [label=${caption(node)}];`),
    ...edges.map(([from, to]) => `  ${dotString(from)} -> ${dotString(to)};`),
    '}',
  ].join('\n');
}
