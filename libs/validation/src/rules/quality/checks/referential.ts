/** Referential checks (spec 17.3.8): values of a column found in a column of another asset. */
import type { QualityCheckRule } from '../check-rule';
import { THRESHOLD_ESCALATION } from '../escalations';
import { type Json, Reader } from '../read-fields';

/** The rule of `type: referential`. */
export const REFERENTIAL_RULE: QualityCheckRule<'referential'> = {
  type: 'referential',
  fields: ['column', 'reference', 'threshold'],
  threshold: true,
  escalate: THRESHOLD_ESCALATION,
  read({ raw, read, invalid, unknownField, threshold, common }) {
    const column = read.column('column');
    if (raw['reference'] === undefined) throw invalid('reference', 'is required');
    const reference = read.object('reference') as Json;
    for (const key of Object.keys(reference)) {
      if (key !== 'asset' && key !== 'column') throw unknownField('reference', key, ['asset', 'column']);
    }
    const nested = new Reader(reference, (field, detail) => invalid(`reference.${field}`, detail));
    const asset = nested.column('asset');
    return { type: 'referential', column, reference: { asset, column: nested.column('column') }, threshold, ...common };
  },
  references: (check) => [{ field: 'reference.asset', asset: check.reference.asset }],
};
