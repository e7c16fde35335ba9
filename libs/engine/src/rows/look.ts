/**
 * Looking at data without keeping it: the first rows of a written output, read back from the
 * data root, and the preview of one asset, computed from its upstream assets only and never
 * written. Each opens an instance of the backend of its own and closes it; a backend without
 * instances here (spark) previews through its driver, in a session of its own.
 */
import * as fs from 'node:fs';
import type { Format, InputSource } from '@pipeline/definition';
import type { Plan } from '@pipeline/planner';
import {
  type RunOptions,
  type BackendName,
  type EngineConfig,
  engineError,
  openDataRoot,
  resolveInRoot,
  throwIfAborted,
  type RowsResult,
} from '@pipeline/engine-core';
import { backendDriver } from '../backend-drivers';
import { executePlan } from '../execute-plan';
import { headOfParts, partFilesOf } from './part-files';

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
 * since removed E_FILE_NOT_FOUND. An output that is a directory (Spark's part files) reads as its
 * part files in order; a backend that computes elsewhere has its outputs read by the backend its
 * driver names.
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
  const written = resolveInRoot(openDataRoot(config.dataRoot), output.path, output.asset);
  const parts = fs.statSync(written.absolute, { throwIfNoEntry: false })?.isDirectory() === true ? partFilesOf(written) : undefined;
  const backend = await backendDriver(backendDriver(config.backend).outputReader ?? config.backend).open(config);
  try {
    if (parts !== undefined) return await headOfParts(backend, output.asset, source, parts, limit, options);
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
  // Consumers outside the preview are gone: an asset read only by them is read by none here.
  const steps = plan.steps.filter((s) => needed.has(s.ref)).map((s) => ({ ...s, consumers: s.consumers.filter((c) => needed.has(c)) }));
  const waves = plan.waves.map((w) => w.filter((ref) => needed.has(ref))).filter((w) => w.length > 0);
  return { target, plan: { ...(plan.name === undefined ? {} : { name: plan.name }), steps, waves } };
}

/** Computes `asset` (or the asset an output of that name writes) and returns its first `limit` rows; writes nothing. */
export async function previewAsset(config: LookConfig, plan: Plan, asset: string, limit: number, options: RunOptions = {}): Promise<RowsResult> {
  throwIfAborted(options.signal, asset);
  const { target, plan: needed } = previewSteps(plan, asset);
  const driver = backendDriver(config.backend);
  if (driver.preview !== undefined) return driver.preview(needed, target, limit, config, options);
  const backend = await driver.open(config);
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
