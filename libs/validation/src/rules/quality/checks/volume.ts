/** Volume checks (spec 17.3.6): bounds on the row count and the column count. */
import type { QualityBound } from '@pipeline/definition';
import type { QualityCheckRule } from '../check-rule';
import { boundContains, describeBound } from '../escalations';

/**
 * The rule of `type: volume`. It escalates outside wider bounds (`escalate: { rowCount: { min: 10 },
 * severity: error }`), each containing the check's own bound of the same count.
 */
export const VOLUME_RULE: QualityCheckRule<'volume'> = {
  type: 'volume',
  fields: ['rowCount', 'columnCount'],
  threshold: false,
  read({ raw, read, invalid, common }) {
    const rowCount = raw['rowCount'] === undefined ? undefined : read.bound('rowCount');
    const columnCount = raw['columnCount'] === undefined ? undefined : read.bound('columnCount');
    if (rowCount === undefined && columnCount === undefined) throw invalid('rowCount', 'or columnCount is required (the check has nothing to check)');
    return { type: 'volume', ...(rowCount === undefined ? {} : { rowCount }), ...(columnCount === undefined ? {} : { columnCount }), ...common };
  },
  escalate: {
    fields: ['rowCount', 'columnCount'],
    read({ raw, read, invalid }, check) {
      const wider = (field: 'rowCount' | 'columnCount'): QualityBound | undefined => {
        if (raw[field] === undefined) return undefined;
        const own = check[field];
        if (own === undefined) throw invalid(field, `needs the check's own ${field}`);
        const bound = read.bound(field);
        if (!boundContains(bound, own)) throw invalid(field, `must contain the check's ${field} (${describeBound(bound)} does not contain ${describeBound(own)})`);
        return bound;
      };
      const rowCount = wider('rowCount');
      const columnCount = wider('columnCount');
      if (rowCount === undefined && columnCount === undefined) throw invalid('rowCount', 'or columnCount is required');
      return { ...(rowCount === undefined ? {} : { rowCount }), ...(columnCount === undefined ? {} : { columnCount }) };
    },
  },
};
