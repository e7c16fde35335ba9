/**
 * The registry of quality check types for validation: one rule per type of `QUALITY_CHECK_TYPES`,
 * checked by the compiler (a type without a rule, or a rule filed under another type, does not
 * compile). A new check type is one file under `checks/` plus one line here.
 */
import type { QualityCheckType } from '@pipeline/definition';
import type { QualityCheckRule, QualityCheckRuleTable } from './check-rule';
import { COMPLETENESS_RULE } from './checks/completeness';
import { CROSS_COLUMN_RULE, CUSTOM_RULE } from './checks/condition';
import { FRESHNESS_RULE } from './checks/freshness';
import { REFERENTIAL_RULE } from './checks/referential';
import { SCHEMA_RULE } from './checks/schema';
import { STATISTICAL_RULE } from './checks/statistical';
import { UNIQUENESS_RULE } from './checks/uniqueness';
import { VALIDITY_RULE } from './checks/validity';
import { VOLUME_RULE } from './checks/volume';

/** Every check type's rule, keyed by its `type`. */
export const QUALITY_CHECK_RULES = {
  schema: SCHEMA_RULE,
  completeness: COMPLETENESS_RULE,
  uniqueness: UNIQUENESS_RULE,
  validity: VALIDITY_RULE,
  statistical: STATISTICAL_RULE,
  volume: VOLUME_RULE,
  freshness: FRESHNESS_RULE,
  referential: REFERENTIAL_RULE,
  crossColumn: CROSS_COLUMN_RULE,
  custom: CUSTOM_RULE,
} as const satisfies QualityCheckRuleTable;

/** The rule of check type `type`. */
export function checkRuleOf<T extends QualityCheckType>(type: T): QualityCheckRule<T> {
  return (QUALITY_CHECK_RULES as QualityCheckRuleTable)[type];
}
