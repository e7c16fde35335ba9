/**
 * The offline commands, run as a user runs them: the built tool as a child process over real
 * files in temporary folders (stdout is a pipe here, so `run` prints plain lines).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { filesUnder, makeTemp, removeTemp, runCli, sampleDataCopy } from './helpers';

const EMPLOYEES_PLAN = [
  '=== Pipeline Execution Plan ===',
  '',
  '--- Inputs ---',
  '  [raw] format=csv, path=employees.csv',
  '',
  '--- Transformations ---',
  '  [active] WHERE (from: raw)',
  '  [slim] SELECT (from: active)',
  '  [by_dept] GROUP BY (from: slim)',
  '',
  '--- Outputs ---',
  '  [summary] from=by_dept, format=csv, mode=Overwrite, path=out/employees_by_department.csv',
  '',
  'Total: 1 inputs, 3 transformations, 1 outputs',
  'Execution waves: 5',
  '  Wave 0: raw',
  '  Wave 1: active',
  '  Wave 2: slim',
  '  Wave 3: by_dept',
  '  Wave 4: summary',
].join('\n');

/** An unknown `from` on line 9 (the asset starts on line 7). */
const UNKNOWN_FROM = `version: "3.0"
pipeline:
  assets:
    - asset_ref: raw
      source:
        input: { format: csv, path: employees.csv }
    - asset_ref: out
      source:
        output: { from: nope, format: csv, path: out/x.csv }
`;

const NOT_YAML = 'version: "3.0"\npipeline: [\n';

/** employees.csv copied, with a quality suite of `severity` whose volume check fails (18 rows, not 1000). */
const quality = (severity: string) =>
  [
    'version: "3.0"',
    'input:',
    '  - { name: emp, format: csv, path: employees.csv }',
    'output:',
    '  - { name: emp, format: csv, path: out/emp.csv, mode: overwrite }',
    'quality:',
    '  - suite: people',
    '    target: emp',
    `    severity: ${severity}`,
    '    checks:',
    '      - { type: volume, rowCount: { min: 1000 } }',
    '      - { type: completeness, column: name, threshold: 1 }',
    '',
  ].join('\n');

let dir: string;
beforeEach(() => {
  dir = sampleDataCopy();
  fs.writeFileSync(path.join(dir, 'unknown-from.yaml'), UNKNOWN_FROM);
  fs.writeFileSync(path.join(dir, 'not-yaml.yaml'), NOT_YAML);
  fs.writeFileSync(path.join(dir, 'quality-warn.yaml'), quality('warn'));
  fs.writeFileSync(path.join(dir, 'quality-error.yaml'), quality('error'));
});
afterEach(() => removeTemp(dir));

describe('pipeline validate', () => {
  it('accepts several valid files at once and exits 0', async () => {
    const result = await runCli(['validate', 'pipelines/employees.yaml', 'pipelines/teckel-top-earners.yaml'], { cwd: dir });
    expect(result).toEqual({
      status: 0,
      stdout: 'pipelines/employees.yaml: valid\npipelines/teckel-top-earners.yaml: valid\n2 files: 2 valid, 0 invalid\n',
      stderr: '',
    });
  });

  it('prints the V-0xx code and message of each invalid file with its line (and column), and exits 1', async () => {
    const result = await runCli(['validate', 'pipelines/employees.yaml', 'unknown-from.yaml', 'not-yaml.yaml', 'absent.yaml'], { cwd: dir });
    expect(result.status).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      'pipelines/employees.yaml: valid',
      'unknown-from.yaml:9:25: V-001: asset "out" references unknown asset "nope"',
      'not-yaml.yaml:3:1: parse error: unexpected end of the stream within a flow collection at line 3, column 1',
      'absent.yaml: cannot read absent.yaml: no such file',
      '4 files: 1 valid, 3 invalid',
      '',
    ]);
  });

  it('prints every problem of a file, in document order, each at its line and column, with close names', async () => {
    const broken = UNKNOWN_FROM.replace('from: nope', 'from: slim').replace(
      '    - asset_ref: out',
      '    - asset_ref: slim\n      source:\n        select: { from: rwa, columns: [name] }\n    - asset_ref: top\n      source:\n        where: { from: slim, filter: "salary >" }\n    - asset_ref: out',
    );
    fs.writeFileSync(path.join(dir, 'broken.yaml'), broken);
    const result = await runCli(['validate', 'broken.yaml'], { cwd: dir });
    expect(result.status).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      'broken.yaml:9:25: V-001: asset "slim" references unknown asset "rwa" (did you mean "raw"?)',
      'broken.yaml:12:38: V-009: asset "top": filter: unexpected end of expression at column 9',
      '',
    ]);
  });

  it('checks the columns the CSV header in the data root tells (V-009 naming the close column), on duckdb and danfo', async () => {
    const original = fs.readFileSync(path.join(dir, 'pipelines/employees.yaml'), 'utf8');
    fs.writeFileSync(path.join(dir, 'salry.yaml'), original.replace('AVG(salary)', 'AVG(salry)'));
    const lines = original.split('\n');
    const line = lines.findIndex((l) => l.includes('AVG(salary)')) + 1;
    const column = (lines[line - 1] as string).indexOf('"AVG(') + 1;
    const expected = `salry.yaml:${line}:${column}: V-009: E-COL-001: asset "by_dept": agg[1]: column "salry" not found (columns: name, department, salary) (did you mean "salary"?)\n`;
    for (const backend of ['duckdb', 'danfo']) {
      expect(await runCli(['validate', 'salry.yaml', '--backend', backend], { cwd: dir })).toEqual({ status: 1, stdout: expected, stderr: '' });
    }
    // Elsewhere (a data root without the file) the columns cannot be known: the run would say.
    fs.mkdirSync(path.join(dir, 'empty'));
    expect(await runCli(['validate', 'salry.yaml', '--data-root', 'empty'], { cwd: dir })).toEqual({ status: 0, stdout: 'salry.yaml: valid\n', stderr: '' });
  });

  it('applies --var to every file (V-010 without it) and checks the --backend name', async () => {
    const pipeline = 'version: "3.0"\npipeline:\n  assets:\n    - asset_ref: raw\n      source:\n        input: { format: csv, path: "${IN}" }\n    - asset_ref: out\n      source:\n        output: { from: raw, format: csv, path: out/x.csv }\n';
    fs.writeFileSync(path.join(dir, 'needs-var.yaml'), pipeline);
    const missing = await runCli(['validate', 'needs-var.yaml'], { cwd: dir });
    expect(missing.status).toBe(1);
    expect(missing.stdout).toMatch(/^needs-var\.yaml:6:37: V-010: unresolved variable "IN" in asset "raw" field "/);
    expect(await runCli(['validate', 'needs-var.yaml', '--var', 'IN=employees.csv'], { cwd: dir })).toEqual({
      status: 0,
      stdout: 'needs-var.yaml: valid\n',
      stderr: '',
    });
    // Every kind runs on both backends today, so --backend is checked for its name here (a V-014
    // from a kind a backend lacks goes through the same check-pipeline call as run).
    expect(await runCli(['validate', 'pipelines/employees.yaml', '--backend', 'danfo'], { cwd: dir })).toEqual({
      status: 0,
      stdout: 'pipelines/employees.yaml: valid\n',
      stderr: '',
    });
    const unknown = await runCli(['validate', 'pipelines/employees.yaml', '--backend', 'flink'], { cwd: dir });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Allowed choices are duckdb, danfo, spark');
  });

  it('--json: one document with each file, its code, message and position', async () => {
    const result = await runCli(['validate', '--json', 'unknown-from.yaml', 'pipelines/employees.yaml'], { cwd: dir });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      valid: false,
      files: [
        {
          file: 'unknown-from.yaml',
          valid: false,
          error: { code: 'V-001', message: 'V-001: asset "out" references unknown asset "nope"', line: 9, column: 25, asset: 'out', field: 'from' },
          errors: [{ code: 'V-001', message: 'V-001: asset "out" references unknown asset "nope"', line: 9, column: 25, asset: 'out', field: 'from' }],
        },
        { file: 'pipelines/employees.yaml', valid: true },
      ],
    });
  });

  it('reads at most 3 MiB of a file: an endless device or a longer file is refused by name, without reading it whole', async () => {
    const limit = 3 * 1_048_576;
    // /dev/zero never ends: read whole it grew the process to gigabytes before failing.
    fs.writeFileSync(path.join(dir, 'huge.yaml'), Buffer.alloc(limit + 1, 'a'));
    // Longer than the definition's 1,048,576 characters but under the byte bound: the definition's own message.
    fs.writeFileSync(path.join(dir, 'long.yaml'), Buffer.alloc(1_048_577, 'a'));
    const result = await runCli(['validate', '/dev/zero', 'huge.yaml', 'long.yaml', 'pipelines/employees.yaml'], { cwd: dir, timeoutMs: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      `/dev/zero: cannot read /dev/zero: it is longer than ${limit} bytes, the most a pipeline can take`,
      `huge.yaml: cannot read huge.yaml: it is longer than ${limit} bytes, the most a pipeline can take`,
      expect.stringMatching(/^long\.yaml: .*the document is 1048577 characters long; the limit is 1048576/),
      'pipelines/employees.yaml: valid',
      '4 files: 1 valid, 3 invalid',
      '',
    ]);
    const explain = await runCli(['explain', '/dev/zero'], { cwd: dir, timeoutMs: 30_000 });
    expect(explain.status).toBe(1);
    expect(explain.stderr).toContain(`cannot read /dev/zero: it is longer than ${limit} bytes`);
  });

  it('exits 2 on a usage error (no file, an unknown option, a bad --var)', async () => {
    for (const args of [['validate'], ['validate', '--nope', 'x.yaml'], ['validate', 'x.yaml', '--var', 'NOEQUALS'], ['frobnicate']]) {
      const result = await runCli(args, { cwd: dir });
      expect({ args, status: result.status, stdout: result.stdout }).toEqual({ args, status: 2, stdout: '' });
      expect(result.stderr).toMatch(/^error: /);
    }
  });
});

describe('pipeline explain', () => {
  it('prints the service\'s plan text', async () => {
    expect(await runCli(['explain', 'pipelines/employees.yaml'], { cwd: dir })).toEqual({ status: 0, stdout: `${EMPLOYEES_PLAN}\n`, stderr: '' });
  });

  it('draws the plan as Mermaid and as dot from its assets and upstream lists', async () => {
    const mermaid = await runCli(['explain', 'pipelines/employees.yaml', '--graph', 'mermaid'], { cwd: dir });
    expect(mermaid.stdout).toBe(
      [
        'flowchart LR',
        '  n0["raw<br/>INPUT"]',
        '  n1["active<br/>WHERE"]',
        '  n2["slim<br/>SELECT"]',
        '  n3["by_dept<br/>GROUP BY"]',
        '  n4["summary<br/>OUTPUT"]',
        '  n0 --> n1',
        '  n1 --> n2',
        '  n2 --> n3',
        '  n3 --> n4',
        '',
      ].join('\n'),
    );
    const dot = await runCli(['explain', 'pipelines/employees-two-reports.yaml', '--graph', 'dot'], { cwd: dir });
    expect(dot.status).toBe(0);
    expect(dot.stdout).toMatch(/^digraph "[^"]+" \{\n {2}rankdir=LR;\n/);
    expect(dot.stdout.trimEnd().endsWith('}')).toBe(true);
    // Every edge joins two declared nodes.
    const nodes = new Set([...dot.stdout.matchAll(/^ {2}"([^"]+)" \[label=/gm)].map((m) => m[1]));
    const edges = [...dot.stdout.matchAll(/^ {2}"([^"]+)" -> "([^"]+)";$/gm)];
    expect(edges.length).toBeGreaterThan(3);
    for (const [, from, to] of edges) expect([nodes.has(from), nodes.has(to)]).toEqual([true, true]);
  });

  it('--graph alone draws Mermaid, as Teckel\'s CLI does; --graph text is the plan text', async () => {
    const bare = await runCli(['explain', 'pipelines/employees.yaml', '--graph'], { cwd: dir });
    expect(bare.status).toBe(0);
    expect(bare.stdout).toMatch(/^flowchart LR\n {2}n0\["raw<br\/>INPUT"\]\n/);
    expect((await runCli(['explain', 'pipelines/employees.yaml', '--graph', 'text'], { cwd: dir })).stdout).toBe(`${EMPLOYEES_PLAN}\n`);
  });

  it('--json gives the plan text with the assets, upstream lists and waves', async () => {
    const result = await runCli(['explain', 'pipelines/employees.yaml', '--json'], { cwd: dir });
    const body = JSON.parse(result.stdout);
    expect(body.plan).toBe(EMPLOYEES_PLAN);
    expect(body.assets[1]).toEqual({ asset: 'active', kind: 'where', label: 'WHERE', upstream: ['raw'], wave: 1 });
    expect(body.waves).toEqual([['raw'], ['active'], ['slim'], ['by_dept'], ['summary']]);
  });

  it('--physical prints the steps the backend would run (DuckDB: with their SQL), running nothing', async () => {
    const danfo = await runCli(['explain', 'pipelines/employees.yaml', '--physical', '--backend', 'danfo'], { cwd: dir });
    expect(danfo).toEqual({
      status: 0,
      stdout: [
        'physical plan of "employees-by-department" on danfo (handles)',
        '  1. read raw [handle] csv employees.csv',
        '  2. relation active [handle] where of raw; blame active.filter',
        '  3. release raw',
        '  4. relation slim [handle] select of active; blame slim.columns',
        '  5. release active',
        '  6. relation by_dept [handle] group_by of slim; blame by_dept.by',
        '  7. release slim',
        '  8. stage summary from by_dept to csv out/employees_by_department.csv (overwrite)',
        '  9. release by_dept',
        ' 10. commit summary',
        '',
      ].join('\n'),
      stderr: '',
    });
    const duckdb = await runCli(['explain', 'pipelines/employees.yaml', '--physical', '--json'], { cwd: dir });
    const body = JSON.parse(duckdb.stdout);
    expect({ backend: body.backend, layout: body.layout }).toEqual({ backend: 'duckdb', layout: 'streamed' });
    expect(body.physical).toContain("\n  1. read raw [inline] csv employees.csv\n       read_csv('employees.csv', header=true,");
    expect(body.physical).toContain("\n       COPY (SELECT * FROM \"by_dept\") TO 'out/employees_by_department.csv' (FORMAT csv,");
    // Nothing ran: no output was written.
    expect(fs.existsSync(path.join(dir, 'out/employees_by_department.csv'))).toBe(false);
    const both = await runCli(['explain', 'pipelines/employees.yaml', '--physical', '--graph', 'dot'], { cwd: dir });
    expect(both.status).toBe(2);
  });

  it('an invalid pipeline: its position and message on stderr, exit 1; --json adds the error document', async () => {
    expect(await runCli(['explain', 'unknown-from.yaml'], { cwd: dir })).toEqual({
      status: 1,
      stdout: '',
      stderr: 'unknown-from.yaml:9:25: V-001: asset "out" references unknown asset "nope"\n',
    });
    const json = await runCli(['explain', 'unknown-from.yaml', '--json'], { cwd: dir });
    expect(JSON.parse(json.stdout).error).toEqual(
      expect.objectContaining({ code: 'CLI_PIPELINE_INVALID', file: 'unknown-from.yaml', validation: expect.objectContaining({ code: 'V-001', line: 9, column: 25 }) }),
    );
    const bad = await runCli(['explain', 'pipelines/employees.yaml', '--graph', 'svg'], { cwd: dir });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Allowed choices are text, mermaid, dot');
  });
});

describe('pipeline run (local, embedded engine)', () => {
  it('runs through the jobs library, prints plain progress lines when stdout is not a terminal, and writes the output', async () => {
    const result = await runCli(['run', 'pipelines/employees.yaml', '--var', 'MIN_SALARY=60000', '--data-root', dir], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^job [0-9a-f-]{36} queued: 5 assets$/);
    expect(lines[1]).toMatch(/^job [0-9a-f-]{36} running: assets 0\/5, now raw$/);
    // One line per asset the worker reports done while the job runs (a report can lose the race
    // with the job's end, so there are up to 5), in order, each naming the plan's next asset
    // (rows appear once the output has staged them).
    const next = ['active', 'slim', 'by_dept', 'summary'];
    const progress = lines.slice(2, -2);
    const done = progress.map((line) => {
      const match = /^job [0-9a-f-]{36} running: assets (\d)\/5(?:, now (\w+))?(?:, rows written (\d+))?$/.exec(line);
      const n = Number(match?.[1]);
      expect([match?.[2], match?.[3]]).toEqual(n < 5 ? [next[n - 1], undefined] : [undefined, '5']);
      return n;
    });
    expect(done.every((n, i) => n >= 1 && n <= 5 && (i === 0 || n > (done[i - 1] as number)))).toBe(true);
    expect(lines.at(-2)).toMatch(/^completed: 5\/5 assets, 5 rows written in \d+\.\d\ds$/);
    expect(lines.at(-1)).toBe('  summary -> out/employees_by_department.csv (5 rows)');
    // group_by's row order is not defined (libs/engine/README.md): the groups compare as a set.
    const [header, ...groups] = fs.readFileSync(path.join(dir, 'out/employees_by_department.csv'), 'utf8').trimEnd().split('\n');
    expect(header).toBe('department,headcount,avg_salary');
    expect(groups.sort()).toEqual(['Engineering,3,105000.0', 'Finance,2,79000.0', 'Operations,1,76000.0', 'Research,2,110000.0', 'Sales,2,68000.0']);
  });

  it('--json prints the finished job in the API\'s shape; the danfo backend gives the same rows', async () => {
    const result = await runCli(['run', 'pipelines/teckel-top-earners.yaml', '--backend', 'danfo', '--json'], { cwd: dir });
    expect(result.status).toBe(0);
    const job = JSON.parse(result.stdout);
    expect(job).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'completed',
      created_at: expect.any(String),
      started_at: expect.any(String),
      completed_at: expect.any(String),
      duration_ms: expect.any(Number),
      outputs: [{ asset: 'output_top_earners', path: 'out/top_earners.csv', rows_written: 3 }],
    });
    expect(fs.readFileSync(path.join(dir, 'out/top_earners.csv'), 'utf8')).toBe(
      'name,department,salary\nBarbara Liskov,Research,121000\nGrace Hopper,Engineering,112000\nAlan Turing,Engineering,105000\n',
    );
  });

  it('a job that fails exits 1 with the engine\'s message; an invalid pipeline never starts', async () => {
    const failed = await runCli(['run', 'pipelines/employees.yaml', '--var', 'INPUT=nowhere.csv'], { cwd: dir });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/\nfailed after \d+\.\d\ds: .*nowhere\.csv/);
    // A file not found names the folder it was looked for in (the working directory, resolved).
    expect(failed.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /: asset "raw": E-IO-001: file not found: nowhere\.csv \(looked in the data root (.+); --data-root sets it\)$/,
    );
    expect(failed.stdout).toContain(`(looked in the data root ${fs.realpathSync(dir)}; --data-root sets it)`);
    const elsewhere = await runCli(['run', path.join(dir, 'pipelines/employees.yaml'), '--data-root', dir, '--var', 'INPUT=nowhere.csv', '--json'], {
      cwd: makeTempCwd(),
    });
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.stderr).toBe(`pipeline: looked in the data root ${dir}; --data-root sets it\n`);
    const invalid = await runCli(['run', 'unknown-from.yaml'], { cwd: dir });
    expect(invalid).toEqual({ status: 1, stdout: '', stderr: 'unknown-from.yaml:9:25: V-001: asset "out" references unknown asset "nope"\n' });
    expect(filesUnder(path.join(dir, 'out'))).toEqual([]);
    // A column the input's header does not have is refused the same way, before the run (and --dry-run) starts.
    const original = fs.readFileSync(path.join(dir, 'pipelines/employees.yaml'), 'utf8');
    fs.writeFileSync(path.join(dir, 'salry.yaml'), original.replace('AVG(salary)', 'AVG(salry)'));
    for (const args of [['run', 'salry.yaml'], ['run', 'salry.yaml', '--dry-run']]) {
      const refused = await runCli(args, { cwd: dir });
      expect([args, refused.status, refused.stdout]).toEqual([args, 1, '']);
      expect(refused.stderr).toMatch(/^salry\.yaml:31:\d+: V-009: E-COL-001: asset "by_dept": agg\[1\]: column "salry" not found .*\(did you mean "salary"\?\)\n$/);
    }
    expect(filesUnder(path.join(dir, 'out'))).toEqual([]);
  });

  it('refuses a missing data root and --data-root with --server (exit 2)', async () => {
    const missing = await runCli(['run', 'pipelines/employees.yaml', '--data-root', 'no-such-dir'], { cwd: dir });
    expect(missing).toEqual({ status: 2, stdout: '', stderr: 'pipeline: --data-root no-such-dir: no such folder\n' });
    const both = await runCli(['run', 'pipelines/employees.yaml', '--data-root', '.', '--server', 'http://127.0.0.1:1'], { cwd: dir });
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--data-root applies to local runs');
  });
});

describe('pipeline run: quality checks and --dry-run', () => {
  it('prints each check\'s result after the run; a warn-severity failure keeps exit 0', async () => {
    const result = await runCli(['run', 'quality-warn.yaml'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trimEnd().split('\n').slice(-5)).toEqual([
      expect.stringMatching(/^completed: 2\/2 assets, 18 rows written in /),
      '  output_emp -> out/emp.csv (18 rows)',
      'quality: 2 checks, 1 warn, 1 pass',
      '  warn  people: volume rowCount: 18 rows, expected >= 1000',
      expect.stringMatching(/^ {2}pass {2}people: completeness\(name\): 18 of 18 values/),
    ]);
  });

  it('an error-severity failure fails the run (exit 1) and --json carries `quality` as the server\'s job does', async () => {
    const text = await runCli(['run', 'quality-error.yaml'], { cwd: dir });
    expect(text.status).toBe(1);
    // Only a path error carries the data-root hint.
    expect(text.stdout).not.toContain('data root');
    expect(text.stdout).toMatch(/\nfailed after .*people.*\nquality: 2 checks, 1 fail, 1 pass\n {2}fail {2}people: volume rowCount: 18 rows, expected >= 1000\n/);
    const json = await runCli(['run', 'quality-error.yaml', '--json'], { cwd: dir });
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout).quality).toEqual([
      {
        suite: 'people',
        check: 'volume rowCount',
        check_type: 'volume',
        target: 'emp',
        status: 'fail',
        severity: 'error',
        observed_value: 18,
        expected: '>= 1000',
        message: '18 rows, expected >= 1000',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      expect.objectContaining({ suite: 'people', check: 'completeness(name)', check_type: 'completeness', column: 'name', status: 'pass', observed_value: 1, failing_rows: 0, failing_percent: 0 }),
    ]);
    const warn = JSON.parse((await runCli(['run', 'quality-warn.yaml', '--json'], { cwd: dir })).stdout);
    expect(warn.quality.map((q: { status: string }) => q.status)).toEqual(['warn', 'pass']);
  });

  it('--dry-run checks the pipeline and prints its plan, running nothing (Teckel\'s --dry-run)', async () => {
    const dry = await runCli(['run', 'pipelines/employees.yaml', '--dry-run'], { cwd: dir });
    expect(dry).toEqual({ status: 0, stdout: `${EMPLOYEES_PLAN}\n`, stderr: '' });
    expect(filesUnder(path.join(dir, 'out'))).toEqual([]);
    const json = JSON.parse((await runCli(['run', 'pipelines/employees.yaml', '--dry-run', '--json'], { cwd: dir })).stdout);
    expect(json).toEqual({ valid: true, plan: EMPLOYEES_PLAN, data_root: fs.realpathSync(dir) });
    // Invalid: the validation error and exit 1, as a run; a backend that lacks a kind too (V-014).
    expect(await runCli(['run', 'unknown-from.yaml', '--dry-run'], { cwd: dir })).toEqual({
      status: 1,
      stdout: '',
      stderr: 'unknown-from.yaml:9:25: V-001: asset "out" references unknown asset "nope"\n',
    });
    const missingRoot = await runCli(['run', 'pipelines/employees.yaml', '--dry-run', '--data-root', 'no-such-dir'], { cwd: dir });
    expect(missingRoot.status).toBe(2);
  });
});

describe('pipeline inspect', () => {
  it('prints the fields with their portable types and the exact row count', async () => {
    expect(await runCli(['inspect', 'csv', 'employees.csv', '--data-root', dir], { cwd: makeTempCwd() })).toEqual({
      status: 0,
      stdout: [
        'FIELD       TYPE     NULLABLE',
        'id          long     yes',
        'name        string   yes',
        'department  string   yes',
        'salary      long     yes',
        'hire_date   date     yes',
        'active      boolean  yes',
        '18 rows',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('--json answers as InspectSource does; --option passes read options; a missing file or a path outside the root exits 1', async () => {
    const json = await runCli(['inspect', 'csv', 'employees.csv', '--json', '--option', 'header=false'], { cwd: dir });
    const body = JSON.parse(json.stdout);
    expect(body.row_count).toBe(19);
    expect(body.fields).toHaveLength(6);
    expect(body.fields[0]).toEqual({ name: expect.any(String), data_type: 'string', nullable: true });
    const missing = await runCli(['inspect', 'csv', 'nope.csv'], { cwd: dir });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^pipeline: .*nope\.csv/);
    expect(missing.stderr).toContain(`(data root: ${fs.realpathSync(dir)})`);
    const outside = await runCli(['inspect', 'csv', '../etc/passwd'], { cwd: dir });
    expect(outside.status).toBe(1);
    expect(outside.stderr).toMatch(/^pipeline: .*(data root|outside)/);
    const format = await runCli(['inspect', 'xlsx', 'employees.csv'], { cwd: dir });
    expect(format.status).toBe(1);
    expect(format.stderr).toMatch(/^pipeline: .*xlsx/);
  });
});

describe('pipeline kinds and functions', () => {
  it('print the catalogue with one column per backend', async () => {
    const kinds = await runCli(['kinds'], { cwd: dir });
    expect(kinds.status).toBe(0);
    expect(kinds.stdout.split('\n')[0]).toMatch(/^KIND +TECKEL KEY +ROLE +DUCKDB +DANFO +SPARK +WHAT IT DOES$/);
    expect(kinds.stdout).toMatch(/\ngroup_by +group +transformation +yes +yes +yes +\S/);
    const functions = await runCli(['functions'], { cwd: dir });
    expect(functions.stdout).toMatch(/\ncount +aggregate +9\.13\.1 +1 argument +yes +yes +yes +\S/);
  });

  it('--json lists every kind and function with what each backend does', async () => {
    const kinds = JSON.parse((await runCli(['kinds', '--json'], { cwd: dir })).stdout).kinds;
    expect(kinds.find((k: { kind: string }) => k.kind === 'order_by')).toEqual({
      kind: 'order_by',
      specKey: 'orderBy',
      role: 'transformation',
      description: expect.any(String),
      backends: { duckdb: 'yes', danfo: 'yes', spark: 'yes' },
    });
    const functions = JSON.parse((await runCli(['functions', '--json'], { cwd: dir })).stdout).functions;
    expect(functions.length).toBeGreaterThan(20);
    expect(functions.find((f: { name: string }) => f.name === 'upper')).toEqual(expect.objectContaining({ backends: { duckdb: 'yes', danfo: 'yes', spark: 'yes' } }));
  });
});

const cwds: string[] = [];
/** A working directory of its own (removed after the tests). */
function makeTempCwd(): string {
  const cwd = makeTemp('cli-cwd-');
  cwds.push(cwd);
  return cwd;
}
afterAll(() => cwds.forEach(removeTemp));
