/**
 * The engine's registry of quality check planners is complete by construction. Each
 * `@ts-expect-error` below is checked by `nx typecheck engine` (tsconfig.spec.json): if a line
 * stopped being a type error, the unused directive would fail the type check.
 */
import { QUALITY_CHECK_TYPES } from '@pipeline/definition';
import type { CheckPlannerTable } from './check-planner';
import { QUALITY_CHECK_PLANNERS } from './check-planners';
import { planCompleteness } from './checks/completeness';
import { planVolume } from './checks/volume';

describe('the quality check planners', () => {
  it('a table without a planner for some check type does not compile', () => {
    const { freshness: _left, ...rest } = QUALITY_CHECK_PLANNERS;
    // @ts-expect-error freshness has no planner: every check type of the definition needs one
    const table: CheckPlannerTable = rest;
    expect(Object.keys(table)).not.toContain('freshness');
  });

  it('a planner filed under another check type does not compile', () => {
    // @ts-expect-error the volume planner plans a volume check, not a completeness check
    const table: CheckPlannerTable<'completeness'> = { completeness: planVolume };
    const right: CheckPlannerTable<'completeness'> = { completeness: planCompleteness };
    expect([table.completeness, right.completeness]).toEqual([planVolume, planCompleteness]);
  });

  it('has one planner per check type of the definition', () => {
    expect(Object.keys(QUALITY_CHECK_PLANNERS)).toEqual([...QUALITY_CHECK_TYPES]);
  });
});
