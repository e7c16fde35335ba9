/**
 * The primitives of any backend instance, through the Backend interface: every asset a handle. A
 * session's plans and danfo's run this way.
 */
import type { Backend, HandleInfo } from '../backend';
import type { PlanPrimitives } from './plan-primitives';

/** Primitives driving `backend` handle by handle. */
export function handlePrimitives(backend: Backend): PlanPrimitives<HandleInfo> {
  return {
    read: (step, options) => backend.readInput(step.asset, step.source, options),
    relation: async (step, upstream, _lookup, options) => {
      const { checks, ...relation } = await backend.apply(step.asset, step.source, Object.fromEntries(step.from.map((from, i) => [from, upstream[i].id])), options);
      return checks === undefined ? { relation } : { relation, checks };
    },
    stage: (step, from, _lookup, options) => backend.stageWrite(from.id, step.asset, step.source, options),
    columns: (h) => h.columns.map((c) => ({ name: c.name, type: c.dataType })),
    measurer: (h, references, options) => (request, signal) =>
      backend.measure(h.id, request, Object.fromEntries(Object.entries(references).map(([asset, r]) => [asset, r.id])), { ...options, ...(signal === undefined ? {} : { signal }) }),
    release: (h) => backend.release(h.id),
  };
}
