/** Volume checks (spec 17.3.6): bounds on the row count and the column count. */
import type { QualityCheckRule } from '../check-rule';

/** The rule of `type: volume`. */
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
};
