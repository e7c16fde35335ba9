/**
 * The history kinds of the Teckel specification (scd2, 8.25; merge, 8.37; asOfJoin, 8.39) on
 * both backends, over several runs, as a user runs them: the target is an input reading the file
 * the previous run wrote (the test copies the output over it between runs). After every run the
 * output equals an independent DuckDB statement written by hand over the same files; history only
 * grows; a rerun with the same data gives the same file, byte for byte.
 */
import { openTeckelHarness, type TeckelHarness } from '../__fixtures__/teckel-harness';
import type { BackendName } from '../index';

let h: TeckelHarness;

beforeAll(async () => {
  h = await openTeckelHarness();
});

afterAll(() => h?.close());

/** Writes a file below the data root. */
const write = (rel: string, text: string): void => void h.root.write(rel, text);

const read = (rel: string): string => h.root.read(rel);

const abs = (rel: string): string => h.abs(rel);

/** The sorted rows of `sql`, every value as text ('' for NULL). */
async function rows(sql: string): Promise<string[]> {
  const reader = await h.duck.runAndReadAll(`SELECT CAST(COLUMNS(*) AS VARCHAR) FROM (${sql})`);
  return (reader.getRowsJson() as unknown[][]).map((r) => r.map((v) => (v === null ? '' : String(v))).join('|')).sort();
}

/** Runs `yaml` on `backend` (accepted and completed, as `h.run` asserts) and returns when it started and ended. */
async function runJob(yaml: string, backend: BackendName): Promise<{ started_at: string; completed_at: string }> {
  const run = await h.run(yaml, backend);
  return { started_at: run.startedAt, completed_at: run.completedAt };
}

const STAMP = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?/g;

/**
 * The run's timestamp in `output`: the one stamp the previous target did not hold (there is at
 * most one, and it lies within the job's run), or undefined when the run stamped nothing.
 */
function runStamp(output: string, before: string, job: { started_at: string; completed_at: string }): string | undefined {
  const fresh = [...new Set([...output.matchAll(STAMP)].map((m) => m[0]))].filter((s) => !before.includes(s));
  expect(fresh.length).toBeLessThanOrEqual(1);
  if (fresh.length === 0) return undefined;
  const at = Date.parse(`${fresh[0].replace(' ', 'T')}Z`);
  expect(at).toBeGreaterThanOrEqual(Date.parse(job.started_at) - 1);
  expect(at).toBeLessThanOrEqual(Date.parse(job.completed_at) + 1);
  return fresh[0];
}

describe.each(['duckdb', 'danfo'] as const)('scd2 over several runs on %s (spec 8.25)', (backend) => {
  const dir = `scd2-${backend}`;
  const DIM_HEADER = 'customer_id,name,email,address,valid_from,valid_to,is_current\n';
  // The spec's example, the dimension's current state read from the file the last run wrote.
  const yaml = [
    'version: "3.0"',
    'input:',
    '  - name: existingCustomers',
    '    format: csv',
    `    path: ${dir}/dim.csv`,
    '  - name: newCustomerData',
    '    format: csv',
    `    path: ${dir}/snapshot.csv`,
    'transformation:',
    '  - name: customerDim',
    '    scd2:',
    '      current: existingCustomers',
    '      incoming: newCustomerData',
    '      keyColumns: [customer_id]',
    '      trackColumns: [name, email, address]',
    '      startDateColumn: valid_from',
    '      endDateColumn: valid_to',
    '      currentFlagColumn: is_current',
    'output:',
    '  - name: customerDim',
    '    format: csv',
    `    path: ${dir}/customerDim.csv`,
    '    mode: overwrite',
    '',
  ].join('\n');

  /** The dimension typed from its text (an empty file reads as text), for the hand-written statement. */
  const typed = (file: string): string =>
    `SELECT CAST(customer_id AS BIGINT) AS customer_id, name, email, address, CAST(valid_from AS TIMESTAMP) AS valid_from, ` +
    `CAST(valid_to AS TIMESTAMP) AS valid_to, CAST(is_current AS BOOLEAN) AS is_current FROM read_csv('${abs(file)}', all_varchar = true)`;

  /** scd2 by hand: open rows whose tracked values changed are closed at `stamp`; changed and new keys are opened. */
  const expected = (stamp: string): string => {
    const t = `TIMESTAMP '${stamp}'`;
    return (
      `WITH d AS (${typed(`${dir}/dim.csv`)}), ` +
      `s AS (SELECT CAST(customer_id AS BIGINT) AS customer_id, name, email, address FROM read_csv('${abs(`${dir}/snapshot.csv`)}', all_varchar = true)), ` +
      'changed AS (SELECT s.customer_id FROM s JOIN d ON d.customer_id = s.customer_id AND d.is_current ' +
      'WHERE d.name IS DISTINCT FROM s.name OR d.email IS DISTINCT FROM s.email OR d.address IS DISTINCT FROM s.address) ' +
      `SELECT customer_id, name, email, address, valid_from, CASE WHEN is_current AND customer_id IN (SELECT * FROM changed) THEN ${t} ELSE valid_to END, ` +
      'CASE WHEN is_current AND customer_id IN (SELECT * FROM changed) THEN false ELSE is_current END FROM d ' +
      `UNION ALL SELECT customer_id, name, email, address, ${t}, NULL, true FROM s ` +
      'WHERE customer_id IN (SELECT * FROM changed) OR customer_id NOT IN (SELECT customer_id FROM d WHERE is_current)'
    );
  };

  const SNAPSHOTS = [
    // The first load, over a dimension file holding only its header.
    'customer_id,name,email,address\n1,Ann,ann@example.com,Paris\n2,Bob,bob@example.com,Rome\n3,Cy,,Oslo\n',
    // Bob moved, Cy has an email now, Di is new, Ann is unchanged.
    'customer_id,name,email,address\n1,Ann,ann@example.com,Paris\n2,Bob,bob@example.com,Milan\n3,Cy,cy@example.com,Oslo\n4,Di,di@example.com,Lima\n',
    // The same snapshot again: nothing changes.
    'customer_id,name,email,address\n1,Ann,ann@example.com,Paris\n2,Bob,bob@example.com,Milan\n3,Cy,cy@example.com,Oslo\n4,Di,di@example.com,Lima\n',
    // Bob moves back (a third version), Ann is absent (her open row stays open), Di's name changes.
    'customer_id,name,email,address\n2,Bob,bob@example.com,Rome\n4,Dina,di@example.com,Lima\n3,Cy,cy@example.com,Oslo\n',
  ];
  // Rows of the dimension after each run: the history only grows.
  const SIZES = [3, 6, 6, 8];
  // Open rows after each run: one per key seen.
  const OPEN = [3, 4, 4, 4];

  it('keeps the whole history, each run equal to the hand-written statement; a rerun changes nothing', async () => {
    write(`${dir}/dim.csv`, DIM_HEADER);
    for (const [run, snapshot] of SNAPSHOTS.entries()) {
      write(`${dir}/snapshot.csv`, snapshot);
      const before = read(`${dir}/dim.csv`);
      const job = await runJob(yaml, backend);
      const output = read(`${dir}/customerDim.csv`);
      const stamp = runStamp(output, before, job);
      const written = await rows(typed(`${dir}/customerDim.csv`));
      expect(written).toEqual(await rows(expected(stamp ?? '2000-01-01 00:00:00')));
      expect(written).toHaveLength(SIZES[run]);
      expect(written.filter((r) => r.endsWith('|true'))).toHaveLength(OPEN[run]);
      // Every row of the previous dimension is still there, in its order (closed rows changed only there).
      const lines = output.trimEnd().split('\n');
      expect(lines.slice(0, before.trimEnd().split('\n').length).map((l) => l.split(',').slice(0, 5).join(','))).toEqual(
        before.trimEnd().split('\n').map((l) => l.split(',').slice(0, 5).join(',')),
      );
      if (run === 2) {
        expect(stamp).toBeUndefined();
        expect(output).toBe(before);
      }
      // As a user would: the new dimension becomes the target the next run reads.
      write(`${dir}/dim.csv`, output);
    }
    // Bob's three versions: Rome (closed), Milan (closed), Rome (open).
    const bob = read(`${dir}/dim.csv`).split('\n').filter((l) => l.startsWith('2,'));
    expect(bob.map((l) => [l.split(',')[3], l.split(',')[6]])).toEqual([
      ['Rome', 'false'],
      ['Milan', 'false'],
      ['Rome', 'true'],
    ]);
  });
});

describe.each(['duckdb', 'danfo'] as const)('merge over several runs on %s (spec 8.37)', (backend) => {
  const dir = `merge-${backend}`;
  // The spec's example; the target is the file the last run wrote.
  const yaml = [
    'version: "3.0"',
    'input:',
    '  - name: existingCustomers',
    '    format: csv',
    `    path: ${dir}/customers.csv`,
    '  - name: newData',
    '    format: csv',
    `    path: ${dir}/updates.csv`,
    'transformation:',
    '  - name: mergedCustomers',
    '    merge:',
    '      target: existingCustomers',
    '      source: newData',
    '      on:',
    '        - "existingCustomers.id = newData.id"',
    '      whenMatched:',
    '        - action: update',
    '          condition: "existingCustomers.updated_at < newData.updated_at"',
    '          set:',
    '            name: "newData.name"',
    '            email: "newData.email"',
    '            updated_at: "current_timestamp()"',
    '      whenNotMatched:',
    '        - action: insert',
    '          star: true',
    'output:',
    '  - name: mergedCustomers',
    '    format: csv',
    `    path: ${dir}/merged.csv`,
    '    mode: overwrite',
    '',
  ].join('\n');

  const typed = (file: string): string =>
    `SELECT CAST(id AS BIGINT) AS id, name, email, CAST(updated_at AS TIMESTAMP) AS updated_at FROM read_csv('${abs(file)}', all_varchar = true)`;

  /** The same merge as DuckDB's own MERGE INTO statement, current_timestamp() being the run's `stamp`. */
  async function expected(stamp: string): Promise<string[]> {
    await h.duck.run(`CREATE OR REPLACE TABLE customers AS ${typed(`${dir}/customers.csv`)}`);
    await h.duck.run(
      `MERGE INTO customers USING (${typed(`${dir}/updates.csv`)}) AS updates ON customers.id = updates.id ` +
        `WHEN MATCHED AND customers.updated_at < updates.updated_at THEN UPDATE SET name = updates.name, email = updates.email, updated_at = TIMESTAMP '${stamp}' ` +
        'WHEN NOT MATCHED THEN INSERT *',
    );
    return rows('SELECT * FROM customers');
  }

  const RUNS = [
    // Bob's record is newer, Cy is new; Ann's is older than the target's.
    'id,name,email,updated_at\n1,Ann,ann@old.example,2023-01-01 00:00:00\n2,Bob,bob@new.example,2024-06-01 00:00:00\n3,Cy,cy@example.com,2024-06-01 00:00:00\n',
    // The same updates again: nothing changes.
    'id,name,email,updated_at\n1,Ann,ann@old.example,2023-01-01 00:00:00\n2,Bob,bob@new.example,2024-06-01 00:00:00\n3,Cy,cy@example.com,2024-06-01 00:00:00\n',
    // Cy changes (newer than her insert), Di is new, Bob's older record is ignored.
    'id,name,email,updated_at\n3,Cy,cy@new.example,2025-01-01 00:00:00\n4,Di,,2025-01-01 00:00:00\n2,Bob,bob@older.example,2020-01-01 00:00:00\n',
  ];
  const SIZES = [3, 3, 4];

  it('upserts run after run, each equal to MERGE INTO; a rerun changes nothing', async () => {
    write(`${dir}/customers.csv`, 'id,name,email,updated_at\n1,Ann,ann@example.com,2024-01-01 00:00:00\n2,Bob,bob@example.com,2024-01-01 00:00:00\n');
    for (const [run, updates] of RUNS.entries()) {
      write(`${dir}/updates.csv`, updates);
      const before = read(`${dir}/customers.csv`);
      const job = await runJob(yaml, backend);
      const output = read(`${dir}/merged.csv`);
      const stamp = runStamp(output, `${before}${updates}`, job);
      const written = await rows(typed(`${dir}/merged.csv`));
      expect(written).toEqual(await expected(stamp ?? '2000-01-01 00:00:00'));
      expect(written).toHaveLength(SIZES[run]);
      if (run === 1) {
        expect(stamp).toBeUndefined();
        expect(output).toBe(before);
      } else {
        expect(stamp).toBeDefined();
      }
      // Target rows keep their order; inserted rows follow.
      expect(output.trimEnd().split('\n').map((l) => l.split(',')[0])).toEqual(['id', ...['1', '2', '3', '4'].slice(0, SIZES[run])]);
      write(`${dir}/customers.csv`, output);
    }
    expect(read(`${dir}/customers.csv`)).toMatch(/^id,name,email,updated_at\n1,Ann,ann@example\.com,2024-01-01 00:00:00\n2,Bob,bob@new\.example,\S+ \S+\n3,Cy,cy@new\.example,\S+ \S+\n4,Di,,2025-01-01 00:00:00\n$/);
  });
});

describe.each(['duckdb', 'danfo'] as const)('asOfJoin on %s (spec 8.39)', (backend) => {
  const dir = `asof-${backend}`;
  const TRADES = 'symbol,trade_time,qty\nACME,2024-01-01 10:00:00,5\nACME,2024-01-01 10:09:00,7\nINIT,2024-01-01 10:02:00,1\nACME,2024-01-01 09:00:00,2\n,2024-01-01 10:00:00,3\nINIT,2024-01-01 10:30:00,4\n';
  const QUOTES = 'symbol,quote_time,price\nACME,2024-01-01 09:58:00,10.5\nACME,2024-01-01 10:00:00,10.75\nINIT,2024-01-01 10:01:00,3.25\nACME,2024-01-01 10:02:00,11.0\n,2024-01-01 10:00:00,99.0\nINIT,2024-01-01 10:20:00,3.5\n';
  const yaml = (direction: string, tolerance: string) =>
    [
      'version: "3.0"',
      'input:',
      '  - name: trades',
      '    format: csv',
      `    path: ${dir}/trades.csv`,
      '  - name: quotes',
      '    format: csv',
      `    path: ${dir}/quotes.csv`,
      'transformation:',
      '  - name: tradeWithQuote',
      '    asOfJoin:',
      '      left: trades',
      '      right: quotes',
      '      leftAsOf: trade_time',
      '      rightAsOf: quote_time',
      '      on:',
      '        - "trades.symbol = quotes.symbol"',
      `      direction: ${direction}`,
      `      tolerance: "${tolerance}"`,
      'output:',
      '  - name: tradeWithQuote',
      '    format: csv',
      `    path: ${dir}/out.csv`,
      '    mode: overwrite',
      '',
    ].join('\n');

  it.each([
    ['backward', 'INTERVAL 5 MINUTES', '>='],
    ['forward', 'INTERVAL 30 MINUTES', '<='],
  ])("the spec's example, %s within %s, equals DuckDB's own ASOF JOIN", async (direction, tolerance, op) => {
    write(`${dir}/trades.csv`, TRADES);
    write(`${dir}/quotes.csv`, QUOTES);
    await runJob(yaml(direction, tolerance), backend);
    const written = await rows(`SELECT * FROM read_csv('${abs(`${dir}/out.csv`)}')`);
    // DuckDB's ASOF LEFT JOIN finds the closest quote; a quote beyond the tolerance is no match.
    const within = op === '>=' ? `q.quote_time >= t.trade_time - ${tolerance}` : `q.quote_time <= t.trade_time + ${tolerance}`;
    const expected = await rows(
      `SELECT t.symbol, t.trade_time, t.qty, CASE WHEN ${within} THEN q.symbol END, CASE WHEN ${within} THEN q.quote_time END, CASE WHEN ${within} THEN q.price END ` +
        `FROM read_csv('${abs(`${dir}/trades.csv`)}') t ASOF LEFT JOIN read_csv('${abs(`${dir}/quotes.csv`)}') q ON t.symbol = q.symbol AND t.trade_time ${op} q.quote_time`,
    );
    expect(written).toEqual(expected);
    expect(written.filter((r) => !r.endsWith('||'))).toHaveLength(2);
  });
});
