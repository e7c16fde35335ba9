/**
 * How the tool's output meets where it goes: a reader that closes the pipe early (`| head`), the
 * width of the terminal (or COLUMNS), colour and grouped numbers on a terminal only (and colour
 * not with NO_COLOR).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, cleanEnv, removeTemp, runCli, runOnTerminal, runShell, sampleDataCopy, writeBigCsv } from './helpers';

let dir: string;
beforeAll(() => {
  dir = sampleDataCopy();
  writeBigCsv(path.join(dir, 'many.csv'), 12_345);
});
afterAll(() => removeTemp(dir));

const ESC = '\x1b[';

describe('a reader that closes the pipe early', () => {
  it.each(['kinds', 'functions'])('%s: a closed stdout ends quietly with 0, no stack trace', async (command) => {
    // The read end is closed before the tool has written anything: its first write fails with EPIPE.
    const child = spawn(process.execPath, [CLI, command], { cwd: dir, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it('`pipeline functions | head -1` prints the header; the tool exits 0 and prints nothing on stderr', async () => {
    // COLUMNS=40 makes the table long enough (wrapped) to outgrow the pipe's buffer before head exits.
    const result = await runShell(`node ${JSON.stringify(CLI)} functions | head -1; echo "status \${PIPESTATUS[0]}"`, {
      cwd: dir,
      env: cleanEnv({ COLUMNS: '40' }),
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^FUNCTION +CATEGORY/);
    expect(result.stdout).toMatch(/\nstatus 0\n$/);
  });
});

describe('tables fit the width', () => {
  const longest = (text: string) => Math.max(...text.trimEnd().split('\n').map((l) => l.length));
  // Every character but the layout's spaces, sorted: wrapping (even cutting a long word) loses none.
  const characters = (text: string) => [...text.replace(/\s+/g, '')].sort().join('');

  it('without a terminal or COLUMNS a table is not wrapped (one line per row, as scripts read it)', async () => {
    const kinds = await runCli(['kinds'], { cwd: dir });
    expect(kinds.status).toBe(0);
    expect(longest(kinds.stdout)).toBeGreaterThan(200);
    expect(kinds.stdout.split('\n')[1]).toMatch(/^input +input +input +yes +yes +yes +Reads a csv, parquet or json file into a dataset\.$/);
  });

  it.each([
    ['kinds', 80],
    ['kinds', 120],
    ['functions', 100],
    ['functions', 160],
  ])('%s at COLUMNS=%d: no line is wider, descriptions wrap, no text is lost', async (command, width) => {
    const wide = await runCli([command], { cwd: dir });
    const fitted = await runCli([command], { cwd: dir, env: cleanEnv({ COLUMNS: String(width) }) });
    expect(fitted.status).toBe(0);
    expect(longest(fitted.stdout)).toBeLessThanOrEqual(width);
    expect(fitted.stdout.split('\n').length).toBeGreaterThan(wide.stdout.split('\n').length);
    expect(characters(fitted.stdout)).toBe(characters(wide.stdout));
  });

  it('a description wraps at spaces, in its own column', async () => {
    const fitted = await runCli(['kinds'], { cwd: dir, env: cleanEnv({ COLUMNS: '100' }) });
    const lines = fitted.stdout.split('\n');
    const header = lines[0] as string;
    const at = header.indexOf('WHAT IT DOES');
    const start = lines.findIndex((l) => l.startsWith('input '));
    const next = lines.findIndex((l, i) => i > start && !l.startsWith(' '));
    const description = lines.slice(start, next).map((l) => l.slice(at).trim());
    expect(description.length).toBeGreaterThan(1);
    expect(description.join(' ')).toBe('Reads a csv, parquet or json file into a dataset.');
  });

  it('on a terminal the table fits the terminal\'s width', async () => {
    const run = runOnTerminal(['kinds'], { cwd: dir, env: cleanEnv({ COLUMNS: '90', NO_COLOR: '1' }) });
    const { status, output } = await run.done;
    expect(status).toBe(0);
    // The lines themselves, so that a failure shows which one is too wide.
    expect(output.split('\r\n').filter((l) => l.length > 90)).toEqual([]);
  });
});

describe('colour and grouped numbers on a terminal only', () => {
  it('a terminal gets a bold header and 12,345; NO_COLOR keeps the grouping and drops the colour', async () => {
    const coloured = await runOnTerminal(['inspect', 'csv', 'many.csv'], { cwd: dir, env: cleanEnv() }).done;
    expect(coloured.status).toBe(0);
    expect(coloured.output).toContain(`${ESC}1mFIELD${ESC}0m`);
    expect(coloured.output).toContain('12,345 rows');
    const plain = await runOnTerminal(['inspect', 'csv', 'many.csv'], { cwd: dir, env: cleanEnv({ NO_COLOR: '1' }) }).done;
    expect(plain.status).toBe(0);
    expect(plain.output).not.toContain(ESC);
    expect(plain.output).toContain('12,345 rows');
  });

  it('a pipe gets neither: plain 12345, no escape codes', async () => {
    const piped = await runCli(['inspect', 'csv', 'many.csv'], { cwd: dir });
    expect(piped.status).toBe(0);
    expect(piped.stdout).not.toContain(ESC);
    expect(piped.stdout.trimEnd().split('\n').at(-1)).toBe('12345 rows');
  });

  it('a run on a terminal colours its status and groups its row counts', async () => {
    fs.writeFileSync(
      path.join(dir, 'copy-many.yaml'),
      ['version: "3.0"', 'input:', '  - { name: many, format: csv, path: many.csv }', 'output:', '  - { name: many, format: csv, path: out/many.csv, mode: overwrite }', ''].join('\n'),
    );
    const { status, output } = await runOnTerminal(['run', 'copy-many.yaml'], { cwd: dir, env: cleanEnv() }).done;
    expect(status).toBe(0);
    expect(output).toMatch(new RegExp(`${ESC.replace('[', '\\[')}32mcompleted${ESC.replace('[', '\\[')}0m: 2/2 assets, 12,345 rows written in`));
    expect(output).toContain('  output_many -> out/many.csv (12,345 rows)');
  });
});
