/**
 * Whole-pipeline execution. With a backend name (jobs), a fresh backend runs the plan and is
 * closed afterwards; on DuckDB the plan runs as one streamed chain of views. With a backend
 * instance (a gRPC session), the plan is driven step by step through the Backend interface and its
 * assets stay behind as handles of that instance.
 */
import type { Plan } from '@pipeline/planner';
import type { Backend, HandleInfo, RunOptions } from './backend';
import { backendDriver, parseBackendName } from './backend-drivers';
import type { BackendName } from './backend-name';
import type { EngineConfig } from './config';
import { engineError, throwIfAborted } from './errors';
import type { ExecutionResult, OutputResult, StepTiming } from './execution-result';
import type { StagedWrite } from './io/staged-write';
import { requireBackendSupport } from './kinds/backend-support';
import type { QualityResult } from './quality/quality-result';
import { runSuites, withQualityResults } from './quality/run-quality';
import { qualitySuiteAssets } from '@pipeline/definition';

/** Configuration of one plan run: where files live, and which backend (name or live instance). */
export interface ExecutePlanConfig extends EngineConfig {
  /** A backend name (default duckdb) or a session's live backend instance. */
  readonly backend?: BackendName | Backend;
}

/** Runs every step of `plan`; rejects with an EngineError (E_CANCELLED when `signal` aborts). */
export async function executePlan(plan: Plan, config: ExecutePlanConfig, options: RunOptions = {}): Promise<ExecutionResult> {
  throwIfAborted(options.signal);
  const given = config.backend;
  if (given !== undefined && typeof given === 'object') {
    return runStepwise(given, plan, options, true);
  }
  const driver = backendDriver(parseBackendName(given));
  if (driver.runPlan !== undefined) return driver.runPlan(plan, config, options);
  const backend = await driver.open(config);
  try {
    return await runStepwise(backend, plan, options, false);
  } finally {
    await backend.close();
  }
}

/**
 * Drives `backend` through the plan one asset at a time. Unless `retain` is set, a handle is
 * released as soon as its last consumer has run.
 */
export async function runStepwise(backend: Backend, plan: Plan, options: RunOptions, retain: boolean): Promise<ExecutionResult> {
  const { signal } = options;
  requireBackendSupport(plan.steps, backend.name, backendDriver(backend.name).kinds, backendDriver(backend.name).functions);
  const handles = new Map<string, HandleInfo>();
  const suites = plan.quality ?? [];
  // A suite reads its target (and referenced assets) after every step: they count as consumers.
  const pending = new Map(plan.steps.map((s) => [s.ref, s.consumers.length]));
  for (const suite of suites) for (const asset of qualitySuiteAssets(suite)) pending.set(asset, (pending.get(asset) ?? 0) + 1);
  const quality: QualityResult[] = [];
  const stepOptions = { ...options, onQuality: (r: QualityResult) => quality.push(r) };
  const outputs: OutputResult[] = [];
  const steps: StepTiming[] = [];
  const handleOf = (ref: string, from: string): HandleInfo => {
    const h = handles.get(from);
    if (h === undefined) {
      throw engineError('E_BAD_SOURCE', { asset: ref, from, problem: `upstream asset "${from}" has not been computed` });
    }
    return h;
  };
  const consumed = async (from: string): Promise<void> => {
    const left = (pending.get(from) ?? 1) - 1;
    pending.set(from, left);
    if (!retain && left <= 0) {
      const h = handles.get(from);
      if (h !== undefined) await backend.release(h.id);
    }
  };
  const staged: { ref: string; write: StagedWrite }[] = [];
  try {
    for (const step of plan.steps) {
      throwIfAborted(signal, step.ref);
      const started = performance.now();
      const source = step.source;
      switch (source.kind) {
        case 'input':
          handles.set(step.ref, await backend.readInput(step.ref, source, stepOptions));
          break;
        case 'output': {
          const upstream = handleOf(step.ref, source.from);
          staged.push({ ref: step.ref, write: await backend.stageWrite(upstream.id, step.ref, source, stepOptions) });
          await consumed(source.from);
          break;
        }
        default: {
          const inputs: Record<string, string> = {};
          for (const from of step.upstream) inputs[from] = handleOf(step.ref, from).id;
          handles.set(step.ref, await backend.apply(step.ref, source, inputs, stepOptions));
          for (const from of step.upstream) await consumed(from);
        }
      }
      const ms = Math.round((performance.now() - started) * 1000) / 1000;
      steps.push({ ref: step.ref, ms });
      const written = source.kind === 'output' ? staged.at(-1)?.write.rowsStaged : undefined;
      options.onStep?.({ ref: step.ref, done: steps.length, total: plan.steps.length, ms, ...(written === undefined ? {} : { rowsStaged: written }) });
    }
    if (suites.length > 0) {
      const columnsOf = (asset: string) => handleOf(asset, asset).columns.map((c) => ({ name: c.name, type: c.dataType }));
      const measurerOf = (asset: string) => (request: Parameters<Backend['measure']>[1]) => {
        const references = Object.fromEntries(request.references.map((r) => [r.asset, handleOf(asset, r.asset).id]));
        return backend.measure(handleOf(asset, asset).id, request, references, options);
      };
      await runSuites(suites, columnsOf, measurerOf, quality, signal);
      for (const suite of suites) for (const asset of qualitySuiteAssets(suite)) await consumed(asset);
    }
    throwIfAborted(signal);
    // Every output is placed only once the whole plan has succeeded.
    for (const { ref, write } of staged) outputs.push({ ref, ...write.commit() });
  } catch (e) {
    throw withQualityResults(e, quality);
  } finally {
    for (const { write } of staged) write.discard();
  }
  const reported = quality.length === 0 ? {} : { quality };
  return retain ? { outputs, steps, ...reported, handles: Object.fromEntries(handles) } : { outputs, steps, ...reported };
}
