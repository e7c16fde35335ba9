/**
 * Issue 16, item 6: inputs on which the two backends used to disagree (DuckDB failed, danfo
 * answered) now get the same clear answer from both: the same validation error at submission, or
 * the same failed job.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EMPLOYEES_CSV, postJson, request, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ workers: 2 });
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
});
afterAll(() => server.stop());

function pipeline(filter: string, inputOptions = ''): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  name: agree',
    '  assets:',
    '    - asset_ref: raw',
    '      source:',
    `        input: { format: csv, path: employees.csv${inputOptions} }`,
    '    - asset_ref: kept',
    '      source:',
    `        where: { from: raw, filter: ${JSON.stringify(filter)} }`,
    '    - asset_ref: out',
    '      source:',
    '        output: { from: kept, format: csv, path: out/agree.csv, mode: overwrite }',
  ].join('\n');
}

/** What a backend makes of a pipeline: the submission's error, or the job's end. */
async function outcome(yaml: string, backend: string): Promise<string> {
  const submitted = await postJson(`${server.url}/api/jobs`, { yaml, backend });
  if (submitted.status !== 202) return `${submitted.status} ${submitted.body.error}`;
  const done = (await request(`${server.url}/api/jobs/${submitted.body.job_id}/wait?timeout=60`)).body;
  return `${done.status} ${done.error ?? ''}`;
}

function nestedConcat(levels: number): string {
  let text = 'name';
  for (let i = 0; i < levels; i++) text = `concat(${text}, 'x')`;
  return text;
}

it.each([
  ['a string holding NUL', pipeline("name = 'a\u0000b'"), /^400 validation failed: V-009: asset "kept": filter: a string literal cannot contain a NUL character \(U\+0000\) at column 10$/],
  ['concat nested 5,000 deep', pipeline(`length(${nestedConcat(5_000)}) > 1`), /^400 validation failed: V-009: asset "kept": filter: expression nested too deeply \(more than 256 levels\)/],
  ['CSV sep equal to the quote', pipeline('salary > 1', ', options: { sep: "\\"" }'), /^failed asset "raw": option "sep" cannot be the quote character as well/],
  ['CSV quote equal to the separator', pipeline('salary > 1', ', options: { quote: "," }'), /^failed asset "raw": option "sep" cannot be the quote character as well/],
])('%s: the same clear answer on duckdb and danfo', async (_name, yaml, expected) => {
  const [duckdb, danfo] = [await outcome(yaml, 'duckdb'), await outcome(yaml, 'danfo')];
  expect(duckdb).toMatch(expected);
  expect(danfo).toBe(duckdb);
});

it('RLIKE with a 3,000-character value as its own pattern: the same answer on both backends', async () => {
  fs.writeFileSync(path.join(server.dataRoot, 'long.csv'), `name,salary\n${'a'.repeat(3_000)},1\n${'b'.repeat(3_000)}x,2\n`);
  const yaml = pipeline('name RLIKE name').replace('employees.csv', 'long.csv');
  expect(await outcome(yaml, 'duckdb')).toBe('completed ');
  const fromDuckdb = fs.readFileSync(path.join(server.dataRoot, 'out/agree.csv'), 'utf8');
  // Every value matches itself as a pattern: both rows are kept.
  expect(fromDuckdb.trim().split('\n')).toHaveLength(3);
  expect(await outcome(yaml, 'danfo')).toBe('completed ');
  expect(fs.readFileSync(path.join(server.dataRoot, 'out/agree.csv'), 'utf8')).toBe(fromDuckdb);
});

it('a concat nested 250 deep (under the limit) runs on both backends with the same rows', async () => {
  const yaml = pipeline(`length(${nestedConcat(250)}) > 250`);
  expect(await outcome(yaml, 'duckdb')).toBe('completed ');
  const fromDuckdb = fs.readFileSync(path.join(server.dataRoot, 'out/agree.csv'), 'utf8');
  expect(await outcome(yaml, 'danfo')).toBe('completed ');
  expect(fs.readFileSync(path.join(server.dataRoot, 'out/agree.csv'), 'utf8')).toBe(fromDuckdb);
});
