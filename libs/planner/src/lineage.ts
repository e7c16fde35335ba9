/**
 * The lineage and catalog document of a planned pipeline (spec 18.7 - 18.10, 19): every asset with
 * its upstream and downstream (direct and transitive), its propagated tags, its URN when the
 * pipeline has a namespace, its owner and column metadata, and the exposures with what they read.
 * Engine-free: it is computed from the plan and the document's metadata, nothing runs.
 */
import { kindOf, type AssetMetadata, type PipelineDefinition, type PipelineMetadata } from '@pipeline/definition';
import type { Plan } from './plan';

/** One asset of the lineage document. */
export interface LineageAsset {
  readonly asset: string;
  readonly kind: string;
  readonly role: 'input' | 'transformation' | 'output';
  /** `teckel://<namespace>/<asset>` (spec 18.8); only when `pipeline.namespace` is declared. */
  readonly urn?: string;
  readonly upstream: readonly string[];
  readonly downstream: readonly string[];
  /** Everything that feeds this asset, directly or not, in plan order (upstream impact). */
  readonly allUpstream: readonly string[];
  /** Every asset and exposure this asset reaches (downstream impact). */
  readonly allDownstream: readonly string[];
  readonly exposures: readonly string[];
  /** Propagated tags (spec 18.7), sorted. */
  readonly tags: readonly string[];
  readonly description?: string;
  readonly owner?: AssetMetadata['owner'];
  readonly maturity?: string;
  readonly freshness?: string;
  readonly columns: AssetMetadata['columns'];
  readonly meta?: AssetMetadata['meta'];
}

/** The lineage document (also the catalog manifest of spec 18.10). */
export interface LineageDocument {
  readonly pipeline: Omit<PipelineMetadata, 'assets' | 'exposures'>;
  readonly assets: readonly LineageAsset[];
  readonly exposures: readonly (PipelineMetadata['exposures'][number] & { readonly urns?: readonly string[] })[];
  readonly edges: readonly { readonly from: string; readonly to: string }[];
}

/** `teckel://<namespace>/<asset>`, or undefined without a namespace (spec 18.8). */
export function assetUrn(namespace: string | undefined, asset: string): string | undefined {
  return namespace === undefined || namespace === '' ? undefined : `teckel://${namespace}/${asset}`;
}

/**
 * Tags per asset by the rules of spec 18.7, in plan (topological) order: the union of the
 * upstream assets' tags minus the asset's `removeTags`, plus its own `tags`. An output has no
 * entry-level source of its own, so it inherits the asset it writes (rule 5) the same way.
 */
export function propagateTags(plan: Plan, assets: Readonly<Record<string, AssetMetadata>>): ReadonlyMap<string, readonly string[]> {
  const tags = new Map<string, readonly string[]>();
  for (const step of plan.steps) {
    const own = Object.prototype.hasOwnProperty.call(assets, step.ref) ? assets[step.ref] : undefined;
    const removed = new Set(own?.removeTags ?? []);
    const set = new Set<string>();
    for (const up of step.upstream) for (const tag of tags.get(up) ?? []) if (!removed.has(tag)) set.add(tag);
    for (const tag of own?.tags ?? []) set.add(tag);
    tags.set(step.ref, [...set].sort());
  }
  return tags;
}

/** The lineage document of a validated pipeline and its plan. */
export function lineageDocument(pipeline: PipelineDefinition, plan: Plan): LineageDocument {
  const metadata = pipeline.metadata;
  const declared = metadata?.assets ?? {};
  const namespace = metadata?.namespace;
  const tags = propagateTags(plan, declared);
  const order = new Map(plan.steps.map((s, i) => [s.ref, i]));
  const byRef = new Map(plan.steps.map((s) => [s.ref, s]));
  const exposuresOf = new Map<string, string[]>();
  for (const exposure of metadata?.exposures ?? []) {
    for (const ref of exposure.dependsOn) exposuresOf.set(ref, [...(exposuresOf.get(ref) ?? []), exposure.name]);
  }
  const reach = (start: string, next: (ref: string) => readonly string[]): string[] => {
    const seen = new Set<string>();
    const stack = [...next(start)];
    while (stack.length > 0) {
      const ref = stack.pop() as string;
      if (seen.has(ref)) continue;
      seen.add(ref);
      stack.push(...next(ref));
    }
    return [...seen].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  };
  const assets = plan.steps.map((step): LineageAsset => {
    const own = Object.prototype.hasOwnProperty.call(declared, step.ref) ? declared[step.ref] : undefined;
    const urn = assetUrn(namespace, step.ref);
    const below = reach(step.ref, (ref) => byRef.get(ref)?.consumers ?? []);
    const reached = new Set([step.ref, ...below].flatMap((ref) => exposuresOf.get(ref) ?? []));
    return {
      asset: step.ref,
      kind: step.source.kind,
      role: kindOf(step.source.kind).role,
      ...(urn === undefined ? {} : { urn }),
      upstream: step.upstream,
      downstream: step.consumers,
      allUpstream: reach(step.ref, (ref) => byRef.get(ref)?.upstream ?? []),
      allDownstream: [...below, ...[...reached].map((name) => `exposure:${name}`)],
      exposures: exposuresOf.get(step.ref) ?? [],
      tags: tags.get(step.ref) ?? [],
      ...(own?.description === undefined ? {} : { description: own.description }),
      ...(own?.owner === undefined ? {} : { owner: own.owner }),
      ...(own?.maturity === undefined ? {} : { maturity: own.maturity }),
      ...(own?.freshness === undefined ? {} : { freshness: own.freshness }),
      columns: own?.columns ?? [],
      ...(own?.meta === undefined ? {} : { meta: own.meta }),
    };
  });
  const { assets: _assets, exposures: _exposures, ...rest } = metadata ?? { assets: {}, exposures: [], tags: [] };
  const head = { ...(pipeline.name === undefined ? {} : { name: pipeline.name }), ...rest, tags: rest.tags ?? [] };
  return {
    pipeline: head,
    assets,
    exposures: (metadata?.exposures ?? []).map((e) => {
      const urns = e.dependsOn.flatMap((ref) => assetUrn(namespace, ref) ?? []);
      return urns.length === 0 ? e : { ...e, urns };
    }),
    edges: plan.steps.flatMap((step) => step.upstream.map((from) => ({ from, to: step.ref }))),
  };
}
