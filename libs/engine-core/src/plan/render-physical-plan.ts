/** A physical plan as text, one numbered line per step and its SQL (DuckDB) indented below. */
import type { PhysicalPlan, PhysicalStep } from './physical-plan';

/** Renders `plan` for people (`pipeline explain --physical`); the same plan always gives the same text. */
export function renderPhysicalPlan(plan: PhysicalPlan): string {
  const title = `physical plan${plan.name === undefined ? '' : ` of "${plan.name}"`} on ${plan.backend} (${plan.layout})`;
  const lines = [title];
  plan.steps.forEach((step, i) => {
    lines.push(`${String(i + 1).padStart(3)}. ${describe(step)}`);
    const sql = 'sql' in step ? step.sql : undefined;
    if (sql !== undefined) lines.push(`       ${sql}`);
  });
  return `${lines.join('\n')}\n`;
}

function describe(step: PhysicalStep): string {
  switch (step.op) {
    case 'read':
      return `read ${step.asset} [${step.storage}] ${step.source.format} ${step.source.path}${step.estimateRows ? ' (row estimates)' : ''}`;
    case 'relation': {
      const notes = [...(step.ordered ? [] : ['order unobserved']), ...(step.checksRows ? ['row checks'] : [])];
      return `relation ${step.asset} [${step.storage}] ${step.kind} of ${step.from.join(', ')}; blame ${step.blame.asset}.${step.blame.field}${notes.length === 0 ? '' : ` (${notes.join(', ')})`}`;
    }
    case 'stage':
      return `stage ${step.asset} from ${step.from} to ${step.source.format} ${step.source.path} (${step.source.mode})${step.streams.length === 0 ? '' : `; streams ${step.streams.map((b) => b.asset).join(', ')}`}`;
    case 'quality':
      return `quality ${step.suites.length} suite${step.suites.length === 1 ? '' : 's'} over ${step.assets.join(', ')}`;
    case 'release':
      return `release ${step.asset}`;
    case 'commit':
      return `commit ${step.outputs.length === 0 ? '(no outputs)' : step.outputs.join(', ')}`;
  }
}
