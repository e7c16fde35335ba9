/**
 * The explain text of `POST /api/explain` (contract: service spec "Explain plan text format" and
 * decisions section 3) read back into a graph: one node per asset with its role, kind and wave,
 * one edge per upstream reference. The API gives only the text, so the parser is lenient: unknown
 * lines are skipped, CRLF is accepted, and an asset named only in the waves (a split's pass and
 * fail branches) still becomes a node.
 */

/** Where an asset sits in the pipeline; decides the node's shape. */
export type NodeRole = 'input' | 'transformation' | 'output';

/** One asset of the plan. */
export interface PlanNode {
  readonly id: string;
  readonly role: NodeRole;
  /** `CSV INPUT`, `WHERE`, `GROUP BY`, `OUTPUT`, ... as the explain text labels it. */
  readonly kind: string;
  /** The rest of the asset's line (`path=...`, `mode=Overwrite, path=...`), for a tooltip. */
  readonly detail: string;
  /** Execution wave, from 0; -1 when the waves section does not name the asset. */
  readonly wave: number;
}

/** `from` feeds `to`. */
export interface PlanEdge {
  readonly from: string;
  readonly to: string;
}

/** The graph of one plan. */
export interface PlanGraph {
  readonly nodes: readonly PlanNode[];
  readonly edges: readonly PlanEdge[];
  /** Asset names per wave, wave 0 first. */
  readonly waves: readonly (readonly string[])[];
}

const SECTION = /^\s*---\s*(Inputs|Transformations|Outputs)\s*---\s*$/;
const ASSET = /^\s*\[([^\]]+)\]\s*(.*)$/;
const WAVE = /^\s*Wave\s+(\d+)\s*:\s*(.*)$/;

function names(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

/** Reads the explain text into nodes, edges and waves. */
export function parsePlan(text: string): PlanGraph {
  let section: NodeRole | undefined;
  const nodes = new Map<string, { role: NodeRole; kind: string; detail: string }>();
  const edges: PlanEdge[] = [];
  const waves: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    const header = SECTION.exec(line);
    if (header) {
      section = header[1] === 'Inputs' ? 'input' : header[1] === 'Outputs' ? 'output' : 'transformation';
      continue;
    }
    const wave = WAVE.exec(line);
    if (wave) {
      waves[Number(wave[1])] = names(wave[2]);
      continue;
    }
    if (/^\s*(Total:|Execution waves:)/.test(line)) {
      section = undefined;
      continue;
    }
    const asset = section === undefined ? null : ASSET.exec(line);
    if (!asset || section === undefined) continue;
    const id = asset[1].trim();
    const rest = asset[2].trim();
    if (section === 'input') {
      const format = /(?:^|,\s*)format=([^,]*)/.exec(rest);
      const kind = format ? `${format[1].trim().toUpperCase()} INPUT` : rest.length > 0 && !rest.includes('=') ? rest : 'INPUT';
      nodes.set(id, { role: 'input', kind, detail: rest });
    } else if (section === 'transformation') {
      const from = /^(.*?)\s*\(from:\s*([^)]*)\)\s*$/.exec(rest);
      const kind = (from ? from[1] : rest).trim() || 'TRANSFORMATION';
      nodes.set(id, { role: 'transformation', kind, detail: from ? `from: ${from[2].trim()}` : '' });
      for (const upstream of from ? names(from[2]) : []) edges.push({ from: upstream, to: id });
    } else {
      // `from=a, format=csv, ...`: the upstream names run up to the first other `key=`.
      const fields = rest.split(/,\s*(?=[A-Za-z_]+=)/);
      const upstream = fields[0].startsWith('from=') ? names(fields[0].slice('from='.length)) : [];
      const format = fields.find((field) => field.startsWith('format='));
      const kind = format ? `${format.slice('format='.length).trim().toUpperCase()} OUTPUT` : 'OUTPUT';
      nodes.set(id, { role: 'output', kind, detail: fields.slice(upstream.length > 0 ? 1 : 0).join(', ') });
      for (const name of upstream) edges.push({ from: name, to: id });
    }
  }

  const waveOf = new Map<string, number>();
  waves.forEach((members, index) => members?.forEach((name) => waveOf.set(name, index)));
  const all: PlanNode[] = [...nodes].map(([id, node]) => ({ id, ...node, wave: waveOf.get(id) ?? -1 }));
  // Named only in the waves: a branch a step produces besides itself (a split's pass and fail).
  for (const [name, wave] of waveOf) {
    if (!nodes.has(name)) all.push({ id: name, role: 'transformation', kind: 'BRANCH', detail: '', wave });
  }
  // An edge from an asset that is not a node (should not happen) would break the layout: add it.
  for (const edge of edges) {
    if (!all.some((node) => node.id === edge.from)) {
      all.push({ id: edge.from, role: 'transformation', kind: 'BRANCH', detail: '', wave: waveOf.get(edge.from) ?? -1 });
    }
  }
  return { nodes: all, edges, waves: waves.map((members) => members ?? []) };
}
