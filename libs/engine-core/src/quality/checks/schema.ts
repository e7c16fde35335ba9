/** Schema checks: the problems with required, forbidden (glob) and typed columns, counted (0 passes). */
import { compileGlob, type SchemaCheck } from '@pipeline/definition';
import { castTarget, type Column } from '../../bind/bind-expression';
import { forEachRow } from '../../exec/row-loop';
import type { CheckPlanner } from '../check-planner';
import { family } from './measured-values';

/** Plans `type: schema`: judged from the columns alone, nothing to measure. */
export const planSchema: CheckPlanner<'schema'> = async (check, { asset, columns, signal, byName, result }) => {
  const problems: string[] = [];
  for (const name of check.required) if (byName(name) === undefined) problems.push(`required column "${name}" is missing`);
  for (const name of await forbiddenPresent(check, columns, signal, asset)) problems.push(`forbidden column "${name}" is present`);
  for (const { column: name, type } of check.types) {
    const c = byName(name);
    const want = castTarget(type);
    if (c === undefined) problems.push(`typed column "${name}" is missing`);
    else if (family(c.type) !== family(want)) problems.push(`column "${c.name}" is ${c.type}, expected ${want}`);
  }
  const message = problems.length === 0 ? 'the columns match' : `${problems.length} schema ${problems.length === 1 ? 'problem' : 'problems'}: ${problems.join('; ')}`;
  return () => [result({ name: 'schema', observed: problems.length, expected: 'no schema problems', holds: problems.length === 0, message })];
};

/**
 * The columns some forbidden glob of `check` matches, in glob order then column order (a column
 * once per glob matching it), one (glob, column) pair at a time with turns of the event loop:
 * wide inputs and long glob lists are long work, and a DuckDB session runs on the server's loop.
 */
async function forbiddenPresent(check: SchemaCheck, columns: readonly Column[], signal: AbortSignal | undefined, asset: string): Promise<string[]> {
  if (columns.length === 0) return [];
  const globs = check.forbidden.map(compileGlob);
  const found: string[] = [];
  await forEachRow(globs.length * columns.length, signal, asset, (i) => {
    const name = (columns[i % columns.length] as Column).name;
    if ((globs[Math.floor(i / columns.length)] as (n: string) => boolean)(name)) found.push(name);
  });
  return found;
}
