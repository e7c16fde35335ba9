import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempFileName, thisWriter } from '@pipeline/engine';
import { createJobService } from './job-service';
import { createDataRoot, removeDataRoot } from './__fixtures__/fixtures';

/** A real process writing the temporary file it is sent the name of, until it is killed. */
const WRITER = `
const fs = require('node:fs');
process.stdin.once('data', (name) => {
  const fd = fs.openSync(String(name).trim(), 'w');
  setInterval(() => fs.writeSync(fd, 'x'.repeat(4096)), 5);
  process.stdout.write('writing\\n');
});`;

/** Starts a writer of `out/<a temporary name of output>` carrying its pid; resolves once it writes. */
async function startWriter(root: string, output: string): Promise<{ child: ChildProcess; file: string }> {
  const child = spawn(process.execPath, ['-e', WRITER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const file = path.join(root, 'out', tempFileName(output, { ...thisWriter(), pid: child.pid as number }));
  const writing = new Promise((resolve) => child.stdout?.once('data', resolve));
  child.stdin?.write(`${file}\n`);
  await writing;
  return { child, file };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('job service: temporary outputs left by a killed process', () => {
  let root: string;
  beforeAll(async () => {
    root = await createDataRoot();
    fs.mkdirSync(path.join(root, 'out'), { recursive: true });
  });
  afterAll(() => removeDataRoot(root));

  it('are removed at start when old, while a young one (a write in progress elsewhere) stays', async () => {
    const stale = path.join(root, 'out', '.summary.csv.0123456789ab.tmp');
    const young = path.join(root, 'out', '.other.csv.ba9876543210.tmp');
    fs.writeFileSync(stale, 'half a file');
    fs.writeFileSync(young, 'being written');
    const twoHoursAgo = (Date.now() - 2 * 3600_000) / 1000;
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const jobs = createJobService({ dataRoot: root, workers: 1 });
    try {
      await until(() => !fs.existsSync(stale), 5_000);
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(young)).toBe(true);
    } finally {
      await jobs.shutdown({ graceMs: 0 });
    }
  });

  it('are removed at start at once when their writer was killed (SIGKILL mid-write); a live writer keeps its file', async () => {
    const killed = await startWriter(root, 'killed.csv');
    const live = await startWriter(root, 'live.csv');
    try {
      killed.child.kill('SIGKILL');
      await new Promise((resolve) => killed.child.once('exit', resolve));
      expect(fs.statSync(killed.file).size).toBeGreaterThan(0);
      const jobs = createJobService({ dataRoot: root, workers: 1 });
      try {
        await until(() => !fs.existsSync(killed.file), 5_000);
        expect(fs.existsSync(killed.file)).toBe(false);
        expect(fs.existsSync(live.file)).toBe(true);
      } finally {
        await jobs.shutdown({ graceMs: 0 });
      }
    } finally {
      live.child.kill('SIGKILL');
    }
  });
});
