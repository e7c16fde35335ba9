/** The lineage document as text for `explain --lineage`: one block per asset, then the exposures. */
import type { LineageDocument } from '@pipeline/planner';

const list = (items: readonly string[]) => (items.length === 0 ? '-' : items.join(', '));

/** Renders `document`; no trailing newline. */
export function renderLineage(document: LineageDocument): string {
  const head = document.pipeline;
  const lines = ['=== Lineage ===', ''];
  if (head.name !== undefined) lines.push(`Pipeline: ${head.name}`);
  if (head.namespace !== undefined) lines.push(`Namespace: ${head.namespace}`);
  if (head.owner !== undefined) lines.push(`Owner: ${head.owner.name} <${head.owner.email}>`);
  if (head.catalog !== undefined) lines.push(`Catalog: ${head.catalog.target}${head.catalog.namespace === undefined ? '' : ` (${head.catalog.namespace})`}`);
  if (lines.length > 2) lines.push('');
  for (const asset of document.assets) {
    lines.push(`[${asset.asset}] ${asset.role}${asset.urn === undefined ? '' : ` ${asset.urn}`}`);
    lines.push(`  upstream: ${list(asset.upstream)}`);
    lines.push(`  downstream: ${list(asset.allDownstream)}`);
    lines.push(`  tags: ${list(asset.tags)}`);
    if (asset.owner !== undefined) lines.push(`  owner: ${asset.owner.name} <${asset.owner.email}>`);
    for (const column of asset.columns) lines.push(`  column ${column.name}: tags ${list(column.tags)}`);
  }
  for (const exposure of document.exposures) lines.push(`(exposure ${exposure.name}) ${exposure.type}: depends on ${list(exposure.dependsOn)}`);
  return lines.join('\n');
}
