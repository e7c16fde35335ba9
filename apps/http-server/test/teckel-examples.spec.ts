/**
 * Teckel-shape documents built from the specification's section 8 examples run through the HTTP
 * API on both backends; each output equals an independent DuckDB SQL statement written by hand
 * over the same files (ordered where the pipeline orders, as a multiset otherwise).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { postJson, request, startTestServer, type TestServer } from './helpers';

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

interface Example {
  readonly name: string;
  /** The transformation entries (Teckel shape, indented two spaces); the last one is written out. */
  readonly steps: string;
  readonly last: string;
  /** The same result in hand-written DuckDB SQL over the tables `employees` and `contractors`. */
  readonly sql: string;
  readonly ordered: boolean;
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
];

function document(example: Example, out: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    `  name: ${JSON.stringify(example.name)}`,
    'input:',
    '  - name: employees',
    '    format: csv',
    '    path: employees.csv',
    '  - name: contractors',
    '    format: csv',
    '    path: contractors.csv',
    'transformation:',
    example.steps.trimEnd(),
    'output:',
    `  - name: ${example.last}`,
    '    format: csv',
    `    path: ${out}`,
    '    mode: overwrite',
  ].join('\n');
}

let server: TestServer;
let api: string;
let duck: DuckDBConnection;

/** The rows of `sql` as texts (`1|Ada|eng|120.0|active`), sorted unless `ordered`. */
async function rows(sql: string, ordered: boolean): Promise<string[]> {
  const reader = await duck.runAndReadAll(sql);
  const texts = (reader.getRowsJson() as unknown[][]).map((r) => r.map((v) => (v === null ? '' : String(v))).join('|'));
  return ordered ? texts : texts.sort();
}

beforeAll(async () => {
  server = await startTestServer({ workers: 1 });
  api = `${server.url}/api`;
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES);
  fs.writeFileSync(path.join(server.dataRoot, 'contractors.csv'), CONTRACTORS);
  duck = await (await DuckDBInstance.create(':memory:')).connect();
  for (const table of ['employees', 'contractors']) {
    await duck.run(`CREATE TABLE ${table} AS SELECT * FROM read_csv('${path.join(server.dataRoot, `${table}.csv`)}')`);
  }
}, 60_000);

afterAll(async () => {
  duck?.closeSync();
  await server.stop();
});

describe.each(['duckdb', 'danfo'])('Teckel examples on %s', (backend) => {
  it.each(EXAMPLES.map((e) => [e.name, e] as const))('%s', async (_name, example) => {
    const out = `out/${backend}-${example.last}-${EXAMPLES.indexOf(example)}.csv`;
    const submitted = await postJson(`${api}/jobs`, { yaml: document(example, out), backend });
    expect(submitted.status).toBe(202);
    const done = await request(`${api}/jobs/${submitted.body.job_id}/wait?timeout=60`);
    expect(done.body).toMatchObject({ status: 'completed', outputs: [{ asset: `output_${example.last}`, path: out }] });
    const written = await rows(`SELECT * FROM read_csv('${path.join(server.dataRoot, out)}')`, example.ordered);
    expect(written).toEqual(await rows(example.sql, example.ordered));
  });
});
