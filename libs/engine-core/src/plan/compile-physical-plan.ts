/**
 * The two layouts a physical plan can have, compiled from a validated plan without touching any
 * data: every backend's compiler (its driver's `compile`) is one of these plus its own details.
 */
import { isTransformation, qualitySuiteAssets, type TransformationSource } from '@pipeline/definition';
import type { Plan, PlanStep } from '@pipeline/planner';
import type { BackendName } from '../backend-name';
import { requireTransform } from '../transform-source';
import type { AssetStep, Blame, Storage, PhysicalPlan, PhysicalStep, QualityStep, RelationStep } from './physical-plan';
import { mayCheckRows } from './row-check-kinds';

/** What a backend's compiler adds to a layout. */
export interface LayoutOptions {
  /** The definition field a transformation's runtime failure is blamed on (`filter`, `agg`, ...). */
  readonly blameField: (source: TransformationSource) => string;
}

/** Handles layout options. */
export interface HandlesOptions extends LayoutOptions {
  /** Keep every asset's handle (a session reads them afterwards): no release steps. */
  readonly retain: boolean;
}

/**
 * Every asset a backend handle in plan order; unless `retain`, a handle is released as soon as its
 * last reader (a consumer, or the quality suites) has run.
 */
export function compileHandles(plan: Plan, backend: BackendName, options: HandlesOptions): PhysicalPlan {
  const steps: PhysicalStep[] = [];
  const quality = qualityStep(plan);
  const pending = new Map(plan.steps.map((s) => [s.ref, s.consumers.length]));
  for (const asset of quality?.assets ?? []) pending.set(asset, (pending.get(asset) ?? 0) + 1);
  const consumed = (asset: string): void => {
    const left = (pending.get(asset) ?? 1) - 1;
    pending.set(asset, left);
    if (!options.retain && left <= 0) steps.push({ op: 'release', asset });
  };
  for (const step of plan.steps) {
    steps.push(assetStep(step, 'handle', options, [], []));
    for (const from of step.upstream) consumed(from);
  }
  if (quality !== undefined) {
    steps.push(quality);
    for (const asset of quality.assets) consumed(asset);
  }
  steps.push(commitStep(plan));
  return { backend, layout: 'handles', ...named(plan), steps };
}

/** Longest chain of views a streamed plan builds before it stores an asset as a table. */
export const MAX_VIEW_DEPTH = 16;

/**
 * A chain of views streamed by each output's statement. An asset read by several consumers is
 * stored once as a table, and so is every MAX_VIEW_DEPTH-th asset of a chain (DuckDB's binder
 * refuses views nested beyond its expression depth, and binds deep ones slowly); an input, and a
 * transformation read only by outputs, are inlined: their SELECT is written where they are read.
 */
export function compileStreamed(plan: Plan, backend: BackendName, options: LayoutOptions): PhysicalPlan {
  const steps: PhysicalStep[] = [];
  const depth = new Map<string, number>();
  const storage = new Map<string, Storage>();
  const outputs = new Set(plan.steps.filter((s) => s.source.kind === 'output').map((s) => s.ref));
  const byRef = new Map(plan.steps.map((s) => [s.ref, s]));
  /** The transformations streamed into a statement reading `from`: up to the first stored one. */
  const blames = new Map<string, Blame>();
  const streamsInto = (from: readonly string[]): Blame[] => {
    const found = new Set<string>();
    const stack = [...from];
    while (stack.length > 0) {
      const ref = stack.pop() as string;
      const s = byRef.get(ref);
      if (s === undefined || found.has(ref) || !isTransformation(s.source) || storage.get(ref) === 'table') continue;
      found.add(ref);
      stack.push(...s.upstream);
    }
    return plan.steps.filter((s) => found.has(s.ref)).map((s) => blames.get(s.ref) ?? { asset: s.ref, field: s.source.kind });
  };
  for (const step of plan.steps) {
    if (step.source.kind === 'output') {
      steps.push(assetStep(step, 'handle', options, streamsInto(step.upstream), inputsRead(plan, step.ref)));
      continue;
    }
    const upstreamDepth = Math.max(0, ...step.upstream.map((asset) => depth.get(asset) ?? 0));
    const stored = step.consumers.length > 1 || upstreamDepth + 1 >= MAX_VIEW_DEPTH;
    const inlined = !stored && (step.source.kind === 'input' || feedsOnly(step.consumers, outputs));
    const kept = stored ? 'table' : inlined ? 'inline' : 'view';
    storage.set(step.ref, kept);
    depth.set(step.ref, stored ? 0 : upstreamDepth + 1);
    const computed = assetStep(step, kept, options, stored ? streamsInto(step.upstream) : [], []);
    if (computed.op !== 'stage') blames.set(step.ref, computed.blame);
    steps.push(computed);
  }
  const quality = qualityStep(plan);
  if (quality !== undefined) steps.push(quality);
  steps.push(commitStep(plan));
  return { backend, layout: 'streamed', ...named(plan), steps };
}

/** Whether an asset has consumers and every one of them is in `refs`. */
function feedsOnly(consumers: readonly string[], refs: ReadonlySet<string>): boolean {
  return consumers.length > 0 && consumers.every((ref) => refs.has(ref));
}

/** The input assets `ref` reads through its whole chain, in plan order. */
function inputsRead(plan: Plan, ref: string): string[] {
  const byRef = new Map(plan.steps.map((s) => [s.ref, s]));
  const found = new Set<string>();
  const seen = new Set<string>();
  const stack = [ref];
  while (stack.length > 0) {
    const s = byRef.get(stack.pop() as string);
    if (s === undefined || seen.has(s.ref)) continue;
    seen.add(s.ref);
    if (s.source.kind === 'input') found.add(s.ref);
    stack.push(...s.upstream);
  }
  return plan.steps.filter((s) => found.has(s.ref)).map((s) => s.ref);
}

function assetStep(step: PlanStep, storage: Storage, options: LayoutOptions, streams: readonly Blame[], reads: readonly string[]): AssetStep {
  const source = step.source;
  if (source.kind === 'input') {
    return { op: 'read', asset: step.ref, source, storage, estimateRows: false, blame: { asset: step.ref, field: 'input' } };
  }
  if (source.kind === 'output') {
    return { op: 'stage', asset: step.ref, from: source.from, source, blame: { asset: step.ref, field: 'output' }, streams, reads };
  }
  const transform = requireTransform(step.ref, source);
  const relation: RelationStep = {
    op: 'relation',
    asset: step.ref,
    kind: transform.kind,
    source: transform,
    from: step.upstream,
    storage,
    ordered: true,
    checksRows: mayCheckRows(transform.kind),
    blame: { asset: step.ref, field: options.blameField(transform) },
    ...(streams.length > 0 ? { streams } : {}),
  };
  return relation;
}

function qualityStep(plan: Plan): QualityStep | undefined {
  const suites = plan.quality ?? [];
  if (suites.length === 0) return undefined;
  const assets: string[] = [];
  for (const suite of suites) for (const asset of qualitySuiteAssets(suite)) if (!assets.includes(asset)) assets.push(asset);
  return { op: 'quality', suites, assets };
}

function commitStep(plan: Plan): PhysicalStep {
  return { op: 'commit', outputs: plan.steps.filter((s) => s.source.kind === 'output').map((s) => s.ref) };
}

function named(plan: Plan): { name?: string } {
  return plan.name === undefined ? {} : { name: plan.name };
}
