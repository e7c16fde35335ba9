/**
 * The one executor: runs a physical plan on any backend's primitives, step by step. Cancellation
 * (checked before every step), timings and progress per asset, quality results, staged writes and
 * their commit live here and nowhere else.
 */
import type { RunOptions } from '../backend';
import type { Column } from '../bind/bind-expression';
import { runLineage } from './run-lineage';
import { engineError, throwIfAborted } from '../errors';
import type { ExecutionResult, OutputResult, StepTiming } from '../execution-result';
import type { StagedWrite } from '../io/staged-write';
import type { QualityResult } from '../quality/quality-result';
import { runSuites, withQualityResults } from '../quality/run-quality';
import { isAssetStep, type PhysicalPlan, type PhysicalStep } from '../plan/physical-plan';
import { computeRelation } from './compute-relation';
import type { PlanPrimitives } from './plan-primitives';

/** What a run leaves: the result, and every asset's relation still held (a session keeps them). */
export interface PlanRun<R> {
  readonly result: ExecutionResult;
  readonly relations: ReadonlyMap<string, R>;
}

/** Runs `plan` on `primitives`; rejects with an EngineError (E_CANCELLED when `signal` aborts). */
export async function executePhysicalPlan<R>(plan: PhysicalPlan, primitives: PlanPrimitives<R>, options: RunOptions = {}): Promise<PlanRun<R>> {
  const { signal } = options;
  const relations = new Map<string, R>();
  const quality: QualityResult[] = [];
  const stepOptions: RunOptions = { ...options, onQuality: (r) => quality.push(r) };
  const staged: { ref: string; write: StagedWrite }[] = [];
  const outputs: OutputResult[] = [];
  const timings: StepTiming[] = [];
  // Each computed asset's columns, for the run's column lineage (a relation's columns are known without reading rows).
  const columns = new Map<string, readonly Column[]>();
  const total = plan.steps.filter(isAssetStep).length;
  const lookup = (asset: string): R | undefined => relations.get(asset);
  const relationOf = (asset: string, from: string): R => {
    const r = relations.get(from);
    if (r === undefined) throw engineError('E_BAD_SOURCE', { asset, from, problem: `upstream asset "${from}" has not been computed` });
    return r;
  };
  const run = async (step: PhysicalStep): Promise<void> => {
    switch (step.op) {
      case 'read': {
        const read = await primitives.read(step, stepOptions);
        relations.set(step.asset, read);
        columns.set(step.asset, primitives.columns(read));
        return;
      }
      case 'relation': {
        const upstream = step.from.map((from) => relationOf(step.asset, from));
        const computed = await computeRelation(primitives, step, upstream, lookup, stepOptions);
        relations.set(step.asset, computed);
        columns.set(step.asset, primitives.columns(computed));
        return;
      }
      case 'stage':
        staged.push({ ref: step.asset, write: await primitives.stage(step, relationOf(step.asset, step.from), lookup, stepOptions) });
        return;
      case 'quality':
        await runSuites(
          step.suites,
          (asset) => primitives.columns(relationOf(asset, asset)),
          (asset) => (request, s) => {
            const references = Object.fromEntries(request.references.map((r) => [r.asset, relationOf(asset, r.asset)]));
            return primitives.measurer(relationOf(asset, asset), references, options)(request, s);
          },
          quality,
          signal,
        );
        return;
      case 'release': {
        const r = relations.get(step.asset);
        relations.delete(step.asset);
        if (r !== undefined) await primitives.release(r);
        return;
      }
      case 'commit':
        throwIfAborted(signal);
        // Every output is placed only once every step before succeeded.
        for (const { ref, write } of staged) outputs.push({ ref, ...write.commit() });
        return;
    }
  };
  try {
    for (const step of plan.steps) {
      if (!isAssetStep(step)) {
        await run(step);
        continue;
      }
      throwIfAborted(signal, step.asset);
      const started = performance.now();
      await run(step);
      const ms = Math.round((performance.now() - started) * 1000) / 1000;
      const materialized = plan.layout === 'streamed' && step.op !== 'stage' ? { materialized: step.storage === 'table' } : {};
      timings.push({ ref: step.asset, ms, ...materialized });
      const written = step.op === 'stage' ? staged.at(-1)?.write.rowsStaged : undefined;
      options.onStep?.({ ref: step.asset, done: timings.length, total, ms, ...(written === undefined ? {} : { rowsStaged: written }) });
    }
  } catch (e) {
    throw withQualityResults(e, quality);
  } finally {
    for (const { write } of staged) write.discard();
  }
  const lineage = runLineage(plan, columns);
  const result: ExecutionResult = {
    outputs,
    steps: timings,
    ...(quality.length === 0 ? {} : { quality }),
    ...(lineage === undefined ? {} : { lineage }),
  };
  return { result, relations };
}
