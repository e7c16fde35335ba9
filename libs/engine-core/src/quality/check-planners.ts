/**
 * The registry of quality check types for the engine: one planner per type of
 * `QUALITY_CHECK_TYPES`, checked by the compiler (a type without a planner, or a planner filed
 * under another type, does not compile). Both backends measure through it alike.
 */
import type { QualityCheck } from '@pipeline/definition';
import type { CheckPlanner, CheckPlannerTable, CheckPlanning, Judge } from './check-planner';
import { planCompleteness } from './checks/completeness';
import { planCondition } from './checks/condition';
import { planFreshness } from './checks/freshness';
import { planReferential } from './checks/referential';
import { planSchema } from './checks/schema';
import { planStatistical } from './checks/statistical';
import { planUniqueness } from './checks/uniqueness';
import { planValidity } from './checks/validity';
import { planVolume } from './checks/volume';

/** Every check type's planner, keyed by its `type`. */
export const QUALITY_CHECK_PLANNERS = {
  schema: planSchema,
  completeness: planCompleteness,
  uniqueness: planUniqueness,
  validity: planValidity,
  statistical: planStatistical,
  volume: planVolume,
  freshness: planFreshness,
  referential: planReferential,
  crossColumn: planCondition<'crossColumn'>,
  custom: planCondition<'custom'>,
} as const satisfies CheckPlannerTable;

/** Plans `check` with the planner of its type. */
export function planCheck(check: QualityCheck, planning: CheckPlanning): Judge | Promise<Judge> {
  // The table is indexed by the check's own type, so the planner takes exactly this check.
  return (QUALITY_CHECK_PLANNERS[check.type] as CheckPlanner<QualityCheck['type']>)(check, planning);
}
