/**
 * The core of the gRPC job contract, parameterized by backend: ValidatePipeline, ExplainPipeline
 * (physical), SubmitJob, GetJob, WaitForJob, ListJobs and CancelJob of a running job answer alike
 * whichever backend runs the job. jobs-rpcs.spec.ts runs it on duckdb, job-contract.spark.spec.ts
 * on spark.
 */
import { employeesPipeline, type Harness } from './harness';
import { readOutput, sortedCsv, EXPECTED_SUMMARY } from './session-suite';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The numbers 0 to 599 as a one-column CSV (write it as n.csv for {@link crossJoinPipeline}). */
export const N_CSV = `n\n${Array.from({ length: 600 }, (_, i) => i).join('\n')}\n`;

/** Long work on any backend that runs joins: a three-way cross join of n.csv (216 million rows) written out. */
export function crossJoinPipeline(output: string): string {
  return `version: "3.0"
pipeline:
  name: slow
  assets:
    - asset_ref: a
      source: { input: { format: csv, path: n.csv } }
    - asset_ref: b
      source: { input: { format: csv, path: n.csv } }
    - asset_ref: c
      source: { input: { format: csv, path: n.csv } }
    - asset_ref: all
      source: { join: { left: a, right: [ { name: b, type: cross, on: [] }, { name: c, type: cross, on: [] } ] } }
    - asset_ref: out
      source: { output: { from: all, format: csv, path: ${output}, mode: overwrite } }
`;
}

/** What the contract needs of the file running it. */
export interface JobContractContext {
  /** The running server, with employees.csv (and n.csv when the slow pipeline is the cross join) written. */
  harness(): Harness;
  /** A pipeline that runs for several seconds on the backend (to cancel it), writing out/slow.csv. */
  readonly slowYaml: string;
}

/** Defines the job contract's tests with `backend` named in every request. */
export function describeJobContract(backend: string, ctx: JobContractContext): void {
  const h = () => ctx.harness();

  it('validates and explains for the backend, reading no file', async () => {
    await expect(h().client.validatePipeline({ yaml: employeesPipeline(), backend })).resolves.toEqual({ valid: true, error: '', errors: [], specCode: '' });
    const invalid = await h().client.validatePipeline({ yaml: employeesPipeline().replace('from: by_dept', 'from: nonexistent'), backend });
    expect(invalid).toMatchObject({ valid: false, error: 'V-001: asset "summary" references unknown asset "nonexistent"' });
    const explained = await h().client.explainPipeline({ yaml: employeesPipeline().replace('path: employees.csv', 'path: nowhere.csv'), backend, physical: true });
    expect(explained.physical).toMatchObject({ backend });
    expect(explained.physical?.text).toMatch(new RegExp(`^physical plan of "employees" on ${backend} `));
    expect(explained.physical?.text).toContain('nowhere.csv');
  });

  it('submits, runs to completion and reports every field', async () => {
    const output = `out/${backend}/summary.csv`;
    const submitted = await h().client.submitJob({ yaml: employeesPipeline(output), backend });
    expect(submitted).toEqual({ jobId: expect.stringMatching(UUID), status: 'queued' });
    const job = await h().client.waitForJob({ jobId: submitted.jobId, timeoutSeconds: 150 });
    expect(job).toEqual({
      id: submitted.jobId,
      status: 'completed',
      error: '',
      createdAt: expect.stringMatching(ISO),
      startedAt: expect.stringMatching(ISO),
      completedAt: expect.stringMatching(ISO),
      durationMs: Date.parse(job.completedAt) - Date.parse(job.startedAt),
      outputs: [{ asset: 'summary', path: output, rowsWritten: 3 }],
      quality: [],
      steps: expect.arrayContaining([{ asset: 'summary', state: 'done', startedAt: '', ms: expect.any(Number), rows: 3 }]),
    });
    expect(sortedCsv(readOutput(h(), output))).toBe(EXPECTED_SUMMARY);
    await expect(h().client.getJob({ jobId: submitted.jobId })).resolves.toEqual(job);
    const { jobs } = await h().client.listJobs({});
    expect(jobs.map((j) => j.id)).toContain(submitted.jobId);
    // The list leaves the steps out, as HTTP's does.
    expect(jobs.find((j) => j.id === submitted.jobId)?.steps).toEqual([]);
  });

  it('ends failed with the engine error when an input is missing', async () => {
    const { jobId } = await h().client.submitJob({ yaml: employeesPipeline(`out/${backend}/x.csv`).replace('path: employees.csv', 'path: missing.csv'), backend });
    const job = await h().client.waitForJob({ jobId, timeoutSeconds: 150 });
    expect(job.status).toBe('failed');
    expect(job.error).toContain('missing.csv');
    expect(job.durationMs).toBeGreaterThanOrEqual(0);
    expect(job.startedAt).toMatch(ISO);
  });

  it('lists jobs in submission order', async () => {
    const a = await h().client.submitJob({ yaml: employeesPipeline(`out/${backend}/a.csv`), backend });
    const b = await h().client.submitJob({ yaml: employeesPipeline(`out/${backend}/b.csv`), backend });
    await h().client.waitForJob({ jobId: b.jobId, timeoutSeconds: 150 });
    await h().client.waitForJob({ jobId: a.jobId, timeoutSeconds: 150 });
    const ids = (await h().client.listJobs({})).jobs.map((j) => j.id);
    expect(ids.indexOf(a.jobId)).toBeLessThan(ids.indexOf(b.jobId));
  });

  it('cancels a running job cooperatively: cancelling, then cancelled, no output', async () => {
    const running = await h().client.submitJob({ yaml: ctx.slowYaml, backend });
    for (let i = 0; i < 6000 && (await h().client.getJob({ jobId: running.jobId })).status !== 'running'; i++) await new Promise((r) => setTimeout(r, 20));
    await expect(h().client.cancelJob({ jobId: running.jobId })).resolves.toEqual({ cancelled: true, status: 'cancelling' });
    const ended = await h().client.waitForJob({ jobId: running.jobId, timeoutSeconds: 120 });
    expect(ended.status).toBe('cancelled');
    expect(ended.durationMs).toBe(Date.parse(ended.completedAt) - Date.parse(ended.startedAt));
    expect(ended.outputs).toEqual([]);
    await expect(h().client.cancelJob({ jobId: running.jobId })).resolves.toEqual({ cancelled: false, status: 'cancelled' });
  });
}
