/**
 * The Teckel specification's section 8 examples and the documentation's complete example run
 * on both backends, as Teckel-shape documents and as their asset-shape twins;
 * each output equals an independent DuckDB SQL statement written by hand over the same files
 * (ordered where the pipeline orders, as a multiset otherwise).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openTeckelHarness, type TeckelHarness } from '../__fixtures__/teckel-harness';
import type { BackendName } from '../index';

const EMPLOYEES = [
  'id,name,department,salary,status',
  '1,Ada,eng,120,active',
  '2,Bob,ops,,inactive',
  '3,Cy,eng,95.5,active',
  '4,Di,sales,95.5,active',
  '5,Ed,ops,70,active',
  '3,Cy,eng,95.5,active',
  '6,Flo,,40,inactive',
  '',
].join('\n');
const CONTRACTORS = ['id,name,department,salary,status', '7,Gus,eng,80,active', '1,Ada,eng,120,active', ''].join('\n');
const USERS = [
  'id,name,age,active,status,created_at,email',
  '1,ann,34,true,active,2025-02-01,ann@example.com',
  '2,,41,false,N/A,2024-11-30,',
  '3,cy,,true,active,2024-12-31,cy@example.com',
  '4,di,29,,,2025-03-15,di@example.com',
  '5,ed,52,true,inactive,2025-01-01,',
  '',
].join('\n');
const SALES = [
  'region,product,amount,price',
  'EU,pen,1200,1.5',
  'EU,pen,80,1.5',
  'US,ink,300,9.0',
  ',pen,40,1.25',
  'US,ink,,9.0',
  'EU,pad,150,3.0',
  '',
].join('\n');
const STAFF = ['id,name,dept_id,salary,status', '1,Ada,10,120,active', '2,Bob,20,95,active', '3,Cy,10,80,inactive', '4,Di,30,70,active', '5,Ed,10,100,active', ''].join('\n');

/** An input of an example document: its name, the file it reads and its format. */
interface Input {
  readonly name: string;
  readonly path: string;
  readonly format?: 'csv' | 'parquet';
  /** For parquet: the same rows as CSV, read instead on danfo (which reads no parquet). */
  readonly csvTwin?: string;
}
const DEFAULT_INPUTS: Input[] = [
  { name: 'employees', path: 'employees.csv' },
  { name: 'contractors', path: 'contractors.csv' },
];

interface Example {
  readonly name: string;
  /** The transformation entries (Teckel shape, indented two spaces); the last one is written out. */
  readonly steps: string;
  readonly last: string;
  /**
   * The same result in hand-written DuckDB SQL over the tables `employees`, `contractors`, `users`,
   * `sales`, `staff` and `departments` (one per data file).
   */
  readonly sql: string;
  readonly ordered: boolean;
  /** The inputs the document declares (employees and contractors when absent). */
  readonly inputs?: readonly Input[];
}

const EXAMPLES: Example[] = [
  {
    name: 'orderBy, simple (8.4)',
    steps: '  - name: sorted\n    orderBy:\n      from: employees\n      columns:\n        - salary\n        - name\n',
    last: 'sorted',
    sql: 'SELECT * FROM employees ORDER BY salary ASC NULLS LAST, name ASC NULLS LAST, id',
    ordered: true,
  },
  {
    name: 'orderBy, explicit directions and nulls (8.4)',
    steps:
      '  - name: ranked\n    orderBy:\n      from: employees\n      columns:\n        - column: salary\n          direction: desc\n          nulls: first\n        - column: name\n          direction: asc\n',
    last: 'ranked',
    sql: 'SELECT * FROM employees ORDER BY salary DESC NULLS FIRST, name ASC',
    ordered: true,
  },
  {
    name: 'union of two sources, all (8.6)',
    steps: '  - name: everyone\n    union:\n      sources: [employees, contractors]\n      all: true\n',
    last: 'everyone',
    sql: 'SELECT * FROM employees UNION ALL SELECT * FROM contractors',
    ordered: false,
  },
  {
    name: 'union by name without duplicates (8.6)',
    steps: '  - name: everyone\n    union:\n      sources: [employees, contractors]\n      all: false\n      byName: true\n',
    last: 'everyone',
    sql: 'SELECT * FROM employees UNION SELECT * FROM contractors',
    ordered: false,
  },
  {
    name: 'intersect (8.7)',
    steps: '  - name: both\n    intersect:\n      sources: [employees, contractors]\n',
    last: 'both',
    sql: 'SELECT * FROM employees INTERSECT SELECT * FROM contractors',
    ordered: false,
  },
  {
    name: 'except (8.8)',
    steps: '  - name: staff\n    except:\n      left: employees\n      right: contractors\n',
    last: 'staff',
    sql: 'SELECT * FROM employees EXCEPT SELECT * FROM contractors',
    ordered: false,
  },
  {
    name: 'distinct on every column (8.9)',
    steps: '  - name: unique\n    distinct:\n      from: employees\n',
    last: 'unique',
    sql: 'SELECT DISTINCT * FROM employees',
    ordered: false,
  },
  {
    name: 'orderBy then limit (8.10)',
    steps: '  - name: sorted\n    orderBy: { from: employees, columns: [id] }\n  - name: top\n    limit:\n      from: sorted\n      count: 3\n',
    last: 'top',
    sql: 'SELECT * FROM employees ORDER BY id LIMIT 3',
    ordered: true,
  },
  {
    name: 'addColumns (8.11)',
    steps:
      '  - name: withDerived\n    addColumns:\n      from: employees\n      columns:\n        - name: raised\n          expression: "salary * 2"\n        - name: category\n          expression: "case when raised > 200 then \'high\' else \'low\' end"\n',
    last: 'withDerived',
    sql: "SELECT *, salary * 2 AS raised, CASE WHEN salary * 2 > 200 THEN 'high' ELSE 'low' END AS category FROM employees",
    ordered: false,
  },
  {
    name: 'dropColumns, renameColumns, castColumns (8.12-8.14)',
    steps:
      '  - name: slim\n    dropColumns: { from: employees, columns: [status] }\n  - name: renamed\n    renameColumns:\n      from: slim\n      mappings: { name: employee }\n  - name: typed\n    castColumns:\n      from: renamed\n      columns:\n        - name: salary\n          targetType: integer\n',
    last: 'typed',
    sql: 'SELECT id, name AS employee, department, TRY_CAST(salary AS INTEGER) AS salary FROM employees',
    ordered: false,
  },
  {
    name: 'offset and tail (8.32, 8.33)',
    steps: '  - name: sorted\n    orderBy: { from: employees, columns: [id, name] }\n  - name: skipped\n    offset: { from: sorted, count: 2 }\n  - name: last\n    tail: { from: skipped, count: 2 }\n',
    last: 'last',
    sql: 'SELECT * FROM (SELECT * FROM employees ORDER BY id, name OFFSET 2) OFFSET 3',
    ordered: true,
  },
  {
    name: 'select with expressions (8.1)',
    steps:
      '  - name: projected\n    select:\n      from: employees\n      columns:\n        - id\n        - name\n        - "salary * 1.1 as adjusted_salary"\n        - "upper(department) as dept"\n',
    last: 'projected',
    sql: 'SELECT id, name, salary * 1.1 AS adjusted_salary, upper(department) AS dept FROM employees',
    ordered: false,
  },
  {
    name: 'where (8.2)',
    inputs: [{ name: 'users', path: 'users.csv' }],
    steps: '  - name: activeUsers\n    where:\n      from: users\n      filter: "status = \'active\' AND created_at >= \'2025-01-01\'"\n',
    last: 'activeUsers',
    sql: "SELECT * FROM users WHERE status = 'active' AND created_at >= DATE '2025-01-01'",
    ordered: false,
  },
  {
    name: 'group with several keys, a NULL key (8.3)',
    inputs: [{ name: 'sales', path: 'sales.csv' }],
    steps:
      '  - name: salesSummary\n    group:\n      from: sales\n      by:\n        - region\n        - product\n      agg:\n        - "sum(amount) as total"\n        - "count(1) as num_sales"\n        - "avg(price) as avg_price"\n',
    last: 'salesSummary',
    sql: 'SELECT region, product, sum(amount) AS total, count(1) AS num_sales, avg(price) AS avg_price FROM sales GROUP BY region, product',
    ordered: false,
  },
  {
    name: 'join on a qualified condition (8.5)',
    inputs: [
      { name: 'employees', path: 'staff.csv' },
      { name: 'departments', path: 'departments.parquet', format: 'parquet', csvTwin: 'departments.csv' },
    ],
    steps: '  - name: joined\n    join:\n      left: employees\n      right:\n        - name: departments\n          type: inner\n          on:\n            - "employees.dept_id = departments.id"\n',
    last: 'joined',
    sql: 'SELECT s.id AS "employees.id", s.name, s.dept_id, s.salary, s.status, d.id AS "departments.id", d.dept_name FROM staff s JOIN departments d ON s.dept_id = d.id',
    ordered: false,
  },
  {
    name: 'left join then anti join (8.5)',
    inputs: [
      { name: 'employees', path: 'staff.csv' },
      { name: 'departments', path: 'departments.parquet', format: 'parquet', csvTwin: 'departments.csv' },
    ],
    steps:
      '  - name: everyone\n    join:\n      left: employees\n      right:\n        - name: departments\n          type: left\n          on: ["employees.dept_id = departments.id"]\n  - name: homeless\n    join:\n      left: employees\n      right:\n        - name: departments\n          type: left_anti\n          on: ["employees.dept_id = departments.id"]\n',
    last: 'homeless',
    sql: 'SELECT * FROM staff s WHERE NOT EXISTS (SELECT 1 FROM departments d WHERE d.id = s.dept_id)',
    ordered: false,
  },
  {
    name: 'conditional (8.20)',
    inputs: [{ name: 'orders', path: 'sales.csv' }],
    steps:
      '  - name: categorized\n    conditional:\n      from: orders\n      outputColumn: size\n      branches:\n        - condition: "amount > 1000"\n          value: "\'large\'"\n        - condition: "amount > 100"\n          value: "\'medium\'"\n      otherwise: "\'small\'"\n',
    last: 'categorized',
    sql: "SELECT *, CASE WHEN amount > 1000 THEN 'large' WHEN amount > 100 THEN 'medium' ELSE 'small' END AS size FROM sales",
    ordered: false,
  },
  {
    name: 'split, the pass side, read downstream (8.21)',
    inputs: [{ name: 'apiResults', path: 'sales.csv' }],
    steps:
      '  - name: splitByAmount\n    split:\n      from: apiResults\n      condition: "amount > 100"\n      pass: bigSales\n      fail: smallSales\n  - name: bigSummary\n    group:\n      from: bigSales\n      by: [region]\n      agg: ["count(1) as calls"]\n',
    last: 'bigSummary',
    sql: 'SELECT region, count(1) AS calls FROM sales WHERE amount > 100 GROUP BY region',
    ordered: false,
  },
  {
    name: 'split, the fail side holds the NULL rows (8.21)',
    inputs: [{ name: 'apiResults', path: 'sales.csv' }],
    steps: '  - name: splitByAmount\n    split:\n      from: apiResults\n      condition: "amount > 100"\n      pass: bigSales\n      fail: smallSales\n',
    last: 'smallSales',
    sql: 'SELECT * FROM sales WHERE amount <= 100 OR amount IS NULL',
    ordered: false,
  },
  {
    name: 'fillNa (8.34)',
    inputs: [{ name: 'users', path: 'users.csv' }],
    steps: '  - name: filled\n    fillNa:\n      from: users\n      values:\n        name: "unknown"\n        age: 0\n        active: false\n',
    last: 'filled',
    sql: "SELECT id, coalesce(name, 'unknown') AS name, coalesce(age, 0) AS age, coalesce(active, false) AS active, status, created_at, email FROM users",
    ordered: false,
  },
  {
    name: 'dropNa (8.35)',
    inputs: [{ name: 'data', path: 'users.csv' }],
    steps: '  - name: complete\n    dropNa:\n      from: data\n      how: any\n      columns: [name, email]\n',
    last: 'complete',
    sql: 'SELECT * FROM users WHERE name IS NOT NULL AND email IS NOT NULL',
    ordered: false,
  },
  {
    name: 'replace (8.36)',
    inputs: [{ name: 'data', path: 'users.csv' }],
    steps: '  - name: cleaned\n    replace:\n      from: data\n      columns: [status]\n      mappings:\n        - old: "N/A"\n          new: "unknown"\n        - old: ""\n          new: "unknown"\n',
    last: 'cleaned',
    sql: "SELECT id, name, age, active, CASE WHEN status IN ('N/A', '') THEN 'unknown' ELSE status END AS status, created_at, email FROM users",
    ordered: false,
  },
  {
    name: 'hints change nothing (8.29, 8.30, 8.45)',
    steps:
      '  - name: spread\n    repartition: { from: employees, numPartitions: 8 }\n  - name: packed\n    coalesce: { from: spread, numPartitions: 1 }\n  - name: hintedProducts\n    hint:\n      from: packed\n      hints:\n        - name: broadcast\n',
    last: 'hintedProducts',
    sql: 'SELECT * FROM employees',
    ordered: true,
  },
  {
    name: 'the documentation\'s multi-step pipeline (where, join, select, group, orderBy, limit)',
    inputs: [
      { name: 'employees', path: 'data/csv/employees.csv' },
      { name: 'departments', path: 'data/parquet/departments', format: 'parquet', csvTwin: 'departments.csv' },
    ],
    steps: [
      '  - name: active',
      '    where:',
      '      from: employees',
      '      filter: "status = \'active\'"',
      '  - name: enriched',
      '    join:',
      '      left: active',
      '      right:',
      '        - name: departments',
      '          type: inner',
      '          on:',
      '            - "active.dept_id = departments.id"',
      '  - name: projected',
      '    select:',
      '      from: enriched',
      '      columns:',
      '        - "active.name"',
      '        - "active.salary"',
      '        - "departments.dept_name"',
      '  - name: summary',
      '    group:',
      '      from: projected',
      '      by:',
      '        - dept_name',
      '      agg:',
      '        - "count(1) as headcount"',
      '        - "avg(salary) as avg_salary"',
      '        - "sum(salary) as total_salary"',
      '  - name: ranked',
      '    orderBy:',
      '      from: summary',
      '      columns:',
      '        - column: total_salary',
      '          direction: desc',
      '  - name: top10',
      '    limit:',
      '      from: ranked',
      '      count: 10',
      '',
    ].join('\n'),
    last: 'top10',
    sql:
      "SELECT d.dept_name, count(1) AS headcount, avg(s.salary) AS avg_salary, sum(s.salary) AS total_salary FROM staff s JOIN departments d ON s.dept_id = d.id WHERE s.status = 'active' GROUP BY d.dept_name ORDER BY total_salary DESC LIMIT 10",
    ordered: true,
  },
];

/** The inputs a backend reads: danfo reads each parquet input's CSV twin. */
function inputsFor(example: Example, backend: BackendName): Input[] {
  return (example.inputs ?? DEFAULT_INPUTS).map((i) => (backend === 'danfo' && i.csvTwin !== undefined ? { name: i.name, path: i.csvTwin } : i));
}

/** The example as a Teckel-shape document writing `last` to `out`. */
function teckelDocument(example: Example, out: string, inputs: readonly Input[]): string {
  return [
    'version: "3.0"',
    'pipeline:',
    `  name: ${JSON.stringify(example.name)}`,
    'input:',
    ...inputs.flatMap((i) => [`  - name: ${i.name}`, `    format: ${i.format ?? 'csv'}`, `    path: ${i.path}`]),
    'transformation:',
    example.steps.trimEnd(),
    'output:',
    `  - name: ${example.last}`,
    '    format: csv',
    `    path: ${out}`,
    '    mode: overwrite',
  ].join('\n');
}

/**
 * The asset-shape twin: every entry `- name: x` followed by its one operation key becomes
 * `- asset_ref: x` with that key under `source`; the output gets its own asset.
 */
function assetDocument(example: Example, out: string, inputs: readonly Input[]): string {
  const steps = example.steps
    .trimEnd()
    .split('\n')
    .map((line) => {
      const entry = /^ {2}- name: (.+)$/.exec(line);
      return entry ? `    - asset_ref: ${entry[1]}\n      source:` : `    ${line}`;
    });
  return [
    'version: "3.0"',
    'pipeline:',
    `  name: ${JSON.stringify(example.name)}`,
    '  assets:',
    ...inputs.flatMap((i) => [
      `    - asset_ref: ${i.name}`,
      `      source: { input: { format: ${i.format ?? 'csv'}, path: ${i.path} } }`,
    ]),
    ...steps,
    `    - asset_ref: output_${example.last}`,
    `      source: { output: { from: ${example.last}, format: csv, path: ${out}, mode: overwrite } }`,
  ].join('\n');
}

const SHAPES = { teckel: teckelDocument, asset: assetDocument } as const;

let h: TeckelHarness;

/** The rows of `sql` as texts (`1|Ada|eng|120.0|active`), sorted unless `ordered`. */
async function rows(sql: string, ordered: boolean): Promise<string[]> {
  const reader = await h.duck.runAndReadAll(sql);
  const texts = (reader.getRowsJson() as unknown[][]).map((r) => r.map((v) => (v === null ? '' : String(v))).join('|'));
  return ordered ? texts : texts.sort();
}

beforeAll(async () => {
  h = await openTeckelHarness();
  const files: Record<string, string> = {
    'employees.csv': EMPLOYEES,
    'contractors.csv': CONTRACTORS,
    'users.csv': USERS,
    'sales.csv': SALES,
    'staff.csv': STAFF,
    'data/csv/employees.csv': STAFF,
  };
  for (const [name, text] of Object.entries(files)) h.root.write(name, text);
  for (const table of ['employees', 'contractors', 'users', 'sales', 'staff']) {
    await h.duck.run(`CREATE TABLE ${table} AS SELECT * FROM read_csv('${h.abs(`${table}.csv`)}')`);
  }
  // The departments are parquet, as in the documentation's example (a file without extension there).
  await h.duck.run("CREATE TABLE departments AS SELECT * FROM (VALUES (10, 'eng'), (20, 'ops'), (40, 'legal')) AS t(id, dept_name)");
  fs.mkdirSync(path.join(h.root.dir, 'data/parquet'), { recursive: true });
  for (const file of ['departments.parquet', 'data/parquet/departments']) {
    await h.duck.run(`COPY departments TO '${h.abs(file)}' (FORMAT parquet)`);
  }
  await h.duck.run(`COPY departments TO '${h.abs('departments.csv')}' (FORMAT csv, HEADER)`);
});

afterAll(() => h?.close());

describe.each((['duckdb', 'danfo'] as const).flatMap((backend) => (['teckel', 'asset'] as const).map((shape) => [backend, shape] as const)))(
  'Teckel examples on %s, %s shape',
  (backend, shape) => {
  it.each(EXAMPLES.map((e) => [e.name, e] as const))('%s', async (_name, example) => {
    const out = `out/${backend}-${shape}-${example.last}-${EXAMPLES.indexOf(example)}.csv`;
    const { result } = await h.run(SHAPES[shape](example, out, inputsFor(example, backend)), backend);
    expect(result.outputs).toMatchObject([{ ref: `output_${example.last}`, path: out }]);
    const written = await rows(`SELECT * FROM read_csv('${h.abs(out)}')`, example.ordered);
    expect(written).toEqual(await rows(example.sql, example.ordered));
    expect(written.length).toBeGreaterThan(0);
  });
  },
);
