/**
 * Plan -> the human-readable explain text of the contract (spec "Explain plan text format" and
 * decisions section 3): fixed section titles, two-space indentation, an empty line after the title
 * and after each section, no Transformations section when there are none, no trailing newline.
 */
import { kindOf, type Source } from '@pipeline/definition';
import type { Plan, PlanStep } from './plan';

/** `overwrite` -> `Overwrite`. */
function capitalise(word: string): string {
  return word.length === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1);
}

function roleOf(source: Source): 'input' | 'transformation' | 'output' {
  return kindOf(source.kind).role;
}

function inputLine(step: PlanStep): string {
  const source = step.source;
  if (source.kind === 'input') return `  [${step.ref}] format=${source.format}, path=${source.path}`;
  return `  [${step.ref}] ${kindOf(source.kind).label}`;
}

function transformationLine(step: PlanStep): string {
  const from = step.upstream.length === 0 ? '' : ` (from: ${step.upstream.join(', ')})`;
  return `  [${step.ref}] ${kindOf(step.source.kind).label}${from}`;
}

function outputLine(step: PlanStep): string {
  const source = step.source;
  const from = `from=${step.upstream.join(', ')}`;
  if (source.kind === 'output') {
    return `  [${step.ref}] ${from}, format=${source.format}, mode=${capitalise(source.mode)}, path=${source.path}`;
  }
  return `  [${step.ref}] ${from}`;
}

/** Renders the explain text of a plan. */
export function explainPlan(plan: Plan): string {
  const inputs = plan.steps.filter((step) => roleOf(step.source) === 'input');
  // A split is one line (decisions 7); its pass and fail assets show in the waves only.
  const transformations = plan.steps.filter((step) => roleOf(step.source) === 'transformation' && step.madeBy === undefined);
  const outputs = plan.steps.filter((step) => roleOf(step.source) === 'output');

  const lines: string[] = ['=== Pipeline Execution Plan ===', ''];
  lines.push('--- Inputs ---', ...inputs.map(inputLine), '');
  if (transformations.length > 0) {
    lines.push('--- Transformations ---', ...transformations.map(transformationLine), '');
  }
  lines.push('--- Outputs ---', ...outputs.map(outputLine), '');
  lines.push(`Total: ${inputs.length} inputs, ${transformations.length} transformations, ${outputs.length} outputs`);
  lines.push(`Execution waves: ${plan.waves.length}`);
  plan.waves.forEach((wave, i) => lines.push(`  Wave ${i}: ${wave.join(', ')}`));
  return lines.join('\n');
}
