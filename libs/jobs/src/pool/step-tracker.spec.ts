import { createStepTracker, type StepDoneEvent } from './step-tracker';

const done = (ref: string, assetsDone: number, at: string, ms: number, rows?: number): StepDoneEvent => ({
  type: 'progress',
  assetsDone,
  assetsTotal: 3,
  rowsWritten: rows ?? 0,
  ref,
  ms,
  at,
  ...(rows === undefined ? {} : { rows }),
});

describe('createStepTracker', () => {
  it('lists every asset in plan order: the first runs from the start, each next from the end of the one before', () => {
    const tracker = createStepTracker(['raw', 'kept', 'out']);
    expect(tracker.started('2026-11-28T10:00:00.000Z')).toEqual({
      assetsDone: 0,
      assetsTotal: 3,
      rowsWritten: 0,
      steps: [
        { ref: 'raw', state: 'running', startedAt: '2026-11-28T10:00:00.000Z' },
        { ref: 'kept', state: 'waiting' },
        { ref: 'out', state: 'waiting' },
      ],
    });
    expect(tracker.stepDone(done('raw', 1, '2026-11-28T10:00:00.250Z', 250)).steps).toEqual([
      { ref: 'raw', state: 'done', startedAt: '2026-11-28T10:00:00.000Z', ms: 250 },
      { ref: 'kept', state: 'running', startedAt: '2026-11-28T10:00:00.250Z' },
      { ref: 'out', state: 'waiting' },
    ]);
    tracker.stepDone(done('kept', 2, '2026-11-28T10:00:00.251Z', 1));
    const last = tracker.stepDone(done('out', 3, '2026-11-28T10:00:02.000Z', 1749, 42));
    expect(last).toMatchObject({ assetsDone: 3, rowsWritten: 42 });
    expect(last.steps.at(-1)).toEqual({ ref: 'out', state: 'done', startedAt: '2026-11-28T10:00:00.251Z', ms: 1749, rows: 42 });
  });

  it('hands out copies: a progress already given does not change afterwards', () => {
    const tracker = createStepTracker(['raw', 'out']);
    const first = tracker.started('2026-11-28T10:00:00.000Z');
    tracker.stepDone(done('raw', 1, '2026-11-28T10:00:00.010Z', 10));
    expect(first.steps[0]).toEqual({ ref: 'raw', state: 'running', startedAt: '2026-11-28T10:00:00.000Z' });
  });

  it('dates an asset done before any start was seen from its end and its time', () => {
    const tracker = createStepTracker(['raw']);
    expect(tracker.stepDone(done('raw', 1, '2026-11-28T10:00:01.000Z', 500)).steps).toEqual([
      { ref: 'raw', state: 'done', startedAt: '2026-11-28T10:00:00.500Z', ms: 500 },
    ]);
  });
});
