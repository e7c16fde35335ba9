/**
 * Bad input never knocks the server over: paths that leave the data root (`..`, absolute,
 * symbolic links out), NUL bytes, an output onto a folder, hostile documents and expressions.
 * Each gives a clear error naming the asset and what is wrong, nothing outside the data root is
 * read or written, and the server keeps answering (no 500, no logged failure).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EMPLOYEES_CSV, postJson, request, startTestServer, type TestServer } from './helpers';

let server: TestServer;
let api: string;
let outside: string;

beforeAll(async () => {
  server = await startTestServer({ workers: 1 });
  api = `${server.url}/api`;
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'http-robustness-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.csv'), 'secret\n42\n');
  fs.writeFileSync(path.join(server.dataRoot, 'employees.csv'), EMPLOYEES_CSV);
  fs.symlinkSync(path.join(outside, 'secret.csv'), path.join(server.dataRoot, 'link.csv'));
  fs.symlinkSync(outside, path.join(server.dataRoot, 'linkdir'));
  fs.mkdirSync(path.join(server.dataRoot, 'folder'));
});

afterAll(async () => {
  await server.stop();
  fs.rmSync(outside, { recursive: true, force: true });
});

afterEach(() => {
  expect(server.errors).toEqual([]);
});

function pipeline(input: string, output: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  name: robustness',
    '  assets:',
    '    - asset_ref: raw',
    '      source:',
    `        input: { format: csv, path: ${JSON.stringify(input)} }`,
    '    - asset_ref: out',
    '      source:',
    `        output: { from: raw, format: csv, path: ${JSON.stringify(output)}, mode: overwrite }`,
  ].join('\n');
}

async function runJob(yaml: string): Promise<{ status: string; error?: string }> {
  const submitted = await postJson(`${api}/jobs`, { yaml });
  expect(submitted.status).toBe(202);
  const done = await request(`${api}/jobs/${submitted.body.job_id}/wait?timeout=60`);
  return done.body;
}

describe('paths', () => {
  it.each([
    ['an input above the root', pipeline('../secret.csv', 'out/a.csv'), 'asset "raw": path "../secret.csv" is outside the data root'],
    ['an absolute input elsewhere', pipeline('/etc/passwd', 'out/a.csv'), 'asset "raw": path "/etc/passwd" is outside the data root'],
    ['an input through a symbolic link out', pipeline('link.csv', 'out/a.csv'), 'asset "raw": path "link.csv" leaves the data root through a symbolic link'],
    ['a NUL byte in an input path', pipeline('employees.csv\u0000.txt', 'out/a.csv'), 'asset "raw": path "employees.csv\\0.txt" contains a NUL byte'],
    ['a missing input', pipeline('nowhere/missing.csv', 'out/a.csv'), 'asset "raw": E-IO-001: file not found: nowhere/missing.csv'],
    ['an output above the root', pipeline('employees.csv', '../escaped.csv'), 'asset "out": path "../escaped.csv" is outside the data root'],
    ['an absolute output elsewhere', pipeline('employees.csv', '__OUTSIDE__/escaped.csv'), 'asset "out": path "__OUTSIDE__/escaped.csv" is outside the data root'],
    ['an output through a symbolic link out', pipeline('employees.csv', 'linkdir/escaped.csv'), 'asset "out": path "linkdir/escaped.csv" leaves the data root through a symbolic link'],
    ['an output onto a folder', pipeline('employees.csv', 'folder'), 'asset "out": output path is a folder: folder'],
    ['an output onto the data root', pipeline('employees.csv', '.'), 'asset "out": path "." names the data root itself, not a file'],
  ])('%s fails the job with a message naming the asset and the path', async (_name, yaml, error) => {
    const job = await runJob(yaml.replaceAll('__OUTSIDE__', outside));
    expect(job).toMatchObject({ status: 'failed', error: error.replaceAll('__OUTSIDE__', outside) });
    expect(fs.readdirSync(outside).sort()).toEqual(['secret.csv']);
    expect(fs.readdirSync(path.join(server.dataRoot, 'folder'))).toEqual([]);
  });

  it('writes into a folder that does not exist yet, and over its own input', async () => {
    expect(await runJob(pipeline('employees.csv', 'a/b/c/deep.csv'))).toMatchObject({ status: 'completed' });
    expect(fs.readFileSync(path.join(server.dataRoot, 'a/b/c/deep.csv'), 'utf8').split('\n')[0]).toBe('id,name,department,salary');
    expect(await runJob(pipeline('employees.csv', 'employees.csv'))).toMatchObject({ status: 'completed' });
    expect(fs.readFileSync(path.join(server.dataRoot, 'employees.csv'), 'utf8').trim().split('\n')).toHaveLength(4);
  });
});

function filtered(filter: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  name: robustness',
    '  assets:',
    '    - asset_ref: raw',
    '      source:',
    '        input: { format: csv, path: employees.csv }',
    '    - asset_ref: kept',
    '      source:',
    `        where: { from: raw, filter: ${JSON.stringify(filter)} }`,
    '    - asset_ref: out',
    '      source:',
    '        output: { from: kept, format: csv, path: out/kept.csv, mode: overwrite }',
  ].join('\n');
}

function nestedReplace(levels: number): string {
  let text = 'name';
  for (let i = 0; i < levels; i++) text = `replace(${text}, 'a', '${'a'.repeat(20)}')`;
  return text;
}

describe('hostile documents and expressions', () => {
  it.each([
    ['binary garbage', '\u0000\u0001\u0002\u00ff', /^parse error: null byte is not allowed in input at line 1, column 1$/],
    ['deep nesting', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, /^parse error: the document nests deeper than 64 levels at line 1, column 64$/],
    ['a huge document', `# ${'x'.repeat(2 * 1024 * 1024)}`, /^parse error: the document is 2097154 characters long; the limit is 1048576$/],
    ['a list at the top', '- a\n- b\n', /^parse error: the document must be a mapping at the top \(got a list\) at line 1, column 1$/],
    [
      'deeply nested parentheses',
      filtered(`${'('.repeat(10_000)}salary > 1${')'.repeat(10_000)}`),
      /^V-009: asset "kept": filter: expression nested too deeply \(more than 256 levels\) at column 256$/,
    ],
    ['a huge expression', filtered(Array.from({ length: 20_000 }, (_, i) => `salary > ${i}`).join(' AND ')), /^V-009: asset "kept": filter: expression too long/],
    [
      'text growing exponentially through nested replace',
      filtered(`length(${nestedReplace(8)}) > 1`),
      /^V-009: asset "kept": filter: replace could make a text value more than 10000 times longer than its input/,
    ],
    ['an unterminated placeholder', filtered('salary > ${MIN'), /^V-010: malformed variable placeholder "\$\{MIN" in asset "kept" field "filter"$/],
    ['a server environment variable', filtered('salary > ${HOME}'), /^V-010: unresolved variable "HOME" in asset "kept" field "filter"$/],
  ])('%s: a clear 200 {valid:false} from validate and the same text in a 400 from jobs', async (_name, yaml, error) => {
    const validated = await postJson(`${api}/validate`, { yaml });
    expect(validated.status).toBe(200);
    expect(validated.body.valid).toBe(false);
    expect(validated.body.error).toMatch(error);
    const submitted = await postJson(`${api}/jobs`, { yaml });
    expect(submitted).toMatchObject({ status: 400, body: { error: `validation failed: ${validated.body.error}` } });
  });

  it('a regular expression that backtracks catastrophically elsewhere runs in linear time (RE2 semantics)', async () => {
    fs.writeFileSync(path.join(server.dataRoot, 'many.csv'), `name\n${`${'a'.repeat(40)}!\n`.repeat(2_000)}`);
    const yaml = filtered("name RLIKE '(a+)+$'").replace('employees.csv', 'many.csv');
    expect(await runJob(yaml)).toMatchObject({ status: 'completed' });
    // Every value ends with '!', so none matches: what matters is that 2,000 of them take no time.
    expect(fs.readFileSync(path.join(server.dataRoot, 'out/kept.csv'), 'utf8')).toBe('name\n');
  });

  it('a regular expression RE2 cannot compile is a validation error naming asset, field, pattern and column', async () => {
    const yaml = filtered("name RLIKE '(a)\\1'");
    const validated = await postJson(`${api}/validate`, { yaml });
    expect(validated.body).toMatchObject({
      valid: false,
      error: expect.stringMatching(/^V-009: .*"kept".*filter.*invalid regular expression '\(a\)\\1': invalid escape sequence: `\\1` at column 12$/),
    });
    expect(await postJson(`${api}/jobs`, { yaml })).toMatchObject({ status: 400 });
  });

  it('still answers health after all of it', async () => {
    expect(await request(`${api}/health`)).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});
