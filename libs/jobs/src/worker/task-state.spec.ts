import { claimCancel, claimStart, createTaskState, isCancelRequested, isClaimed, TaskState } from './task-state';

describe('task start/cancel handshake', () => {
  it('a task cancelled before the worker claims it is never started', () => {
    const state = createTaskState();
    expect(claimCancel(state)).toBe('before-start');
    expect(claimStart(state)).toBe(false);
    expect(isClaimed(state)).toBe(false);
    expect(isCancelRequested(state)).toBe(true);
  });

  it('a claimed task is cancelled cooperatively', () => {
    const state = createTaskState();
    expect(claimStart(state)).toBe(true);
    expect(isCancelRequested(state)).toBe(false);
    expect(claimCancel(state)).toBe('running');
    expect(Atomics.load(state, 0)).toBe(TaskState.cancelRequested);
    expect(isCancelRequested(state)).toBe(true);
    expect(isClaimed(state)).toBe(true);
    expect(claimCancel(state)).toBe('already-cancelled');
  });

  it('shares the word across threads', () => {
    const state = createTaskState();
    expect(state.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
