/**
 * Oversized request fields (issue 16, items 2 and 7) against the real server: each answers a
 * short INVALID_ARGUMENT naming the field and its limit at once, never echoes the value, and
 * leaves the connection and the event loop free for the next call.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIELD_LIMITS } from '@pipeline/server-kit';
import { createClient, type MethodDefinition } from 'nice-grpc';
import { EMPLOYEES_CSV, failure, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.write('employees.csv', EMPLOYEES_CSV);
});
afterAll(() => h.stop());

/** Abandons the call after `ms`, so that a stall fails the test at once instead of timing it out. */
function within(ms: number) {
  return { signal: AbortSignal.timeout(ms) };
}

describe('string fields over their limits', () => {
  it.each([
    ['CreateSession backend', () => h.client.createSession({ backend: 'b'.repeat(100_000) }, within(5000)), 'backend', FIELD_LIMITS.name],
    [
      'InspectSource format',
      () => h.client.inspectSource({ format: 'f'.repeat(100_000), path: 'employees.csv' }, within(5000)),
      'format',
      FIELD_LIMITS.name,
    ],
    ['InspectSource path', () => h.client.inspectSource({ format: 'csv', path: 'a/'.repeat(20_003) }, within(5000)), 'path', FIELD_LIMITS.path],
    ['GetJob job_id', () => h.client.getJob({ jobId: 'j'.repeat(10_000) }, within(5000)), 'job_id', FIELD_LIMITS.id],
    [
      'ApplyTransform input_handles value',
      () => h.client.applyTransform({ sessionId: 's', assetName: 'a', sourceJson: '{}', inputHandles: { raw: 'h'.repeat(500) } }, within(5000)),
      'input_handles.raw',
      FIELD_LIMITS.id,
    ],
    [
      'SubmitJob backend_options value',
      () => h.client.submitJob({ yaml: 'x', backendOptions: { threads: '1'.repeat(5000) } }, within(5000)),
      'backend_options.threads',
      FIELD_LIMITS.optionValue,
    ],
  ])('%s: INVALID_ARGUMENT naming the field and the limit, then the connection still serves', async (_name, call, field, limit) => {
    const started = Date.now();
    const answer = await failure(call());
    expect(answer.code).toBe('INVALID_ARGUMENT');
    expect(answer.details).toMatch(new RegExp(`^invalid request: "${field.replace('.', '\\.')}" is \\d+ characters long; the limit is ${limit}$`));
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(h.client.health({}, within(2000))).resolves.toMatchObject({ status: 'ok' });
  });

  it('a map key over its limit is named by its map, not quoted', async () => {
    const answer = await failure(h.client.readInput({ sessionId: 's', assetName: 'a', format: 'csv', path: 'x.csv', options: { ['k'.repeat(1000)]: 'v' } }));
    expect(answer).toEqual({ code: 'INVALID_ARGUMENT', details: `invalid request: a key of "options" is 1000 characters long; the limit is ${FIELD_LIMITS.name}` });
  });

  it('a long message is cut: an unknown backend just under the field limit', async () => {
    const answer = await failure(h.client.createSession({ backend: 'b'.repeat(FIELD_LIMITS.name) }));
    expect(answer.code).toBe('INVALID_ARGUMENT');
    expect(answer.details).toContain('unknown backend');
  });
});

describe('paths the file system refuses', () => {
  it('a 4,000-character deep path that does not exist answers NOT_FOUND fast while Health answers at once', async () => {
    const path = `${'a/'.repeat(1_998)}x.csv`;
    const started = Date.now();
    const [inspected, health] = await Promise.all([
      failure(h.client.inspectSource({ format: 'csv', path }, within(5000))),
      h.client.health({}, within(2000)),
    ]);
    expect(inspected.code).toBe('NOT_FOUND');
    expect(health.status).toBe('ok');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('WriteOutput with a 304-byte file name: INVALID_ARGUMENT naming the limit', async () => {
    const { sessionId } = await h.client.createSession({ backend: 'duckdb' });
    const raw = await h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv', options: { header: 'true' } });
    const answer = await failure(
      h.client.writeOutput({ sessionId, handleId: raw.handleId, format: 'csv', path: `out/${'n'.repeat(300)}.csv`, mode: 'overwrite' }),
    );
    expect(answer).toEqual({
      code: 'INVALID_ARGUMENT',
      details: `asset "output": path has a name of 304 bytes; the file system's limit is 255 bytes per file or folder name`,
    });
    await h.client.closeSession({ sessionId });
  });

  it.each(['duckdb', 'danfo'])('%s writes an output whose name is 240 bytes, and leaves no temporary file', async (backend) => {
    const { sessionId } = await h.client.createSession({ backend });
    const raw = await h.client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv', options: { header: 'true' } });
    const name = `${'n'.repeat(236)}.csv`;
    const written = await h.client.writeOutput({ sessionId, handleId: raw.handleId, format: 'csv', path: `long-${backend}/${name}`, mode: 'overwrite' });
    expect(written.rowsWritten).toBe(12);
    expect(readdirSync(join(h.dataRoot, `long-${backend}`))).toEqual([name]);
    await h.client.closeSession({ sessionId });
  });
});

describe('request bytes that are not a protobuf message', () => {
  /** A raw unary method of PipelineService that sends the bytes it is given. */
  function rawMethod(name: string): MethodDefinition<Uint8Array, Uint8Array, Uint8Array, Uint8Array, false, false> {
    return {
      path: `/pipeline.v1.PipelineService/${name}`,
      requestStream: false,
      responseStream: false,
      requestSerialize: (bytes) => bytes,
      requestDeserialize: (bytes) => bytes,
      responseSerialize: (bytes) => bytes,
      responseDeserialize: (bytes) => bytes,
      options: {},
    };
  }

  it.each([
    ['CreateSession', [0x0a, 0xff]],
    ['SubmitJob', [0xff, 0xff, 0xff]],
    ['InspectSource', [0x12, 0x05, 0x61]],
  ])('%s: INVALID_ARGUMENT saying the message does not decode, not INTERNAL', async (name, bytes) => {
    const raw = createClient({ send: rawMethod(name) }, h.channel);
    const answer = await failure(raw.send(Uint8Array.from(bytes)));
    expect(answer.code).toBe('INVALID_ARGUMENT');
    expect(answer.details).toMatch(new RegExp(`^invalid request: the ${name} request is not a valid protobuf message \\(.+\\)$`));
    await expect(h.client.health({})).resolves.toMatchObject({ status: 'ok' });
  });
});
