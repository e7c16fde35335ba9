import type { JobRecord } from '@pipeline/jobs';
import { toJobJson } from './job-json';

const base: JobRecord = {
  id: '3f0c2a9e-1b2c-4d5e-8f90-123456789abc',
  status: 'queued',
  createdAt: '2026-11-21T10:30:00.123Z',
  request: { yaml: 'x' },
};

describe('toJobJson', () => {
  it('shows only what exists: a queued job has no start, end or duration', () => {
    expect(toJobJson(base)).toEqual({ id: base.id, status: 'queued', created_at: base.createdAt });
  });

  it("shows a running job's steps from its progress: waiting, running since, done with time and rows", () => {
    const job: JobRecord = {
      ...base,
      status: 'running',
      startedAt: '2026-11-21T10:30:01.000Z',
      progress: {
        assetsDone: 1,
        assetsTotal: 3,
        rowsWritten: 0,
        steps: [
          { ref: 'raw', state: 'done', startedAt: '2026-11-21T10:30:01.000Z', ms: 1.5 },
          { ref: 'kept', state: 'running', startedAt: '2026-11-21T10:30:01.002Z' },
          { ref: 'out', state: 'waiting' },
        ],
      },
    };
    expect(toJobJson(job).steps).toEqual([
      { asset: 'raw', state: 'done', started_at: '2026-11-21T10:30:01.000Z', ms: 1.5 },
      { asset: 'kept', state: 'running', started_at: '2026-11-21T10:30:01.002Z' },
      { asset: 'out', state: 'waiting' },
    ]);
    // Progress of a job no longer running is stale: never shown.
    expect(toJobJson({ ...job, status: 'cancelled' }).steps).toBeUndefined();
  });

  it('adds started_at while running', () => {
    const job: JobRecord = { ...base, status: 'running', startedAt: '2026-11-21T10:30:01.000Z' };
    expect(toJobJson(job)).toEqual({
      id: base.id,
      status: 'running',
      created_at: base.createdAt,
      started_at: '2026-11-21T10:30:01.000Z',
    });
  });

  it('adds completion and duration once terminal, and error only when failed', () => {
    const finished = {
      startedAt: '2026-11-21T10:30:01.000Z',
      completedAt: '2026-11-21T10:30:01.250Z',
      durationMs: 250,
    };
    const failed = toJobJson({ ...base, ...finished, status: 'failed', error: 'asset "raw": file not found: x.csv' });
    expect(failed).toEqual({
      id: base.id,
      status: 'failed',
      created_at: base.createdAt,
      started_at: finished.startedAt,
      completed_at: finished.completedAt,
      duration_ms: 250,
      error: 'asset "raw": file not found: x.csv',
    });
    // The request stays on the server; `error` never appears on other statuses, `outputs` and
    // the step timings (with each output's rows) only on a completed job.
    const outcome = {
      outputs: [
        { ref: 'high', path: 'out/high.csv', rowsWritten: 3, skipped: false },
        { ref: 'again', path: 'out/old.csv', rowsWritten: 0, skipped: true },
      ],
      steps: [{ ref: 'high', ms: 2 }],
    };
    const completed = toJobJson({ ...base, ...finished, status: 'completed', error: 'stale', outcome });
    expect(Object.keys(completed)).toEqual(['id', 'status', 'created_at', 'started_at', 'completed_at', 'duration_ms', 'outputs', 'steps']);
    expect(completed.steps).toEqual([{ asset: 'high', state: 'done', ms: 2, rows: 3 }]);
    expect(Object.keys(toJobJson({ ...base, ...finished, status: 'completed', outcome }, { steps: false }))).not.toContain('steps');
    expect(completed.outputs).toEqual([
      { asset: 'high', path: 'out/high.csv', rows_written: 3 },
      { asset: 'again', path: 'out/old.csv', rows_written: 0 },
    ]);
    expect(Object.keys(failed)).not.toContain('outputs');
  });

  it('shows a job cancelled while queued with duration 0 and no start', () => {
    const job: JobRecord = { ...base, status: 'cancelled', completedAt: '2026-11-21T10:30:02.000Z', durationMs: 0 };
    expect(toJobJson(job)).toEqual({
      id: base.id,
      status: 'cancelled',
      created_at: base.createdAt,
      completed_at: '2026-11-21T10:30:02.000Z',
      duration_ms: 0,
    });
  });
});
