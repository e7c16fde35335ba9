import type { JobQualityResult, JobRecord } from './job';
import { jobQualityJson, qualityResultJson } from './quality-json';

const RESULT: JobQualityResult = {
  suite: 'orders-q',
  check: 'completeness(amount)',
  checkType: 'completeness',
  target: 'orders',
  column: 'amount',
  status: 'warn',
  severity: 'warn',
  observed: 0.8,
  expected: '>= 1',
  failingRows: 1,
  failingPercent: 20,
  description: 'amounts are known',
  message: '4 of 5 values of "amount" are not NULL, completeness: 0.8, expected at least 1',
  timestamp: '2026-11-28T10:00:00.000Z',
};

const job = (over: Partial<JobRecord>): JobRecord => ({ id: 'j', status: 'completed', createdAt: '2026-11-28T10:00:00.000Z', request: { yaml: 'x' }, ...over });

describe('quality results as JSON (spec 17.4)', () => {
  it("names every field as the spec does, in the spec's order", () => {
    const json = qualityResultJson(RESULT);
    expect(Object.keys(json)).toEqual([
      'suite', 'check', 'check_type', 'target', 'column', 'status', 'severity', 'observed_value', 'expected', 'failing_rows', 'failing_percent', 'description', 'message', 'timestamp',
    ]);
    expect(json).toMatchObject({ check_type: 'completeness', target: 'orders', column: 'amount', observed_value: 0.8, failing_rows: 1, failing_percent: 20 });
  });

  it('leaves out what a check does not have, and reads results stored before the model', () => {
    const stored: JobQualityResult = { suite: 's', check: 'uniqueness(id)', status: 'info', severity: 'info', observed: 0.5, expected: '>= 1', message: 'm' };
    expect(qualityResultJson(stored)).toEqual({ suite: 's', check: 'uniqueness(id)', check_type: '', target: '', status: 'pass', severity: 'info', observed_value: 0.5, expected: '>= 1', message: 'm', timestamp: '' });
  });

  it('lists a finished job\'s results: a completed job\'s outcome, a failed job\'s results so far; none otherwise', () => {
    expect(jobQualityJson(job({ outcome: { outputs: [], steps: [], quality: [RESULT] } })).quality).toHaveLength(1);
    expect(jobQualityJson(job({ status: 'failed', quality: [RESULT, RESULT] })).quality).toHaveLength(2);
    expect(jobQualityJson(job({ status: 'running', quality: [RESULT] }))).toEqual({});
    expect(jobQualityJson(job({ outcome: { outputs: [], steps: [] } }))).toEqual({});
  });
});
