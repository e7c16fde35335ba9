/**
 * Quality on Spark against DuckDB, result for result (spec 17.4: check, check_type, target,
 * status, severity, observed, expected, failing rows and percent, message): every check type of
 * the engine's registry in one suite, escalation, filters, an error-severity failure and its spec
 * code, the row checks of assertion and schemaEnforce steps, and a session's handles (the path
 * gRPC sessions take). Each run stamps its own time, so timestamps are compared apart, and a
 * freshness age is compared as the moment it measured (the run's time less the age).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import type { QualityResult } from '@pipeline/engine-core';
import { createBackend, executePlan, type BackendName } from '../index';
import { readSparkCsv, sparkConfig } from './__fixtures__/spark-output';

// 7 rows: a NULL amount, a duplicate id, an unknown customer 9, a bad email, an unaccepted status,
// a NULL shipped_at, fractional amounts (statistics beyond integers).
const ORDERS = [
  'id,customer_id,amount,status,email,created_at,shipped_at,day',
  '1,1,10.5,paid,ann@example.com,2024-01-01 10:00:00,2024-01-02 10:00:00,2024-01-01',
  '2,2,20.25,paid,bob@example.com,2024-01-02 10:00:00,,2024-01-02',
  '3,1,,open,cy@example,2024-01-03 10:00:00,2024-01-01 10:00:00,2024-01-03',
  '4,9,40,lost,,2024-01-04 10:00:00,2024-01-05 10:00:00,2024-01-04',
  '5,2,30.125,paid,di@example.com,2024-01-05 10:00:00,2024-01-06 10:00:00,2024-01-05',
  '5,1,50,open,ed@example.com,2024-01-06 10:00:00,,2024-01-06',
  '7,2,-3.75,paid,fi@example.org,2024-01-06 11:30:00,2024-01-07 10:00:00,2024-01-07',
  '',
].join('\n');
const CUSTOMERS = ['id,name', '1,Ann', '2,Bob', ''].join('\n');

/** One check per entry of the registry (and each variant of validity and statistical). */
const EVERY_CHECK = [
  '      - { type: schema, columns: { required: [id, phone], forbidden: ["ship*"] }, types: { id: integer, amount: string } }',
  '      - { type: completeness, column: amount, threshold: 0.8 }',
  '      - { type: completeness, column: shipped_at, threshold: 0.9, escalate: { threshold: 0.8, severity: info } }',
  '      - { type: uniqueness, columns: [id] }',
  '      - { type: uniqueness, columns: [id, customer_id] }',
  '      - { type: validity, column: status, acceptedValues: [paid, open] }',
  '      - { type: validity, column: amount, range: { min: 10, max: 40, strictMin: true } }',
  '      - { type: validity, column: email, format: email }',
  '      - { type: validity, column: status, pattern: "^[a-z]+$", lengthBetween: [4, 4] }',
  '      - { type: validity, column: created_at, format: timestamp }',
  '      - { type: validity, column: id, acceptedValues: ["1", 2, 3, 4, 5] }',
  '      - { type: statistical, column: amount, mean: { between: [20, 40] }, min: { min: 0 }, max: { max: 40 }, sum: { min: 150 }, stdev: { max: 20 }, quantiles: { 0.5: { max: 30 }, 0.9: { max: 45 } } }',
  '      - { type: volume, rowCount: { between: [1, 5] }, columnCount: { min: 8 } }',
  '      - { type: volume, rowCount: { min: 10 }, escalate: { rowCount: { min: 8 }, severity: info } }',
  '      - { type: freshness, column: created_at, maxAge: P1D }',
  '      - { type: freshness, column: day, maxAge: P36500D }',
  '      - { type: freshness, column: created_at, maxAge: PT1H, escalate: { maxAge: P1D, severity: info } }',
  '      - { type: referential, column: customer_id, reference: { asset: customers, column: id } }',
  '      - { type: crossColumn, condition: "shipped_at >= created_at" }',
  '      - { type: custom, condition: "amount > 0 AND status IS NOT NULL", threshold: 0.5 }',
].join('\n');

function doc(checks: string, { severity = 'warn', filter }: { severity?: string; filter?: string } = {}): string {
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
    `    severity: ${severity}`,
    ...(filter === undefined ? [] : [`    filter: "${filter}"`]),
    '    checks:',
    checks,
  ].join('\n');
}

/** The orders read, asset n computed from them by `source` (an assertion, a schemaEnforce), written out. */
function step(source: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: orders',
    '      source: { input: { format: csv, path: orders.csv } }',
    '    - asset_ref: n',
    `      source: ${source}`,
    '    - asset_ref: out',
    '      source: { output: { from: n, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

/**
 * A result without its run's time; a freshness age as the second it measured from (the run's time
 * less the age); a standard deviation to 14 significant digits, since Spark and DuckDB accumulate
 * the variance in different orders and may differ in the last bit (every other value is exact).
 */
function comparable(results: readonly QualityResult[] = []): Record<string, unknown>[] {
  return results.map(({ timestamp, ...rest }) => {
    if (rest.checkType === 'freshness' && rest.observed !== null) {
      return { ...rest, observed: Math.round(Date.parse(timestamp) / 1000) - rest.observed, message: ageless(rest.message) };
    }
    return rest.check.endsWith(' stdev') && rest.observed !== null ? { ...rest, observed: Number(rest.observed.toPrecision(14)) } : rest;
  });
}

/** A message without the age it was measured at. */
const ageless = (message: string): string => message.replace(/\d+ s old/, 'N s old');

type Outcome = { results: QualityResult[]; error?: string; specCode?: unknown; wrote: boolean };

describe('quality on Spark gives DuckDB\'s results', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('orders.csv', ORDERS);
    root.write('customers.csv', CUSTOMERS);
  });
  afterEach(() => root.cleanup());

  async function run(backend: BackendName, yaml: string): Promise<Outcome> {
    fs.rmSync(path.join(root.dir, 'out.csv'), { recursive: true, force: true });
    const config = backend === 'spark' ? { ...sparkConfig(root.dir), backend } : { dataRoot: root.dir, backend };
    try {
      const result = await executePlan(plan(yaml), config);
      return { results: [...(result.quality ?? [])], wrote: root.exists('out.csv') };
    } catch (e) {
      const { code, message, details } = e as { code: string; message: string; details: { quality?: QualityResult[]; specCode?: unknown } };
      return { results: details.quality ?? [], error: `${code}: ${message}`, specCode: details.specCode, wrote: root.exists('out.csv') };
    }
  }

  async function both(yaml: string): Promise<{ duck: Outcome; spark: Outcome }> {
    const duck = await run('duckdb', yaml);
    const spark = await run('spark', yaml);
    const same = (o: Outcome) => ({ ...o, results: comparable(o.results), ...(o.error === undefined ? {} : { error: ageless(o.error) }) });
    expect(same(spark)).toEqual(same(duck));
    return { duck, spark };
  }

  it('every check type of the registry, with escalation, in one suite', async () => {
    const { spark } = await both(doc(EVERY_CHECK));
    const statuses = spark.results.map((r) => [r.check, r.status, r.severity]);
    expect(statuses).toEqual([
      ['schema', 'warn', 'warn'],
      ['completeness(amount)', 'pass', 'warn'],
      ['completeness(shipped_at)', 'pass', 'info'],
      ['uniqueness(id)', 'warn', 'warn'],
      ['uniqueness(id, customer_id)', 'pass', 'warn'],
      ['validity(status)', 'warn', 'warn'],
      ['validity(amount)', 'warn', 'warn'],
      ['validity(email)', 'warn', 'warn'],
      ['validity(status)', 'pass', 'warn'],
      ['validity(created_at)', 'pass', 'warn'],
      ['validity(id)', 'warn', 'warn'],
      ['statistical(amount) mean', 'pass', 'warn'],
      ['statistical(amount) min', 'warn', 'warn'],
      ['statistical(amount) max', 'warn', 'warn'],
      ['statistical(amount) sum', 'warn', 'warn'],
      ['statistical(amount) stdev', 'pass', 'warn'],
      ['statistical(amount) quantile 0.5', 'pass', 'warn'],
      ['statistical(amount) quantile 0.9', 'pass', 'warn'],
      ['volume rowCount', 'warn', 'warn'],
      ['volume columnCount', 'pass', 'warn'],
      ['volume rowCount', 'pass', 'info'],
      ['freshness(created_at)', 'warn', 'warn'],
      ['freshness(day)', 'pass', 'warn'],
      ['freshness(created_at)', 'pass', 'info'],
      ['referential(customer_id -> customers.id)', 'warn', 'warn'],
      ['crossColumn(shipped_at >= created_at)', 'warn', 'warn'],
      ['custom(amount > 0 AND status IS NOT NULL)', 'pass', 'warn'],
    ]);
    // Measured, not defaulted: the observed values a hand count gives.
    const observed = Object.fromEntries(spark.results.filter((r) => r.checkType !== 'freshness').map((r) => [`${r.check}`, r.observed]));
    expect(observed).toMatchObject({
      'completeness(amount)': 6 / 7,
      'uniqueness(id)': 6 / 7,
      'statistical(amount) sum': 147.125,
      'statistical(amount) quantile 0.5': 25.1875,
      'referential(customer_id -> customers.id)': 6 / 7,
      // Rows 1, 4, 5 and 7 ship on or after creation; 3 ships before; 2 and 6 have no shipped_at.
      'crossColumn(shipped_at >= created_at)': 4 / 7,
    });
    expect(spark.results.every((r) => r.target === 'orders' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(r.timestamp))).toBe(true);
    expect(spark.results.find((r) => r.check === 'uniqueness(id)')).toMatchObject({ checkType: 'uniqueness', failingRows: 2, failingPercent: 28.5714 });
  });

  it('a suite filter limits the rows every check sees', async () => {
    const { spark } = await both(doc('      - { type: completeness, column: shipped_at }\n      - { type: volume, rowCount: { max: 3 } }', { filter: "status = 'paid'" }));
    expect(spark.results.map((r) => [r.check, r.status, r.observed])).toEqual([
      ['completeness(shipped_at)', 'warn', 3 / 4],
      ['volume rowCount', 'warn', 4],
    ]);
  });

  it('an error-severity failure fails the run with the spec code, every result so far, and no output', async () => {
    const { spark } = await both(doc('      - { type: volume, rowCount: { min: 1 } }\n      - { type: uniqueness, columns: [id] }', { severity: 'error' }));
    expect(spark.error).toBe('E_QUALITY: asset "orders": E-QUALITY-001: quality suite "s" check uniqueness(id) failed: 6 distinct keys in 7 rows, uniqueness: 0.857143, expected at least 1');
    expect([spark.specCode, spark.wrote, spark.results.map((r) => r.status)]).toEqual(['E-QUALITY-001', false, ['pass', 'fail']]);
    const orphans = await both(doc('      - { type: referential, column: customer_id, reference: { asset: customers, column: id } }', { severity: 'error' }));
    expect(orphans.spark.specCode).toBe('E-QUALITY-005');
    const stale = await both(doc('      - { type: freshness, column: created_at, maxAge: P1D }', { severity: 'error' }));
    expect(stale.spark.specCode).toBe('E-QUALITY-004');
  });

  it('over no rows: every fraction is 1 and statistics are NULL', async () => {
    const { spark } = await both(doc(EVERY_CHECK, { filter: 'id > 100' }));
    expect(spark.results.find((r) => r.check === 'statistical(amount) mean')).toMatchObject({ observed: null, status: 'warn' });
    expect(spark.results.find((r) => r.check === 'completeness(amount)')).toMatchObject({ observed: 1, status: 'pass' });
  });

  it('the row checks of assertion and schemaEnforce steps (warn, drop, fail)', async () => {
    const checks = '[ { rule: unique, column: id }, { rule: not_null, column: amount }, { rule: "amount < 45" } ]';
    const warned = await both(step(`{ assertion: { from: orders, onFailure: warn, checks: ${checks} } }`));
    expect(warned.spark.results.map((r) => [r.check, r.status, r.observed])).toEqual([
      ['unique(id)', 'warn', 2],
      ['not_null(amount)', 'warn', 1],
      ['amount < 45', 'warn', 2],
    ]);
    const dropped = await both(step(`{ assertion: { from: orders, onFailure: drop, checks: ${checks} } }`));
    expect(dropped.spark.results.map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
    const failed = await both(step(`{ assertion: { from: orders, checks: ${checks} } }`));
    expect([failed.spark.error, failed.spark.specCode, failed.spark.wrote]).toEqual([
      'E_QUALITY: asset "n": E-QUALITY-001: checks[0].column: assertion unique(id) failed on 2 of 7 rows; assertion not_null(amount) failed on 1 of 7 rows; assertion amount < 45 failed on 2 of 7 rows',
      'E-QUALITY-001',
      false,
    ]);
    const enforced = await both(step('{ schemaEnforce: { from: orders, mode: evolve, columns: [ { name: shipped_at, dataType: timestamp, nullable: false } ] } }'));
    expect(enforced.spark.error).toMatch(/^E_QUALITY: asset "n": E-QUALITY-001: columns\[0\]\.nullable: column "shipped_at" is not nullable but 2 of 7 rows hold NULL$/);
  });

  it('drops the failing rows of an assertion as DuckDB does, in input order', async () => {
    const yaml = step('{ assertion: { from: orders, onFailure: drop, checks: [ { rule: unique, column: id }, { rule: "amount > 0" } ] } }');
    const duck = await executePlan(plan(yaml), { dataRoot: root.dir, backend: 'duckdb' });
    const duckOut = root.read('out.csv');
    const spark = await executePlan(plan(yaml), { ...sparkConfig(root.dir), backend: 'spark' });
    expect(readSparkCsv(`${root.dir}/out.csv`)).toBe(duckOut);
    // Ids 1, 2 and 4 remain, in input order: 3 has no amount, both 5s share an id, 7 is negative.
    expect(duckOut.trimEnd().split('\n').slice(1).map((r) => r.split(',')[0])).toEqual(['1', '2', '4']);
    expect(comparable(spark.quality)).toEqual(comparable(duck.quality));
  });

  it('keeps hostile column names as names in every measure', async () => {
    const name = "we`ird 'k\\ ey";
    root.write('h.csv', `"${name}",v\n1,a\n1,b\n,c\n2,d\n`);
    const quoted = `\`${name.replace(/`/g, '``')}\``;
    const yaml = [
      'version: "3.0"',
      'input:',
      '  - { name: h, format: csv, path: h.csv }',
      '  - { name: customers, format: csv, path: customers.csv }',
      'output:',
      '  - { name: h, format: csv, path: out.csv, mode: overwrite }',
      'quality:',
      '  - suite: s',
      '    target: h',
      '    severity: warn',
      '    checks:',
      `      - { type: completeness, column: ${JSON.stringify(name)} }`,
      `      - { type: uniqueness, columns: [${JSON.stringify(name)}] }`,
      `      - { type: referential, column: ${JSON.stringify(name)}, reference: { asset: customers, column: id } }`,
      `      - { type: custom, condition: ${JSON.stringify(`${quoted} > 1`)} }`,
    ].join('\n');
    const { spark } = await both(yaml);
    expect(spark.results.map((r) => [r.check, r.observed])).toEqual([
      [`completeness(${name})`, 3 / 4],
      [`uniqueness(${name})`, 2 / 3],
      [`referential(${name} -> customers.id)`, 1],
      [`custom(${quoted} > 1)`, 1 / 4],
    ]);
  });

  it('measures a session\'s handles as a run does (the gRPC session path)', async () => {
    const yaml = doc('      - { type: completeness, column: amount }\n      - { type: referential, column: customer_id, reference: { asset: customers, column: id } }');
    const results: Record<string, unknown>[][] = [];
    for (const name of ['duckdb', 'spark'] as const) {
      const config = name === 'spark' ? sparkConfig(root.dir) : { dataRoot: root.dir };
      const backend = await createBackend(name, config);
      try {
        fs.rmSync(path.join(root.dir, 'out.csv'), { recursive: true, force: true });
        const result = await executePlan(plan(yaml), { ...config, backend });
        results.push(comparable(result.quality));
      } finally {
        await backend.close();
      }
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[1]?.map((r) => r['observed'])).toEqual([6 / 7, 6 / 7]);
  });
});
