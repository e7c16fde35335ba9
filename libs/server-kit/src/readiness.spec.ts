import { watchReadiness, type Readiness } from './readiness';

describe('watchReadiness', () => {
  it('reports the first answer and each change, not repeats; a throwing check is not ready', async () => {
    const answers: (Readiness | Error)[] = [
      { ready: false, reason: 'starting' },
      { ready: false, reason: 'starting' },
      { ready: true },
      { ready: true },
      new Error('job store unavailable: down'),
      { ready: true },
    ];
    const seen: Readiness[] = [];
    let asked = 0;
    const watch = watchReadiness(
      async () => {
        const answer = answers[Math.min(asked++, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      },
      (r) => seen.push(r),
      { intervalMs: 5 },
    );
    const deadline = Date.now() + 5_000;
    while (asked < answers.length + 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    watch.stop();
    expect(seen).toEqual([
      { ready: false, reason: 'starting' },
      { ready: true },
      { ready: false, reason: 'job store unavailable: down' },
      { ready: true },
    ]);
  });

  it('reports nothing once stopped', async () => {
    const seen: Readiness[] = [];
    const watch = watchReadiness(async () => ({ ready: true }), (r) => seen.push(r), { intervalMs: 5 });
    watch.stop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen).toEqual([]);
  });
});
