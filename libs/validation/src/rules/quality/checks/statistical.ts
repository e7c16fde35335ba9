/** Statistical checks (spec 17.3.5): bounds on statistics and quantiles of a numeric column. */
import { type QualityBound, type Statistic, STATISTICS } from '@pipeline/definition';
import type { QualityCheckRule } from '../check-rule';
import { type Json, Reader } from '../read-fields';

/** The rule of `type: statistical`. */
export const STATISTICAL_RULE: QualityCheckRule<'statistical'> = {
  type: 'statistical',
  fields: ['column', ...STATISTICS, 'quantiles'],
  threshold: false,
  read({ raw, read, invalid, common }) {
    const column = read.column('column');
    const bounds: { statistic: Statistic; bound: QualityBound }[] = [];
    for (const statistic of STATISTICS) {
      if (raw[statistic] !== undefined) bounds.push({ statistic, bound: read.bound(statistic) });
    }
    const quantiles: { fraction: number; bound: QualityBound }[] = [];
    if (raw['quantiles'] !== undefined) {
      const written = read.object('quantiles') as Json;
      const nested = new Reader(written, (field, detail) => invalid(`quantiles.${field}`, detail));
      for (const key of Object.keys(written)) {
        const fraction = Number(key);
        if (key.trim() === '' || !Number.isFinite(fraction) || fraction < 0 || fraction > 1) throw invalid(`quantiles.${key}`, 'must be keyed by a fraction from 0 to 1');
        quantiles.push({ fraction, bound: nested.bound(key) });
      }
    }
    if (bounds.length + quantiles.length === 0) throw invalid('mean', 'min, max, sum, stdev or quantiles is required (the check has nothing to check)');
    return { type: 'statistical', column, bounds, quantiles, ...common };
  },
};
