/**
 * Data quality results over gRPC (JobResponse.quality, field 9) on both backends: a passing suite,
 * a failing suite of severity warn (the job completes) and a failing check of severity error (the
 * job fails naming the check, and lists the results up to it). The same documents and values as
 * the HTTP test (apps/http-server/test/quality.spec.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, type Harness } from './harness';

const ORDERS = ['order_id,customer_id,amount,status', '1,1,10,paid', '2,2,20,paid', '3,1,,open', '4,9,40,lost', '5,2,30,paid', ''].join('\n');
const CUSTOMERS = ['id,name', '1,Ann', '2,Bob', ''].join('\n');
/** When a check ran (spec 17.4's timestamp): UTC ISO 8601 with milliseconds. */
const AT = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

function document(suite: string, out: string): string {
  return `version: "3.0"
input:
  - name: orders
    format: csv
    path: orders.csv
  - name: customers
    format: csv
    path: customers.csv
output:
  - name: orders
    format: csv
    path: ${out}
quality:
${suite}`;
}

const PASSING = `  - suite: orders-ok
    target: orders
    checks:
      - type: uniqueness
        columns: [order_id]
      - type: volume
        rowCount: { between: [1, 10] }
`;

const WARNING = `  - suite: orders-soft
    target: orders
    severity: warn
    checks:
      - type: referential
        column: customer_id
        reference: { asset: customers, column: id }
`;

const FAILING = `  - suite: orders-strict
    target: orders
    checks:
      - type: custom
        condition: "amount > 0"
        description: every order has a positive amount
      - type: completeness
        column: amount
        severity: info
`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ workers: 1 });
  h.write('orders.csv', ORDERS);
  h.write('customers.csv', CUSTOMERS);
});
afterAll(() => h.stop());

async function run(suite: string, backend: string, out: string) {
  const { jobId } = await h.client.submitJob({ yaml: document(suite, out), backend });
  return h.client.waitForJob({ jobId, timeoutSeconds: 60 });
}

describe.each(['duckdb', 'danfo'])('JobResponse.quality on %s', (backend) => {
  it('lists a passing suite on a completed job', async () => {
    const job = await run(PASSING, backend, `ok-${backend}.csv`);
    expect(job.status).toBe('completed');
    expect(job.quality).toEqual([
      { suite: 'orders-ok', check: 'uniqueness(order_id)', checkType: 'uniqueness', target: 'orders', column: 'order_id', status: 'pass', severity: 'error', observedValue: 1, expected: '>= 1', failingRows: 0, failingPercent: 0, message: '5 distinct keys in 5 rows, uniqueness: 1, expected at least 1', timestamp: AT },
      { suite: 'orders-ok', check: 'volume rowCount', checkType: 'volume', target: 'orders', status: 'pass', severity: 'error', observedValue: 5, expected: 'between 1 and 10', message: '5 rows, expected between 1 and 10', timestamp: AT },
    ]);
  });

  it('lists a warning on a completed job', async () => {
    const job = await run(WARNING, backend, `soft-${backend}.csv`);
    expect(job.status).toBe('completed');
    expect(job.outputs).toEqual([{ asset: 'output_orders', path: `soft-${backend}.csv`, rowsWritten: 5 }]);
    expect(job.quality).toEqual([
      {
        suite: 'orders-soft',
        check: 'referential(customer_id -> customers.id)',
        checkType: 'referential',
        target: 'orders',
        column: 'customer_id',
        status: 'warn',
        severity: 'warn',
        observedValue: 0.8,
        expected: '>= 1',
        failingRows: 1,
        failingPercent: 20,
        message: '1 of 5 non-NULL values of "customer_id" are not in customers.id, integrity: 0.8, expected at least 1',
        timestamp: AT,
      },
    ]);
  });

  it('fails the job on an error check, naming it, with the results so far', async () => {
    const job = await run(FAILING, backend, `strict-${backend}.csv`);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(
      'asset "orders": E-QUALITY-001: quality suite "orders-strict" check custom(amount > 0) failed: 4 of 5 rows satisfy the condition, fraction: 0.8, expected at least 1',
    );
    expect(job.outputs).toEqual([]);
    expect(job.quality).toEqual([
      {
        suite: 'orders-strict',
        check: 'custom(amount > 0)',
        checkType: 'custom',
        target: 'orders',
        status: 'fail',
        severity: 'error',
        observedValue: 0.8,
        expected: '>= 1',
        // The NULL amount makes the condition NULL: that row fails.
        failingRows: 1,
        failingPercent: 20,
        description: 'every order has a positive amount',
        message: '4 of 5 rows satisfy the condition, fraction: 0.8, expected at least 1',
        timestamp: AT,
      },
      // An info check that does not hold records its metric and passes (spec 17.4).
      { suite: 'orders-strict', check: 'completeness(amount)', checkType: 'completeness', target: 'orders', column: 'amount', status: 'pass', severity: 'info', observedValue: 0.8, expected: '>= 1', failingRows: 1, failingPercent: 20, message: '4 of 5 values of "amount" are not NULL, completeness: 0.8, expected at least 1', timestamp: AT },
    ]);
    expect(existsSync(join(h.dataRoot, `strict-${backend}.csv`))).toBe(false);
  });
});
