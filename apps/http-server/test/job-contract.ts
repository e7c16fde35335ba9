/**
 * The core of the HTTP job contract, parameterized by backend: validate, explain, submit, get,
 * wait, list, cancel and rows answer alike whichever backend runs the job. api-jobs.spec.ts runs
 * it on duckdb, job-contract.spark.spec.ts on spark (where an output is a directory of part files).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipelineYaml, pollJob, postJson, request, type TestServer } from './helpers';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TERMINAL = ['completed', 'failed', 'cancelled'];

/** What the contract needs of the file running it. */
export interface JobContractContext {
  /** The running server, with EMPLOYEES_CSV in employees.csv. */
  server(): TestServer;
  /** A pipeline that runs for several seconds on the backend (to cancel it), writing out/big-copy.csv. */
  readonly slowYaml: string;
}

/** A CSV output's lines: a file's, or a directory of part files' (the first part's header, every part's rows). */
export function outputLines(dataRoot: string, relative: string): string[] {
  const full = path.join(dataRoot, relative);
  if (!fs.statSync(full).isDirectory()) return fs.readFileSync(full, 'utf8').trim().split('\n');
  const lines: string[] = [];
  for (const part of fs.readdirSync(full).filter((n) => n.startsWith('part-')).sort()) {
    const [header, ...rows] = fs.readFileSync(path.join(full, part), 'utf8').trimEnd().split('\n');
    if (header === undefined || header === '') continue;
    if (lines.length === 0) lines.push(header);
    lines.push(...rows);
  }
  return lines;
}

/** Defines the job contract's tests with `backend` named in every request. */
export function describeJobContract(backend: string, ctx: JobContractContext): void {
  const api = () => `${ctx.server().url}/api`;
  const SMALL = pipelineYaml('employees.csv', `out/${backend}/high.csv`);

  async function submit(yaml: string): Promise<string> {
    const res = await postJson(`${api()}/jobs`, { yaml, backend });
    expect(res.status).toBe(202);
    return res.body.job_id;
  }

  /** Waits on /wait (30 s at a time) until the job is terminal; answers the last 200 answer. */
  async function waitDone(id: string): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    for (;;) {
      const res = await request(`${api()}/jobs/${id}/wait?timeout=30`);
      if (res.status !== 200 || TERMINAL.includes(res.body.status)) return res;
    }
  }

  it('validates for the backend: {valid:true}, or the V- problem', async () => {
    expect((await postJson(`${api()}/validate`, { yaml: SMALL, backend })).body).toEqual({ valid: true });
    const invalid = await postJson(`${api()}/validate`, { yaml: SMALL.replace('from: kept', 'from: nope'), backend });
    expect(invalid.body).toMatchObject({ valid: false, error: expect.stringContaining('V-001: asset "out" references unknown asset "nope"') });
  });

  it('explains the physical plan the backend would run, reading no file', async () => {
    const res = await postJson(`${api()}/explain?physical=true`, { yaml: pipelineYaml('nowhere.csv', 'out/x.csv'), backend });
    expect(res.status).toBe(200);
    expect(res.body.physical).toMatchObject({ backend });
    expect(res.body.physical.text).toMatch(new RegExp(`^physical plan of "test" on ${backend} `));
    expect(res.body.physical.text).toContain('nowhere.csv');
  });

  it('submits (202), runs, waits until completed and writes the output', async () => {
    const res = await postJson(`${api()}/jobs`, { yaml: SMALL, backend });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ job_id: expect.stringMatching(UUID_V4), status: 'queued' });
    const id = res.body.job_id;

    const done = await waitDone(id);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      id,
      status: 'completed',
      created_at: expect.stringMatching(ISO_MS),
      started_at: expect.stringMatching(ISO_MS),
      completed_at: expect.stringMatching(ISO_MS),
      duration_ms: Date.parse(done.body.completed_at) - Date.parse(done.body.started_at),
      outputs: [{ asset: 'out', path: `out/${backend}/high.csv`, rows_written: 2 }],
      // Every asset with its time; the output with the rows it wrote.
      steps: [
        { asset: 'raw', state: 'done', ms: expect.any(Number) },
        { asset: 'kept', state: 'done', ms: expect.any(Number) },
        { asset: 'out', state: 'done', ms: expect.any(Number), rows: 2 },
      ],
    });
    expect(Date.parse(done.body.started_at)).toBeGreaterThanOrEqual(Date.parse(done.body.created_at));

    const written = outputLines(ctx.server().dataRoot, `out/${backend}/high.csv`);
    expect(written[0].split(',')).toEqual(['id', 'name', 'department', 'salary']);
    expect(written.slice(1).map((line) => line.split(',')[1]).sort()).toEqual(['Ada', 'Cy']);

    const again = await request(`${api()}/jobs/${id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(done.body);
  });

  it('reports a job that fails while running with status failed and its error', async () => {
    const id = await submit(pipelineYaml('missing.csv', `out/${backend}/never.csv`));
    const done = await waitDone(id);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      id,
      status: 'failed',
      error: expect.stringContaining('missing.csv'),
      created_at: expect.stringMatching(ISO_MS),
      started_at: expect.stringMatching(ISO_MS),
      completed_at: expect.stringMatching(ISO_MS),
      duration_ms: expect.any(Number),
    });
    expect(fs.existsSync(path.join(ctx.server().dataRoot, `out/${backend}/never.csv`))).toBe(false);
  });

  it('lists every job oldest first with the same objects as GET /api/jobs/{id}, steps left out', async () => {
    const first = await submit(SMALL);
    const second = await submit(SMALL);
    await waitDone(first);
    await waitDone(second);
    const res = await request(`${api()}/jobs`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['jobs', 'version']);
    const ids = res.body.jobs.map((job: { id: string }) => job.id);
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second)).toBe(ids.indexOf(first) + 1);
    const created = res.body.jobs.map((job: { created_at: string }) => Date.parse(job.created_at));
    expect([...created].sort((a, b) => a - b)).toEqual(created);
    for (const job of res.body.jobs) {
      const { steps: _steps, ...one } = (await request(`${api()}/jobs/${job.id}`)).body;
      expect(one).toEqual(job);
    }
  });

  it('cancels a running job cooperatively: 200 cancelling, then cancelled, no output left', async () => {
    const id = await submit(ctx.slowYaml);
    await pollJob(ctx.server().url, id, (job) => job.status === 'running', 120_000);
    const res = await request(`${api()}/jobs/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'cancelling' });
    const done = await waitDone(id);
    expect(done.body).toEqual({
      id,
      status: 'cancelled',
      created_at: expect.stringMatching(ISO_MS),
      started_at: expect.stringMatching(ISO_MS),
      completed_at: expect.stringMatching(ISO_MS),
      duration_ms: expect.any(Number),
    });
    expect(fs.existsSync(path.join(ctx.server().dataRoot, 'out/big-copy.csv'))).toBe(false);
  });

  it('answers the first rows of a completed output, cut at the limit', async () => {
    const id = await submit(SMALL);
    expect((await waitDone(id)).body.status).toBe('completed');
    const one = await request(`${api()}/jobs/${id}/outputs/out/rows?limit=1`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ columns: [expect.objectContaining({ name: 'id' }), expect.objectContaining({ name: 'name' }), expect.objectContaining({ name: 'department' }), expect.objectContaining({ name: 'salary' })], rows: [expect.any(Array)], truncated: true });
    expect(['Ada', 'Cy']).toContain(one.body.rows[0][1]);
  });
}
