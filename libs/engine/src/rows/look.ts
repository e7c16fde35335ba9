/**
 * Looking at data without keeping it: the first rows of a written output, read back from the
 * data root, and the preview of one asset, computed from its upstream assets only and never
 * written. Each opens an instance of the backend of its own and closes it.
 */
import type { Format, InputSource } from '@pipeline/definition';
import type { Plan } from '@pipeline/planner';
import {
  type RunOptions,
  type BackendName,
  type EngineConfig,
  engineError,
  throwIfAborted,
  type RowsResult,
} from '@pipeline/engine-core';
import { backendDriver } from '../backend-drivers';
import { executePlan } from '../execute-plan';

/** Where and how an output was written (its path as the definition gives it, inside the data root). */
export interface WrittenOutput {
  readonly asset: string;
  readonly format: Format;
  readonly path: string;
  readonly options: Readonly<Record<string, string>>;
}

/** The engine a look runs on. */
export interface LookConfig extends EngineConfig {
  readonly backend: BackendName;
}

/**
 * The first `limit` rows of a written output, read as an input of the same format and options
 * (a CSV with its types inferred unless `inferSchema` is given): the path resolves inside the
 * data root as every input's does, so a path leaving it fails E_PATH_OUTSIDE_ROOT, and a file
 * since removed E_FILE_NOT_FOUND.
 */
export async function readOutputRows(config: LookConfig, output: WrittenOutput, limit: number, options: RunOptions = {}): Promise<RowsResult> {
  throwIfAborted(options.signal, output.asset);
  const given = Object.keys(output.options).some((k) => k.toLowerCase() === 'inferschema');
  const source: InputSource = {
    kind: 'input',
    format: output.format,
    path: output.path,
    options: output.format === 'csv' && !given ? { ...output.options, inferSchema: 'true' } : output.options,
  };
  const backend = await backendDriver(config.backend).open(config);
  try {
    return await backend.headOfInput(output.asset, source, limit, options);
  } finally {
    await backend.close();
  }
}

/**
 * The assets `asset` needs, in plan order: itself and everything upstream of it. An output names
 * the asset it writes (`from`), which is previewed in its place; nothing is ever written.
 */
export function previewSteps(plan: Plan, asset: string): { readonly target: string; readonly plan: Plan } {
  const byRef = new Map(plan.steps.map((s) => [s.ref, s]));
  const step = byRef.get(asset);
  if (step === undefined) throw engineError('E_BAD_SOURCE', { asset, problem: `the pipeline has no asset "${asset}"` });
  const target = step.source.kind === 'output' ? step.source.from : asset;
  const needed = new Set<string>();
  const pending = [target];
  while (pending.length > 0) {
    const ref = pending.pop() as string;
    if (needed.has(ref)) continue;
    needed.add(ref);
    pending.push(...(byRef.get(ref)?.upstream ?? []));
  }
  const steps = plan.steps.filter((s) => needed.has(s.ref));
  const waves = plan.waves.map((w) => w.filter((ref) => needed.has(ref))).filter((w) => w.length > 0);
  return { target, plan: { ...(plan.name === undefined ? {} : { name: plan.name }), steps, waves } };
}

/** Computes `asset` (or the asset an output of that name writes) and returns its first `limit` rows; writes nothing. */
export async function previewAsset(config: LookConfig, plan: Plan, asset: string, limit: number, options: RunOptions = {}): Promise<RowsResult> {
  throwIfAborted(options.signal, asset);
  const { target, plan: needed } = previewSteps(plan, asset);
  const backend = await backendDriver(config.backend).open(config);
  try {
    const run = options.signal === undefined ? {} : { signal: options.signal };
    const result = await executePlan(needed, { ...config, backend }, run);
    const handle = result.handles?.[target];
    if (handle === undefined) throw engineError('E_BAD_SOURCE', { asset: target, problem: `asset "${target}" was not computed` });
    return await backend.head(handle.id, limit, run);
  } finally {
    await backend.close();
  }
}
