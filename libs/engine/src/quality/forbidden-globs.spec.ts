/**
 * Issue 28, item 1: a schema check's forbidden glob `*a*a*a*a*a*a*a*a*a*a*c` against a
 * 200-character column name ran for minutes as a backtracking regular expression and ignored a
 * cancel. Globs are matched in linear time now, with turns of the event loop between pairs of glob
 * and column, so the check answers at once and wide work stops soon after its cancel.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const HOSTILE = `${'*a'.repeat(10)}*c`;

function doc(columns: { forbidden: readonly string[] }): string {
  return [
    'version: "3.0"',
    'input:',
    '  - { name: wide, format: csv, path: wide.csv }',
    'output:',
    '  - { name: wide, format: csv, path: out.csv, mode: overwrite }',
    'quality:',
    '  - suite: s',
    '    target: wide',
    '    severity: warn',
    '    checks:',
    `      - { type: schema, columns: { forbidden: [${columns.forbidden.map((g) => JSON.stringify(g)).join(', ')}] } }`,
  ].join('\n');
}

/** A one-row CSV whose header is `names`. */
function csv(names: readonly string[]): string {
  return `${names.join(',')}\n${names.map((_, i) => i).join(',')}\n`;
}

describe.each(['duckdb', 'danfo'] as BackendName[])('forbidden globs on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
  });
  afterEach(() => root.cleanup());

  it('matches the backtracking glob against a 200-character name at once, and reports what matches', async () => {
    const long = 'a'.repeat(200);
    root.write('wide.csv', csv(['id', long, `${'a'.repeat(199)}c`]));
    const started = Date.now();
    const result = await executePlan(plan(doc({ forbidden: [HOSTILE, 'ID', 'x?'] })), { dataRoot: root.dir, backend });
    expect(result.quality?.map((r) => [r.status, r.observed, r.message])).toEqual([
      ['warn', 2, `2 schema problems: forbidden column "${'a'.repeat(199)}c" is present; forbidden column "id" is present`],
    ]);
    // A hang guard, not a benchmark: the regular expression took minutes.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('stops soon after a cancel while matching many long globs against many long names', async () => {
    // 1,000 columns of 200 characters against 100 globs of 1,000: seconds of matching.
    const names = Array.from({ length: 1000 }, (_, i) => `${'a'.repeat(195)}${String(i).padStart(5, '0')}`);
    root.write('wide.csv', csv(names));
    const globs = Array.from({ length: 100 }, (_, i) => `${'*a'.repeat(498)}*${String(i).padStart(2, '0')}`);
    const controller = new AbortController();
    const started = Date.now();
    let cancelledAt = 0;
    let timer: NodeJS.Timeout | undefined;
    // The suites run once every step is done: the cancel lands well inside the matching.
    const onStep = ({ done, total }: { done: number; total: number }): void => {
      if (done !== total) return;
      timer = setTimeout(() => {
        cancelledAt = Date.now();
        controller.abort();
      }, 300);
    };
    const outcome = await executePlan(plan(doc({ forbidden: globs })), { dataRoot: root.dir, backend }, { signal: controller.signal, onStep }).then(
      () => 'completed',
      (e: unknown) => (e as { code?: string }).code,
    );
    clearTimeout(timer);
    expect(outcome).toBe('E_CANCELLED');
    expect(cancelledAt).toBeGreaterThan(0);
    expect(Date.now() - cancelledAt).toBeLessThan(3_000);
    expect(root.exists('out.csv')).toBe(false);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);
});
