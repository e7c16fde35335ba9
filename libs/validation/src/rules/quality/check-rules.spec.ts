/**
 * The registry of quality check rules is complete by construction. Each `@ts-expect-error` below
 * is checked by `nx typecheck validation` (tsconfig.spec.json): if a line stopped being a type
 * error, the unused directive would fail the type check. The runtime assertions check the real table.
 */
import { QUALITY_CHECK_TYPES } from '@pipeline/definition';
import type { QualityCheckRuleTable } from './check-rule';
import { checkRuleOf, QUALITY_CHECK_RULES } from './check-rules';
import { COMPLETENESS_RULE } from './checks/completeness';
import { VOLUME_RULE } from './checks/volume';

describe('the quality check rules', () => {
  it('a table without a rule for some check type does not compile', () => {
    const { custom: _left, ...rest } = QUALITY_CHECK_RULES;
    // @ts-expect-error custom has no rule: every check type of the definition needs one
    const table: QualityCheckRuleTable = rest;
    expect(Object.keys(table)).not.toContain('custom');
  });

  it('a rule filed under another check type does not compile', () => {
    // @ts-expect-error the volume rule reads a volume check, not a completeness check
    const table: QualityCheckRuleTable<'completeness'> = { completeness: VOLUME_RULE };
    expect(table.completeness.type).toBe('volume');
    const right: QualityCheckRuleTable<'completeness'> = { completeness: COMPLETENESS_RULE };
    expect(right.completeness.type).toBe('completeness');
  });

  it('has one rule per check type of the definition, each under its own type', () => {
    expect(Object.keys(QUALITY_CHECK_RULES)).toEqual([...QUALITY_CHECK_TYPES]);
    for (const type of QUALITY_CHECK_TYPES) {
      expect(checkRuleOf(type).type).toBe(type);
      // Common fields are read before a rule runs; a rule never lists them again.
      expect(checkRuleOf(type).fields).not.toEqual(expect.arrayContaining(['type']));
    }
  });
});
