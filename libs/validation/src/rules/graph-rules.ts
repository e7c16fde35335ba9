/** Whole-graph rules, after every asset passed: a dependency cycle (V-003), then no output (V-013). */
import { type AssetDefinition, findCycle, type GraphNode, kindOf } from '@pipeline/definition';
import { type ValidationError, validationErrors } from '../errors';

/** Checks the graph of valid assets; `upstream[i]` lists the assets `assets[i]` reads. */
export function checkGraph(
  assets: readonly AssetDefinition[],
  upstream: readonly (readonly string[])[],
): ValidationError | undefined {
  const nodes: GraphNode[] = assets.map((asset, i) => ({ ref: asset.ref, upstream: upstream[i] ?? [] }));
  const cycle = findCycle(nodes);
  if (cycle !== undefined) {
    const first = assets.find((asset) => asset.ref === cycle[0]);
    return validationErrors.cycle(cycle, {
      asset: cycle[0],
      ...(first?.position.line === undefined ? {} : { line: first.position.line }),
    });
  }
  if (!assets.some((asset) => kindOf(asset.source.kind).role === 'output')) return validationErrors.noOutput();
  return undefined;
}
