/** Freshness checks (spec 17.3.7): the latest value of a column at most `maxAge` (ISO 8601) old. */
import type { QualityCheckRule } from '../check-rule';
import { describeJson, durationMs } from '../read-fields';

/** The rule of `type: freshness`. It escalates past a longer age (`escalate: { maxAge: P7D, severity: error }`). */
export const FRESHNESS_RULE: QualityCheckRule<'freshness'> = {
  type: 'freshness',
  fields: ['column', 'maxAge'],
  threshold: false,
  read({ raw, read, invalid, common }) {
    const column = read.column('column');
    const maxAge = raw['maxAge'];
    if (maxAge === undefined) throw invalid('maxAge', 'is required');
    if (typeof maxAge !== 'string') throw invalid('maxAge', `must be an ISO 8601 duration such as "PT24H" (got ${describeJson(maxAge)})`);
    const ms = durationMs(maxAge);
    if (typeof ms === 'string') throw invalid('maxAge', ms);
    return { type: 'freshness', column, maxAge, maxAgeMs: ms, ...common };
  },
  escalate: {
    fields: ['maxAge'],
    read({ raw, invalid }, check) {
      const maxAge = raw['maxAge'];
      if (maxAge === undefined) throw invalid('maxAge', 'is required');
      if (typeof maxAge !== 'string') throw invalid('maxAge', `must be an ISO 8601 duration such as "P7D" (got ${describeJson(maxAge)})`);
      const ms = durationMs(maxAge);
      if (typeof ms === 'string') throw invalid('maxAge', ms);
      if (ms < check.maxAgeMs) throw invalid('maxAge', `must not be shorter than maxAge (${maxAge} < ${check.maxAge})`);
      return { maxAge, maxAgeMs: ms };
    },
  },
};
