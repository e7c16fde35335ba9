/**
 * Which plans a one-thread database runs as well as a many-thread one. A DuckDB instance's
 * threads wake (and spin) for every statement: on a 10-row CSV filter a 2-thread instance spends
 * 1.7-1.9x the CPU of a 1-thread one (docs/performance.md), and a job's worker pays that for
 * nothing. A plan whose inputs are small files and that cannot multiply rows (no join) has too
 * little work to share among threads, so the job runtime gives it a one-thread database.
 */
import * as fs from 'node:fs';
import type { Plan } from '@pipeline/planner';
import { resolveInRoot, type DataRoot } from '@pipeline/engine-core';

/** Bytes of input (all inputs together) up to which a plan counts as small: DuckDB reads 1 MiB of CSV in a few ms on one thread. */
export const SMALL_PLAN_INPUT_BYTES = 1024 * 1024;

/** Kinds whose output can be far larger than their inputs: they keep every thread. */
const ROW_MULTIPLYING_KINDS: ReadonlySet<string> = new Set(['join', 'lateral_join', 'as_of_join']);

/**
 * True when every input of `plan` is an existing file inside `root`, together at most `maxBytes`,
 * and no step can multiply rows. Anything it cannot tell (a path outside the root, a missing file)
 * answers false: the run then fails where it always did, on the usual database.
 */
export function isSmallPlan(plan: Plan, root: DataRoot, maxBytes = SMALL_PLAN_INPUT_BYTES): boolean {
  let bytes = 0;
  for (const step of plan.steps) {
    const source = step.source;
    if (ROW_MULTIPLYING_KINDS.has(source.kind)) return false;
    if (source.kind !== 'input') continue;
    try {
      const stat = fs.statSync(resolveInRoot(root, source.path, step.ref).absolute);
      if (!stat.isFile()) return false;
      bytes += stat.size;
    } catch {
      return false;
    }
    if (bytes > maxBytes) return false;
  }
  return true;
}
