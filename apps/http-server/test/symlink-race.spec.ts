/**
 * Issue 16, item 4: a folder inside the data root swapped for a symbolic link to an outside
 * folder, every millisecond, while danfo jobs read from it and write into it. The path used to be
 * checked and then opened later, following the link: outside rows leaked into outputs. Now each
 * job either uses the file that was checked or fails with a path error; nothing outside the data
 * root is read or written.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { postJson, request, startTestServer, type TestServer } from './helpers';

let server: TestServer;
let outside: string;

beforeAll(async () => {
  server = await startTestServer({ workers: 2 });
  outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'http-race-outside-')));
  fs.writeFileSync(path.join(outside, 'secret.csv'), 'name,salary\nSECRET,99999\n');
  fs.mkdirSync(path.join(server.dataRoot, 'race'));
  fs.writeFileSync(path.join(server.dataRoot, 'race', 'secret.csv'), 'name,salary\npublic,60000\n');
  fs.writeFileSync(path.join(server.dataRoot, 'public.csv'), 'name,salary\npublic,60000\n');
  fs.mkdirSync(path.join(server.dataRoot, 'out'));
});

afterAll(async () => {
  await server.stop();
  fs.rmSync(outside, { recursive: true, force: true });
});

function job(input: string, output: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  name: race',
    '  assets:',
    '    - asset_ref: raw',
    '      source:',
    `        input: { format: csv, path: "${input}" }`,
    '    - asset_ref: out',
    '      source:',
    `        output: { from: raw, format: csv, path: "${output}", mode: overwrite }`,
  ].join('\n');
}

it('danfo jobs racing a folder swapped for an outside link never read or write outside the data root', async () => {
  const root = server.dataRoot;
  const stop = new SharedArrayBuffer(4);
  // `race` is a real folder, swapped for a link to the outside folder and back, as fast as a
  // thread can (the window between a check and an open is small).
  const swapper = new Worker(
    `const fs = require('node:fs');
     const path = require('node:path');
     const { root, outside, stop } = require('node:worker_threads').workerData;
     const stopped = new Int32Array(stop);
     const race = path.join(root, 'race');
     const away = path.join(root, 'race-away');
     while (Atomics.load(stopped, 0) === 0) {
       try {
         fs.renameSync(race, away);
         fs.symlinkSync(outside, race);
         fs.unlinkSync(race);
         fs.renameSync(away, race);
       } catch {
         // A job made a folder in the gap: drop it (a link is removed, never followed).
         try { fs.rmSync(race, { recursive: true, force: true }); fs.renameSync(away, race); } catch {}
       }
     }`,
    { eval: true, workerData: { root, outside, stop } },
  );
  const outcomes = { completed: 0, refused: 0 };
  try {
    for (let batch = 0; batch < 6; batch++) {
      const ids: string[] = [];
      for (let i = 0; i < 50; i++) {
        const n = batch * 50 + i;
        // Even jobs read through the swapped folder; odd ones write into it.
        const yaml = n % 2 === 0 ? job('race/secret.csv', `out/r${n}.csv`) : job('public.csv', `race/w${n}.csv`);
        const submitted = await postJson(`${server.url}/api/jobs`, { yaml, backend: 'danfo' });
        expect(submitted.status).toBe(202);
        ids.push(submitted.body.job_id);
      }
      for (const id of ids) {
        const done = (await request(`${server.url}/api/jobs/${id}/wait?timeout=60`)).body;
        if (done.status === 'completed') outcomes.completed += 1;
        else {
          expect(done).toMatchObject({ status: 'failed' });
          // Whatever went wrong names the racing path (gone, refused, or changed while opened).
          expect(done.error).toMatch(/race\//);
          outcomes.refused += 1;
        }
      }
    }
  } finally {
    Atomics.store(new Int32Array(stop), 0, 1);
    await new Promise((resolve) => swapper.once('exit', resolve));
  }
  const leaked = fs.readdirSync(path.join(root, 'out')).filter((f) => fs.readFileSync(path.join(root, 'out', f), 'utf8').includes('SECRET'));
  expect(leaked).toEqual([]);
  expect(fs.readdirSync(outside)).toEqual(['secret.csv']);
  // Both outcomes happen: the race is real, and the check does not refuse everything.
  expect(outcomes.completed).toBeGreaterThan(0);
  expect(outcomes.completed + outcomes.refused).toBe(300);
}, 120_000);
