import { isJobsError } from '../errors';
import { JOB_STATUSES, type JobRecord, type JobStatus } from '../job';
import { applyJobEvent, assertTransition, canTransition, createJobRecord, isoNow, type JobEvent } from './state-machine';

const request = { yaml: 'version: "3.0"' };
const T0 = '2026-11-21T10:30:00.123Z';
const T1 = '2026-11-21T10:30:01.000Z';
const T2 = '2026-11-21T10:30:03.456Z';

const ALLOWED: ReadonlySet<string> = new Set([
  'queued->running',
  'queued->cancelled',
  'running->completed',
  'running->failed',
  'running->cancelled',
]);

function recordIn(status: JobStatus): JobRecord {
  return { ...createJobRecord('j1', request, T0), status, ...(status === 'queued' ? {} : { startedAt: T1 }) };
}

describe('job state machine', () => {
  it.each(JOB_STATUSES.flatMap((from) => JOB_STATUSES.map((to) => [from, to] as const)))(
    'allows %s -> %s only when the contract does',
    (from, to) => {
      const allowed = ALLOWED.has(`${from}->${to}`);
      expect(canTransition(from, to)).toBe(allowed);
      if (allowed) {
        expect(() => assertTransition('j1', from, to)).not.toThrow();
      } else {
        let caught: unknown;
        try {
          assertTransition('j1', from, to);
        } catch (e) {
          caught = e;
        }
        expect(isJobsError(caught) && caught.code).toBe('JOB_ILLEGAL_TRANSITION');
        expect((caught as Error).message).toBe(`job j1: illegal transition from ${from} to ${to}`);
      }
    },
  );

  const events: Record<string, JobEvent> = {
    start: { type: 'start', at: T1 },
    complete: { type: 'complete', at: T2, outcome: { outputs: [], steps: [] } },
    fail: { type: 'fail', at: T2, error: { code: 'E_X', message: 'boom' } },
    cancel: { type: 'cancel', at: T2 },
  };

  it.each([
    ['completed', 'start'],
    ['completed', 'cancel'],
    ['failed', 'complete'],
    ['cancelled', 'start'],
    ['cancelled', 'fail'],
    ['queued', 'complete'],
    ['queued', 'fail'],
    ['running', 'start'],
  ] as const)('rejects event %s <- %s', (status, event) => {
    expect(() => applyJobEvent(recordIn(status), events[event])).toThrow(
      expect.objectContaining({ code: 'JOB_ILLEGAL_TRANSITION' }),
    );
  });

  it('creates a queued record with only a creation time', () => {
    const record = createJobRecord('j1', { yaml: 'y', variables: { A: '1' } }, T0);
    expect(record).toEqual({ id: 'j1', status: 'queued', createdAt: T0, request: { yaml: 'y', variables: { A: '1' } } });
    expect(Object.isFrozen(record)).toBe(true);
  });

  it('stamps start, completion, duration and outcome', () => {
    const outcome = { outputs: [{ ref: 'out', path: 'o.csv', rowsWritten: 3, skipped: false }], steps: [{ ref: 'out', ms: 5 }] };
    const running = applyJobEvent(createJobRecord('j1', request, T0), { type: 'start', at: T1 });
    expect(running).toMatchObject({ status: 'running', startedAt: T1 });
    expect(running.completedAt).toBeUndefined();
    expect(running.durationMs).toBeUndefined();
    const done = applyJobEvent(running, { type: 'complete', at: T2, outcome });
    expect(done).toEqual({
      id: 'j1',
      status: 'completed',
      createdAt: T0,
      startedAt: T1,
      completedAt: T2,
      durationMs: 2456,
      request,
      outcome,
    });
  });

  it('records the error of a failed job', () => {
    const running = applyJobEvent(createJobRecord('j1', request, T0), { type: 'start', at: T1 });
    const failed = applyJobEvent(running, { type: 'fail', at: T2, error: { code: 'E_FILE_NOT_FOUND', message: 'asset "raw": file not found: x.csv' } });
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'asset "raw": file not found: x.csv',
      errorCode: 'E_FILE_NOT_FOUND',
      durationMs: 2456,
    });
  });

  it('gives a job cancelled while queued no start time and a duration of 0', () => {
    const cancelled = applyJobEvent(createJobRecord('j1', request, T0), { type: 'cancel', at: T2 });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.startedAt).toBeUndefined();
    expect(cancelled.completedAt).toBe(T2);
    expect(cancelled.durationMs).toBe(0);
  });

  it('gives a job cancelled while running its real duration', () => {
    const cancelled = applyJobEvent(recordIn('running'), { type: 'cancel', at: T2 });
    expect(cancelled).toMatchObject({ status: 'cancelled', startedAt: T1, completedAt: T2, durationMs: 2456 });
  });

  it('never reports a negative duration', () => {
    const running = applyJobEvent(createJobRecord('j1', request, T0), { type: 'start', at: T2 });
    expect(applyJobEvent(running, { type: 'complete', at: T1, outcome: { outputs: [], steps: [] } }).durationMs).toBe(0);
  });

  it('formats times as UTC ISO 8601 with milliseconds', () => {
    expect(isoNow()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
