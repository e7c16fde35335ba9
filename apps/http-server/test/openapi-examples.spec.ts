/**
 * The OpenAPI document's examples work, and its statuses are the ones the server answers: every
 * operation's example (what Swagger UI's "Try it out" pre-fills) sent as it is to a real server
 * over a copy of `sample-data/` answers the documented success status with a body matching the
 * response schema (each answer goes through openapi-check.ts: ajv against the document); and the
 * job routes' 503 while the job store is down is documented.
 */
import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { jobsErrors, type JobService } from '@pipeline/jobs';
import { createRecordingLogger, SERVICE_VERSION } from '@pipeline/server-kit';
import { createApp } from '../src/app';
import { JOB_LINEAGE_EXAMPLE } from '../src/openapi/examples';
import { API_OPERATIONS } from '../src/openapi/operations';
import { postJson, request, startTestServer, type JsonResponse, type TestServer } from './helpers';
import { checked } from './openapi-check';

const SAMPLE_DATA = path.join(__dirname, '../../../sample-data');

interface DocumentParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly example?: unknown;
}

interface DocumentOperation {
  readonly operationId: string;
  readonly parameters?: readonly DocumentParameter[];
  readonly requestBody?: { content: Record<string, { example?: unknown }> };
  readonly responses: Record<string, unknown>;
}

/**
 * The order the walk sends the operations in: a job id comes from the submit example, the rows
 * of an output once the wait example has seen the job complete, and the cancel last (on a job
 * still queued, see below).
 */
const WALK = [
  'health',
  'ready',
  'validatePipeline',
  'explainPipeline',
  'submitJob',
  'listJobs',
  'getJob',
  'getJobProgress',
  'waitForJob',
  'getJobLineage',
  'getJobOutputRows',
  'previewAsset',
  'cancelJob',
] as const;

describe('every operation of the document, sent its example', () => {
  let dataRoot: string;
  let server: TestServer;

  beforeAll(async () => {
    dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-examples-'));
    // Outputs a run of `npm start` left in the sample data are not part of it.
    fs.cpSync(SAMPLE_DATA, dataRoot, { recursive: true, filter: (source) => path.relative(SAMPLE_DATA, source) !== 'out' });
    server = await startTestServer({ dataRoot, workers: 1 });
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataRoot, { recursive: true, force: true });
  });

  it('answers each with its documented success status and a body matching its schema', async () => {
    const document = (await request(`${server.url}/openapi.json`)).body as { paths: Record<string, Record<string, DocumentOperation>> };
    const operations = Object.entries(document.paths).flatMap(([template, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ template, method, operation })),
    );
    expect(operations.map((o) => o.operation.operationId).sort()).toEqual([...WALK].sort());
    // Readiness is a 503 until the worker has opened its engine.
    for (let i = 0; i < 300 && (await fetch(`${server.url}/api/ready`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));

    const context: Record<string, string> = {};
    const answers: Record<string, JsonResponse> = {};
    for (const operationId of WALK) {
      const found = operations.find((o) => o.operation.operationId === operationId);
      if (found === undefined) throw new Error(`no operation ${operationId}`);
      const { template, method, operation } = found;
      const send = async (): Promise<JsonResponse> => {
        let url = template;
        const query = new URLSearchParams();
        for (const parameter of operation.parameters ?? []) {
          expect([operationId, parameter.name, parameter.example]).toEqual([operationId, parameter.name, expect.anything()]);
          // A job id must be one this server handed out; every other value is the example as it is.
          const value = String(context[parameter.name] ?? parameter.example);
          if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
          else query.set(parameter.name, value);
        }
        const full = `${server.url}${url}${query.size > 0 ? `?${query}` : ''}`;
        if (operation.requestBody === undefined) return request(full, { method: method.toUpperCase() });
        const example = operation.requestBody.content['application/json'].example;
        expect([operationId, example]).toEqual([operationId, expect.anything()]);
        return postJson(full, example);
      };

      if (operationId === 'cancelJob') {
        // A job the one worker has not finished: the last of four of the example (about 40 ms each).
        const submit = document.paths['/api/jobs'].post.requestBody?.content['application/json'].example;
        const ids = [];
        for (let i = 0; i < 4; i++) ids.push((await postJson(`${server.url}/api/jobs`, submit)).body.job_id);
        context['id'] = ids[3];
      }
      const before = checked.responses;
      const answer = await send();
      const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      expect(success).toHaveLength(1);
      expect([operationId, answer.status, answer.body]).toEqual([operationId, Number(success[0]), expect.anything()]);
      // Its body went through the schema check of the documented status.
      expect(checked.responses - before).toBe(1);
      answers[operationId] = answer;
      if (operationId === 'submitJob') context['id'] = answer.body.job_id;
    }

    // The examples do what they say, not merely answer 200.
    expect(answers['validatePipeline'].body).toEqual({ valid: true });
    expect(answers['explainPipeline'].body.plan).toContain('by_dept');
    // The list example names a version the list does not have: answered at once, with the job.
    expect(answers['listJobs'].body.jobs.map((job: { id: string }) => job.id)).toContain(answers['submitJob'].body.job_id);
    expect(answers['listJobs'].body.version).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(answers['waitForJob'].body).toMatchObject({ status: 'completed', outputs: [{ asset: 'summary', path: 'out/employees_by_department.csv' }] });
    // Its quality results in spec 17.4's model (checked against the JobQuality schema above).
    expect(answers['waitForJob'].body.quality).toEqual([
      expect.objectContaining({ suite: 'departments', check: 'volume rowCount', check_type: 'volume', target: 'by_dept', status: 'pass' }),
      expect.objectContaining({ check: 'completeness(department)', check_type: 'completeness', column: 'department', failing_rows: 0, failing_percent: 0, description: 'every group has a department' }),
    ]);
    // The lineage example is what a run of the example pipeline answers, times and id aside.
    const [start, complete] = answers['getJobLineage'].body.events;
    expect([start.eventType, complete.eventType, complete.run.runId]).toEqual(['START', 'COMPLETE', answers['submitJob'].body.job_id]);
    const example = JOB_LINEAGE_EXAMPLE.events[1];
    expect({ job: complete.job, inputs: complete.inputs, outputs: complete.outputs }).toEqual({ job: example.job, inputs: example.inputs, outputs: example.outputs });
    expect(answers['getJobOutputRows'].body.columns.map((c: { name: string }) => c.name)).toEqual(['department', 'headcount', 'avg_salary']);
    expect(answers['getJobOutputRows'].body.rows.length).toBeGreaterThan(0);
    // The preview computes what the job wrote (the same variables), in no particular order.
    expect(answers['previewAsset'].body.rows).toHaveLength(answers['getJobOutputRows'].body.rows.length);
    expect(answers['previewAsset'].body.rows).toEqual(expect.arrayContaining(answers['getJobOutputRows'].body.rows));
    expect(server.errors).toEqual([]);
  });
});

describe('the job routes while the job store is down', () => {
  const down = (): Promise<never> => Promise.reject(jobsErrors.storeUnavailable('connect ECONNREFUSED'));
  /** A job service whose store does not answer: every call that reads or writes a job fails so. */
  const jobs = { submit: down, get: down, list: down, waitForList: down, wait: down, cancel: down, outputRows: down, readiness: () => Promise.resolve({ ready: false, reason: 'job store unavailable: connect ECONNREFUSED' }) };
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const { logger } = createRecordingLogger('http-server');
    const app = createApp({ jobs: jobs as unknown as JobService, version: SERVICE_VERSION, bodyLimit: 1_000_000, shutdownSignal: new AbortController().signal, logger });
    const listening = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => listening.close(() => resolve()));
  });

  afterAll(() => close());

  const id = '3f2b8c1e-7d4a-4e5b-9c6d-1a2b3c4d5e6f';
  it.each([
    ['POST', '/api/jobs'],
    ['GET', '/api/jobs'],
    ['GET', '/api/jobs?since=x&timeout=1'],
    ['GET', `/api/jobs/${id}`],
    ['GET', `/api/jobs/${id}/progress`],
    ['GET', `/api/jobs/${id}/lineage`],
    ['GET', `/api/jobs/${id}/wait?timeout=1`],
    ['DELETE', `/api/jobs/${id}`],
    ['GET', `/api/jobs/${id}/outputs/summary/rows`],
  ])('%s %s answers the documented 503', async (method, route) => {
    const answer =
      method === 'POST'
        ? await postJson(`${url}${route}`, API_OPERATIONS.find((o) => o.operationId === 'submitJob')?.requestExample)
        : await request(`${url}${route}`, { method });
    expect(answer).toMatchObject({ status: 503, body: { error: 'job store unavailable: connect ECONNREFUSED' } });
  });
});
