/**
 * Every quality check type (spec 17.3) on both backends over the same data, with hand-computed
 * observed values and statuses, and both backends' results equal result for result. Also: suite
 * filters, severities (warn and info only report; error fails naming the check, placing no
 * output), escalation (17.6), and engine errors naming suite and check.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import type { QualityResult } from '@pipeline/engine-core';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
// 6 rows: one NULL amount, a duplicate id, an unknown customer 9, one bad email, one unaccepted status.
const ORDERS = [
  'id,customer_id,amount,status,email,created_at,shipped_at',
  '1,1,10,paid,ann@example.com,2024-01-01 10:00:00,2024-01-02 10:00:00',
  '2,2,20,paid,bob@example.com,2024-01-02 10:00:00,',
  '3,1,,open,cy@example,2024-01-03 10:00:00,2024-01-01 10:00:00',
  '4,9,40,lost,,2024-01-04 10:00:00,2024-01-05 10:00:00',
  '5,2,30,paid,di@example.com,2024-01-05 10:00:00,2024-01-06 10:00:00',
  '5,1,50,open,ed@example.com,2024-01-06 10:00:00,',
  '',
].join('\n');
const CUSTOMERS = ['id,name', '1,Ann', '2,Bob', ''].join('\n');

function doc(quality: string): string {
  return [
    'version: "3.0"',
    'input:',
    '  - { name: orders, format: csv, path: orders.csv }',
    '  - { name: customers, format: csv, path: customers.csv }',
    'output:',
    '  - { name: orders, format: csv, path: out.csv, mode: overwrite }',
    'quality:',
    '  - suite: s',
    '    target: orders',
    '    severity: warn',
    '    checks:',
    quality,
  ].join('\n');
}

/** Each check type: the check (YAML list entry) and its results as [check, status, observed]. */
const CASES: [string, string, [string, string, number | null][]][] = [
  ['schema', '      - { type: schema, columns: { required: [id, phone], forbidden: ["ship*"] }, types: { id: integer, amount: string } }', [['schema', 'warn', 3]]],
  ['completeness', '      - { type: completeness, column: amount, threshold: 0.8 }', [['completeness(amount)', 'pass', 5 / 6]]],
  ['uniqueness', '      - { type: uniqueness, columns: [id] }', [['uniqueness(id)', 'warn', 5 / 6]]],
  ['uniqueness, composite', '      - { type: uniqueness, columns: [id, customer_id] }', [['uniqueness(id, customer_id)', 'pass', 1]]],
  ['validity, accepted values', '      - { type: validity, column: status, acceptedValues: [paid, open] }', [['validity(status)', 'warn', 5 / 6]]],
  ['validity, range', '      - { type: validity, column: amount, range: { min: 10, max: 40, strictMin: true } }', [['validity(amount)', 'warn', 3 / 5]]],
  ['validity, format email', '      - { type: validity, column: email, format: email }', [['validity(email)', 'warn', 4 / 5]]],
  ['validity, pattern and length', '      - { type: validity, column: status, pattern: "^[a-z]+$", lengthBetween: [4, 4] }', [['validity(status)', 'pass', 1]]],
  ['validity, format timestamp on a timestamp column', '      - { type: validity, column: created_at, format: timestamp }', [['validity(created_at)', 'pass', 1]]],
  [
    'statistical',
    '      - { type: statistical, column: amount, mean: { between: [20, 40] }, min: { min: 10 }, max: { max: 40 }, sum: { min: 150 }, stdev: { max: 20 }, quantiles: { 0.5: { max: 30 } } }',
    [
      ['statistical(amount) mean', 'pass', 30],
      ['statistical(amount) min', 'pass', 10],
      ['statistical(amount) max', 'warn', 50],
      ['statistical(amount) sum', 'pass', 150],
      ['statistical(amount) stdev', 'pass', Math.sqrt(250)],
      ['statistical(amount) quantile 0.5', 'pass', 30],
    ],
  ],
  ['volume', '      - { type: volume, rowCount: { between: [1, 5] }, columnCount: { min: 7 } }', [['volume rowCount', 'warn', 6], ['volume columnCount', 'pass', 7]]],
  ['referential', '      - { type: referential, column: customer_id, reference: { asset: customers, column: id } }', [['referential(customer_id -> customers.id)', 'warn', 5 / 6]]],
  ['crossColumn (NULL fails)', '      - { type: crossColumn, condition: "shipped_at >= created_at" }', [['crossColumn(shipped_at >= created_at)', 'warn', 3 / 6]]],
  ['custom', '      - { type: custom, condition: "amount > 0 AND status IS NOT NULL", threshold: 0.5 }', [['custom(amount > 0 AND status IS NOT NULL)', 'pass', 5 / 6]]],
];

describe.each(BACKENDS)('quality checks on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('orders.csv', ORDERS);
    root.write('customers.csv', CUSTOMERS);
  });
  afterEach(() => root.cleanup());
  const run = (quality: string) => executePlan(plan(doc(quality)), { dataRoot: root.dir, backend });
  const failure = async (quality: string): Promise<{ message: string; details: Record<string, unknown> }> => {
    try {
      await run(quality);
    } catch (e) {
      return { message: `${(e as { code: string }).code}: ${(e as Error).message}`, details: (e as { details: Record<string, unknown> }).details };
    }
    throw new Error('no failure');
  };

  it.each(CASES)('%s', async (_name, check, expected) => {
    const result = await run(check);
    const got = (result.quality ?? []).map((r) => [r.check, r.status, r.observed]);
    expect(got.map(([c, s]) => [c, s])).toEqual(expected.map(([c, s]) => [c, s]));
    got.forEach(([, , observed], i) => {
      const want = expected[i]?.[2] ?? null;
      if (want === null) expect(observed).toBeNull();
      else expect(observed).toBeCloseTo(want, 12);
    });
  });

  it('words results: schema problems, counts, bounds', async () => {
    const result = await run(`${CASES[0]?.[1]}\n${CASES[5]?.[1]}\n      - { type: volume, rowCount: { max: 5 } }`);
    expect(result.quality?.map((r) => r.message)).toEqual([
      '3 schema problems: required column "phone" is missing; forbidden column "shipped_at" is present; column "amount" is long, expected string',
      '3 of 5 non-NULL values of "amount" are valid, validity: 0.6, expected at least 1',
      '6 rows, expected <= 5',
    ]);
  });

  it('freshness: the latest value against maxAge (an age in seconds)', async () => {
    const result = await run('      - { type: freshness, column: created_at, maxAge: P1D }\n      - { type: freshness, column: created_at, maxAge: P36500D }');
    const [stale, fresh] = result.quality as QualityResult[];
    expect([stale?.check, stale?.status, fresh?.status]).toEqual(['freshness(created_at)', 'warn', 'pass']);
    const age = Math.round((Date.now() - Date.parse('2024-01-06T10:00:00Z')) / 1000);
    expect(Math.abs((stale?.observed ?? 0) - age)).toBeLessThan(120);
    expect(stale?.expected).toBe('<= 86400 s (P1D)');
  });

  it('a filter limits the rows every check sees', async () => {
    const q = doc('      - { type: completeness, column: amount }\n      - { type: volume, rowCount: { max: 3 } }').replace('    severity: warn\n', '    severity: warn\n    filter: "status = \'paid\'"\n');
    const result = await executePlan(plan(q), { dataRoot: root.dir, backend });
    expect(result.quality?.map((r) => [r.check, r.status, r.observed])).toEqual([
      ['completeness(amount)', 'pass', 1],
      ['volume rowCount', 'pass', 3],
    ]);
  });

  it('escalates below the escalate threshold; an info check records its metric and passes (spec 17.4)', async () => {
    const result = await run(
      '      - { type: uniqueness, columns: [id], threshold: 0.99, escalate: { threshold: 0.9, severity: info } }\n      - { type: completeness, column: amount, threshold: 0.99, escalate: { threshold: 0.5, severity: error } }\n      - { type: volume, rowCount: { max: 5 }, severity: info }',
    );
    expect(result.quality?.map((r) => [r.check, r.status, r.severity, r.observed])).toEqual([
      ['uniqueness(id)', 'pass', 'info', 5 / 6],
      ['completeness(amount)', 'warn', 'warn', 5 / 6],
      ['volume rowCount', 'pass', 'info', 6],
    ]);
  });

  it('escalates volume outside the wider bound and freshness past the longer age (spec 17.6)', async () => {
    const result = await run(
      [
        '      - { type: volume, rowCount: { min: 10 }, escalate: { rowCount: { min: 7 }, severity: error }, severity: warn }',
        '      - { type: volume, rowCount: { min: 10 }, columnCount: { max: 6 }, escalate: { rowCount: { min: 5 }, columnCount: { max: 10 }, severity: error } }',
        '      - { type: freshness, column: created_at, maxAge: PT1H, escalate: { maxAge: P1D, severity: error }, severity: warn }',
        '      - { type: freshness, column: created_at, maxAge: PT1H, escalate: { maxAge: P36500D, severity: error }, severity: warn }',
      ].join('\n'),
    ).catch((e: { details: { quality: QualityResult[] } }) => ({ quality: e.details.quality }));
    expect(result.quality?.map((r) => [r.check, r.status, r.severity])).toEqual([
      ['volume rowCount', 'fail', 'error'],
      ['volume rowCount', 'warn', 'warn'],
      ['volume columnCount', 'warn', 'warn'],
      ['freshness(created_at)', 'fail', 'error'],
      ['freshness(created_at)', 'warn', 'warn'],
    ]);
  });

  it('each result carries the check result model of spec 17.4', async () => {
    const before = Date.now();
    const result = await run(
      [
        '      - { type: completeness, column: amount, description: "amounts are known" }',
        '      - { type: uniqueness, columns: [id] }',
        '      - { type: uniqueness, columns: [id, customer_id] }',
        '      - { type: validity, column: amount, range: { min: 10, max: 40, strictMin: true } }',
        '      - { type: referential, column: customer_id, reference: { asset: customers, column: id } }',
        '      - { type: crossColumn, condition: "shipped_at >= created_at" }',
        '      - { type: statistical, column: amount, mean: { min: 0 } }',
        '      - { type: volume, rowCount: { min: 1 } }',
        '      - { type: schema, columns: { required: [id] } }',
      ].join('\n'),
    );
    const quality = result.quality ?? [];
    for (const r of quality) {
      expect(r.target).toBe('orders');
      expect(Date.parse(r.timestamp)).toBeGreaterThanOrEqual(before - 1000);
      expect(r.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(quality.map((r) => [r.checkType, r.column, r.failingRows, r.failingPercent, r.description])).toEqual([
      ['completeness', 'amount', 1, 16.6667, 'amounts are known'],
      // Rows whose key another row has: both rows with id 5.
      ['uniqueness', 'id', 2, 33.3333, undefined],
      ['uniqueness', undefined, 0, 0, undefined],
      // Of the 5 non-NULL values, 10 and 50 are out of (10, 40].
      ['validity', 'amount', 2, 40, undefined],
      ['referential', 'customer_id', 1, 16.6667, undefined],
      ['crossColumn', undefined, 3, 50, undefined],
      ['statistical', 'amount', undefined, undefined, undefined],
      ['volume', undefined, undefined, undefined, undefined],
      ['schema', undefined, undefined, undefined, undefined],
    ]);
    // Every column and failing count is present only where it applies: no keys set to undefined.
    expect(Object.keys(quality[7] ?? {}).sort()).toEqual(['check', 'checkType', 'expected', 'message', 'observed', 'severity', 'status', 'suite', 'target', 'timestamp']);
  });

  it('an error-severity failure fails the run naming suite and check, with every result so far, and places no output', async () => {
    const { message, details } = await failure('      - { type: volume, rowCount: { min: 1 } }\n      - { type: uniqueness, columns: [id], severity: error }');
    expect(message).toBe('E_QUALITY: asset "orders": E-QUALITY-001: quality suite "s" check uniqueness(id) failed: 5 distinct keys in 6 rows, uniqueness: 0.833333, expected at least 1');
    expect((details['quality'] as QualityResult[]).map((r) => [r.check, r.status])).toEqual([
      ['volume rowCount', 'pass'],
      ['uniqueness(id)', 'fail'],
    ]);
    expect(root.exists('out.csv')).toBe(false);
  });

  it('a failing freshness check is E-QUALITY-004, a referential one E-QUALITY-005 (spec 25)', async () => {
    const stale = await failure('      - { type: freshness, column: created_at, maxAge: P1D, severity: error }');
    expect(stale.message).toMatch(/^E_QUALITY: asset "orders": E-QUALITY-004: quality suite "s" check freshness\(created_at\) failed: /);
    expect(stale.details['specCode']).toBe('E-QUALITY-004');
    const orphans = await failure('      - { type: referential, column: customer_id, reference: { asset: customers, column: id }, severity: error }');
    expect(orphans.message).toMatch(/^E_QUALITY: asset "orders": E-QUALITY-005: quality suite "s" check referential\(customer_id -> customers\.id\) failed: /);
    expect(orphans.details['specCode']).toBe('E-QUALITY-005');
  });

  it('a column that does not exist or does not fit fails naming suite and check', async () => {
    expect((await failure('      - { type: completeness, column: amout }')).message).toBe(
      'E_COLUMN_NOT_FOUND: asset "orders": E-COL-001: quality suite "s": checks[0] (completeness): column: column "amout" not found (columns: id, customer_id, amount, status, email, created_at, shipped_at)',
    );
    expect((await failure('      - { type: statistical, column: status, mean: { min: 0 } }')).message).toBe(
      'E_TYPE: asset "orders": E-EXPR-001: quality suite "s": checks[0] (statistical): column: "status" is string; statistics need a numeric column',
    );
  });
});

it('both backends report the same results for every check type', async () => {
  const root = makeTempRoot();
  try {
    root.write('orders.csv', ORDERS);
    root.write('customers.csv', CUSTOMERS);
    const all = CASES.map(([, check]) => check).join('\n');
    const [duck, danfo] = await Promise.all(BACKENDS.map((backend) => executePlan(plan(doc(all)), { dataRoot: root.dir, backend })));
    // Each backend stamps its own run's time.
    const unstamped = (results: readonly QualityResult[] = []) => results.map(({ timestamp: _at, ...rest }) => rest);
    expect(unstamped(danfo?.quality)).toEqual(unstamped(duck?.quality));
    expect(duck?.quality).toHaveLength(20);
  } finally {
    root.cleanup();
  }
});
