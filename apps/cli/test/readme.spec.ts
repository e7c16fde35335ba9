/**
 * The command-line examples of the docs, run as written: the sh block of docs/cli.md's examples
 * by bash with `pipeline` on the PATH (the built bin, as `npm link` installs it) from a folder
 * laid out like the repository (a copy of sample-data), the built HTTP server standing in for
 * `localhost:8080`; and the README's `pipeline` line from the repository root.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, ROOT, cleanEnv, makeTemp, removeTemp, runShell, startServer, type ServerProcess } from './helpers';

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const CLI_PAGE = fs.readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
const DOC_SERVER = 'http://localhost:8080';

/** The sh block of docs/cli.md's `examples:cli` part. */
function cliExamples(): string {
  const section = /<!-- examples:cli[^>]*-->([\s\S]*?)<!-- \/examples:cli -->/.exec(CLI_PAGE)?.[1];
  if (section === undefined) throw new Error('docs/cli.md has no examples:cli part');
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  expect(blocks).toHaveLength(1);
  return blocks[0] as string;
}

let repo: string;
let bin: string;
let server: ServerProcess;
beforeAll(async () => {
  repo = makeTemp('cli-readme-');
  fs.cpSync(path.join(ROOT, 'sample-data'), path.join(repo, 'sample-data'), { recursive: true });
  bin = makeTemp('cli-bin-');
  fs.symlinkSync(CLI, path.join(bin, 'pipeline'));
  server = await startServer(path.join(repo, 'sample-data'));
});
afterAll(async () => {
  await server?.stop();
  removeTemp(repo);
  removeTemp(bin);
});

describe('docs/cli.md and the README: the command-line tool', () => {
  it('every example runs and exits 0, each printing what the section describes', async () => {
    const script = cliExamples();
    const commands = script.trim().split('\n');
    expect(commands.every((line) => /^(JOB=\$\()?pipeline /.test(line))).toBe(true);
    // One marker line after each command, so each command's output can be told apart.
    const marked = commands.map((line, i) => `${line.replaceAll(DOC_SERVER, server.url)}\necho "--- ${i}"`).join('\n');
    const result = await runShell(marked, { cwd: repo, env: cleanEnv({ PATH: `${bin}${path.delimiter}${process.env['PATH']}` }) });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const outputs = result.stdout.split(/^--- \d+\n/m);
    expect(outputs).toHaveLength(commands.length + 1);
    const [validate, explain, dryRun, run, inspect, kinds, functions, remoteRun, submit, wait, watch, list, preview, rows] = outputs;
    expect(validate).toContain('3 files: 3 valid, 0 invalid');
    expect(explain).toMatch(/^flowchart LR\n/);
    expect(dryRun).toMatch(/^=== Pipeline Execution Plan ===\n/);
    expect(run).toMatch(/completed: 5\/5 assets, 5 rows written in/);
    expect(JSON.parse(inspect as string)).toEqual(expect.objectContaining({ row_count: 18 }));
    expect(kinds).toMatch(/^KIND +TECKEL KEY/);
    expect(JSON.parse(functions as string).functions.length).toBeGreaterThan(20);
    expect(remoteRun).toMatch(/completed: 5\/5 assets, 5 rows written in/);
    expect(submit).toBe('');
    expect(wait).toMatch(/^id {12}[0-9a-f-]{36}\nstatus {8}completed\n/);
    expect(watch).toMatch(/^\d\d:\d\d:\d\d {2}[0-9a-f-]{36} {2}completed {2}3 rows written in \d+ ms\n$/);
    expect(JSON.parse(list as string).jobs.map((j: { status: string }) => j.status)).toEqual(['completed', 'completed']);
    expect(fs.readFileSync(path.join(repo, 'sample-data/out/top_earners.csv'), 'utf8').split('\n')).toHaveLength(5);
    expect(preview).toMatch(/^name:string +department:string +salary:long\nAda Lovelace +Engineering +98000\n(.*\n){2}3 rows \(more not shown\)\n$/);
    expect(rows).toMatch(/^name:string +department:string +salary:long\n(.*\n){2}2 rows \(more not shown\)\n$/);
  });

  it('the README\'s line runs from the repository root', async () => {
    // The README shows it in an sh block of a list item, indented.
    const line = README.split('\n').find((l) => l.includes('dist/apps/cli/main.js'))?.trim();
    expect(line).toBeDefined();
    // The build half is what `npx nx test cli` has just run (its test target depends on it).
    const [build, command] = (line as string).replace(/\s+#.*$/, '').split(' && ');
    expect(build).toBe('npx nx build cli');
    const result = await runShell(command as string, { cwd: ROOT });
    expect(result).toEqual({
      status: 0,
      stdout:
        'sample-data/pipelines/employees-two-reports.yaml: valid\nsample-data/pipelines/employees.yaml: valid\nsample-data/pipelines/teckel-top-earners.yaml: valid\n3 files: 3 valid, 0 invalid\n',
      stderr: '',
    });
  });
});
