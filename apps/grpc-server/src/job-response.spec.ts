import { toCancelResponse, toJobResponse, waitTimeoutMs } from './job-response';

const created = '2026-11-21T10:30:00.123Z';
const started = '2026-11-21T10:30:01.000Z';
const done = '2026-11-21T10:30:03.500Z';

describe('toJobResponse', () => {
  it('uses "" and -1 while queued', () => {
    expect(toJobResponse({ id: 'j', status: 'queued', createdAt: created })).toEqual({
      id: 'j',
      status: 'queued',
      error: '',
      createdAt: created,
      startedAt: '',
      completedAt: '',
      durationMs: -1,
      outputs: [],
      quality: [],
      steps: [],
    });
  });

  it("gives a running job's steps from its progress and a completed job's step timings", () => {
    const running = toJobResponse({
      id: 'j',
      status: 'running',
      createdAt: created,
      startedAt: started,
      progress: {
        steps: [
          { ref: 'raw', state: 'done', startedAt: started, ms: 2.5 },
          { ref: 'out', state: 'running', startedAt: started },
          { ref: 'late', state: 'waiting' },
        ],
      },
    });
    expect(running.steps).toEqual([
      { asset: 'raw', state: 'done', startedAt: started, ms: 2.5 },
      { asset: 'out', state: 'running', startedAt: started },
      { asset: 'late', state: 'waiting', startedAt: '' },
    ]);
    const completed = {
      id: 'j',
      status: 'completed',
      createdAt: created,
      startedAt: started,
      completedAt: done,
      durationMs: 2500,
      outcome: { outputs: [{ ref: 'out', path: 'out/x.csv', rowsWritten: 7 }], steps: [{ ref: 'raw', ms: 1 }, { ref: 'out', ms: 3 }] },
    };
    expect(toJobResponse(completed).steps).toEqual([
      { asset: 'raw', state: 'done', startedAt: '', ms: 1 },
      { asset: 'out', state: 'done', startedAt: '', ms: 3, rows: 7 },
    ]);
    expect(toJobResponse(completed, { steps: false }).steps).toEqual([]);
  });

  it('has a start time but no completion while running', () => {
    expect(toJobResponse({ id: 'j', status: 'running', createdAt: created, startedAt: started })).toMatchObject({
      startedAt: started,
      completedAt: '',
      durationMs: -1,
    });
  });

  it('reports a failed job with its error and duration', () => {
    expect(
      toJobResponse({
        id: 'j',
        status: 'failed',
        error: 'asset "raw": file not found: x.csv',
        createdAt: created,
        startedAt: started,
        completedAt: done,
        durationMs: 2500,
      }),
    ).toEqual({
      id: 'j',
      status: 'failed',
      error: 'asset "raw": file not found: x.csv',
      createdAt: created,
      startedAt: started,
      completedAt: done,
      durationMs: 2500,
      outputs: [],
      quality: [],
      steps: [],
    });
  });

  it('lists what a completed job wrote, in plan order', () => {
    const outcome = {
      outputs: [
        { ref: 'summary', path: 'out/summary.csv', rowsWritten: 3 },
        { ref: 'again', path: 'out/old.csv', rowsWritten: 0 },
      ],
    };
    expect(
      toJobResponse({ id: 'j', status: 'completed', createdAt: created, startedAt: started, completedAt: done, durationMs: 2500, outcome })
        .outputs,
    ).toEqual([
      { asset: 'summary', path: 'out/summary.csv', rowsWritten: 3 },
      { asset: 'again', path: 'out/old.csv', rowsWritten: 0 },
    ]);
  });

  it('carries the quality result model of spec 17.4, and reads results stored before it', () => {
    const result = {
      suite: 'q',
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
      message: 'm',
      timestamp: done,
    };
    const stored = { suite: 'q', check: 'volume rowCount', status: 'info', severity: 'info', observed: null, expected: '<= 5', message: 'm' };
    const outcome = { outputs: [], quality: [result, stored] };
    const { observed: _observed, ...rest } = result;
    expect(toJobResponse({ id: 'j', status: 'completed', createdAt: created, startedAt: started, completedAt: done, durationMs: 1, outcome }).quality).toEqual([
      { ...rest, observedValue: 0.8 },
      { suite: 'q', check: 'volume rowCount', checkType: '', target: '', status: 'pass', severity: 'info', expected: '<= 5', message: 'm', timestamp: '' },
    ]);
  });

  it('reports a job cancelled while queued with no start and duration 0', () => {
    expect(toJobResponse({ id: 'j', status: 'cancelled', createdAt: created, completedAt: done, durationMs: 0 })).toMatchObject({
      startedAt: '',
      completedAt: done,
      durationMs: 0,
    });
  });
});

describe('toCancelResponse', () => {
  const job = { id: 'j', status: 'completed', createdAt: created };
  it.each([
    ['cancelled', { cancelled: true, status: 'cancelled' }],
    ['cancelling', { cancelled: true, status: 'cancelling' }],
    ['already_terminal', { cancelled: false, status: 'completed' }],
  ] as const)('%s', (outcome, expected) => {
    expect(toCancelResponse(outcome, job)).toEqual(expected);
  });
});

describe('waitTimeoutMs', () => {
  it.each([
    [0, 300_000],
    [1, 1000],
    [3600, 3_600_000],
    [3601, 3_600_000],
    [4_294_967_295, 3_600_000],
  ])('%d s -> %d ms', (seconds, ms) => {
    expect(waitTimeoutMs(seconds)).toBe(ms);
  });
});
