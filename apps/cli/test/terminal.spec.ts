/**
 * `pipeline run` at a terminal (a pseudo-terminal through python3's pty module): the progress
 * line redrawn in place, and Ctrl-C typed while a DuckDB job runs, locally and on a server: the
 * job is cancelled cooperatively, the tool exits 130 and no output file (nor temporary file) is
 * left in the data root.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanEnv, filesUnder, removeTemp, runOnTerminal, sampleDataCopy, startServer, SLOW_PIPELINE, writeBigCsv, type ServerProcess } from './helpers';

// The progress line's text, without colour (output.spec.ts checks the colour).
const env = cleanEnv({ NO_COLOR: '1' });

let dir: string;
beforeAll(() => {
  dir = sampleDataCopy();
  // About three seconds of DuckDB work under SLOW_FILTER on the 2-core test machine.
  writeBigCsv(path.join(dir, 'big.csv'), 3_000_000);
  fs.writeFileSync(path.join(dir, 'slow.yaml'), SLOW_PIPELINE);
});
afterAll(() => removeTemp(dir));
afterEach(() => fs.rmSync(path.join(dir, 'out'), { recursive: true, force: true }));

/** The terminal's text with each redraw (`\r` + erase line) turned into a line break. */
function frames(output: string): string[] {
  return output
    .replace(/\r\n/g, '\n')
    .replaceAll('\r\x1b[2K', '\n')
    .split('\n')
    .filter((line) => line !== '');
}

describe('pipeline run at a terminal', () => {
  it('redraws one progress line (status, assets done/total, the asset running now, rows once written, elapsed) and ends with the summary', async () => {
    const run = runOnTerminal(['run', 'pipelines/employees.yaml'], { cwd: dir, env });
    const { status, output } = await run.done;
    expect(status).toBe(0);
    expect(output).toContain('\r\x1b[2K');
    const lines = frames(output);
    expect(lines.some((l) => /^[|/\\-] queued {2}assets 0\/5 {2}\d+\.\d\ds$/.test(l))).toBe(true);
    expect(lines.some((l) => /^[|/\\-] running {2}assets [0-4]\/5 {2}now (raw|active|slim|by_dept|summary) {2}\d+\.\d\ds$/.test(l))).toBe(true);
    // Never the old `rows written 0` while nothing has been written.
    expect(output).not.toContain('rows written 0');
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^completed: 5\/5 assets, 5 rows written in \d+\.\d\ds$/),
      '  summary -> out/employees_by_department.csv (5 rows)',
    ]);
    // No plain `job ... queued` lines on a terminal.
    expect(output).not.toMatch(/^job /m);
  });

  it('Ctrl-C cancels a running local DuckDB job cooperatively: exit 130, no output file, nothing left behind', async () => {
    const before = fs.readdirSync(dir).sort();
    const run = runOnTerminal(['run', 'slow.yaml'], { cwd: dir, env });
    // The first asset's report comes once DuckDB has described big.csv; the filter runs at the output.
    await run.waitFor(/running {2}assets [0-2]\/3 {2}now (raw|kept|out)/);
    // Let DuckDB get into the query before the interrupt.
    await new Promise((resolve) => setTimeout(resolve, 500));
    run.type('\x03');
    const { status, output } = await run.done;
    expect(frames(output).slice(-1)[0]).toMatch(/^cancelled after \d+\.\d\ds$/);
    expect(output).toContain('cancelling the job');
    expect(status).toBe(130);
    expect(filesUnder(path.join(dir, 'out'))).toEqual([]);
    expect(fs.readdirSync(dir).sort()).toEqual(before);
  });

  describe('with --server', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startServer(dir);
    });
    afterAll(() => server?.stop());

    it('Ctrl-C cancels the server\'s job (DELETE) and follows it to cancelled: exit 130, no output file', async () => {
      const run = runOnTerminal(['run', 'slow.yaml', '--server', server.url], { cwd: dir, env });
      await run.waitFor(/running {2}assets [0-2]\/3 {2}now (raw|kept|out)/);
      await new Promise((resolve) => setTimeout(resolve, 500));
      run.type('\x03');
      const { status, output } = await run.done;
      expect(frames(output).slice(-1)[0]).toMatch(/^cancelled after \d+\.\d\ds$/);
      expect(status).toBe(130);
      expect(filesUnder(path.join(dir, 'out'))).toEqual([]);
      const jobs = (await (await fetch(`${server.url}/api/jobs`)).json()) as { jobs: { status: string }[] };
      expect(jobs.jobs.map((j) => j.status)).toEqual(['cancelled']);
    });
  });
});
