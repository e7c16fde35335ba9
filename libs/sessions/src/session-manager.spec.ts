import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import { isSessionError } from './errors';
import type { SessionEngineFactory } from './engine-factory';
import type { EngineHandle, SessionEngine } from './session-engine';
import { createSessionManager, type SessionManagerOptions } from './session-manager';

// The manager's own logic (lifecycle, ownership of handles, ordering, expiry, limits) against a
// recording fake backend; the real backends are exercised by the gRPC server's black-box tests.

interface FakeCall {
  readonly op: string;
  readonly ref?: string;
  readonly source?: Source;
  readonly inputs?: Readonly<Record<string, string>>;
}

function fakeEngines(options: { delayMs?: number; bytesPerHandle?: number; fail?: (ref: string) => Error | undefined } = {}) {
  const calls: FakeCall[] = [];
  const closed: string[] = [];
  let opened = 0;
  // Bytes each open fake backend holds: `bytesPerHandle` per handle it made.
  const held = new Map<number, number>();
  let active = 0;
  let maxActive = 0;
  const step = async <T>(call: FakeCall, value: T, signal?: AbortSignal): Promise<T> => {
    active++;
    maxActive = Math.max(maxActive, active);
    calls.push(call);
    try {
      await new Promise((r) => setTimeout(r, options.delayMs ?? 0));
      if (signal?.aborted) throw Object.assign(new Error('execution cancelled'), { code: 'E_CANCELLED' });
      const failure = call.ref === undefined ? undefined : options.fail?.(call.ref);
      if (failure) throw failure;
      return value;
    } finally {
      active--;
    }
  };
  const factory: SessionEngineFactory = {
    async open(backend) {
      const n = ++opened;
      let handles = 0;
      held.set(n, 0);
      const handle = (rows: number): EngineHandle => {
        held.set(n, (held.get(n) ?? 0) + (options.bytesPerHandle ?? 0));
        return { id: `b${n}-h${++handles}`, rowCount: rows };
      };
      const engine: SessionEngine = {
        backend,
        readInput: (ref: string, source: InputSource, o) => step({ op: 'readInput', ref, source }, handle(10), o?.signal),
        apply: (ref, source, inputs, o) => step({ op: 'apply', ref, source, inputs }, handle(4), o?.signal),
        write: (handleId: string, ref: string, source: OutputSource, o) =>
          step({ op: `write ${handleId}`, ref, source }, { rowsWritten: 4, skipped: false }, o?.signal),
        execute: (plan, o) => step({ op: `execute ${plan.steps.map((s) => s.ref).join(',')}` }, undefined, o?.signal),
        release: async () => undefined,
        close: async () => {
          held.delete(n);
          closed.push(`session ${n}`);
        },
      };
      return engine;
    },
    inspect: async () => ({ fields: [{ name: 'a', dataType: 'integer', nullable: true }], rowCount: 3 }),
    heldBytes: async () => [...held.values()].reduce((a, b) => a + b, 0),
    close: async () => undefined,
  };
  return { factory, calls, closed, stats: () => ({ maxActive }) };
}

function manager(engines: SessionEngineFactory, extra: Partial<SessionManagerOptions> = {}) {
  return createSessionManager({ dataRoot: '/data', engines, ...extra });
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isSessionError(e)) return `${e.code}: ${e.message}`;
    return `${(e as { code?: string }).code}: ${(e as Error).message}`;
  }
  return 'resolved';
}

describe('createSessionManager', () => {
  it('chains read -> where -> write with handles of the session', async () => {
    const fake = fakeEngines();
    const m = manager(fake.factory);
    const { sessionId, backend } = await m.create('');
    expect(backend).toBe('duckdb');
    const raw = await m.readInput(sessionId, { assetName: 'raw', format: 'csv', path: 'in.csv' });
    expect(raw).toEqual({ sessionId, handleId: expect.any(String), rowCount: 10 });
    const rich = await m.applyTransform(sessionId, {
      assetName: 'rich',
      sourceJson: '{"where":{"from":"raw","filter":"salary > 50000"}}',
      inputHandles: { raw: raw.handleId },
    });
    expect(rich.rowCount).toBe(4);
    expect(rich.handleId).not.toBe(raw.handleId);
    await expect(
      m.writeOutput(sessionId, { handleId: rich.handleId, format: 'csv', path: 'out.csv', mode: 'overwrite' }),
    ).resolves.toEqual({ rowsWritten: 4, skipped: false });
    // The backend saw its own ids, never the client-facing handle ids.
    expect(fake.calls.map((c) => c.op)).toEqual(['readInput', 'apply', 'write b1-h2']);
    expect(fake.calls[1].inputs).toEqual({ raw: 'b1-h1' });
    expect(fake.calls[1].source).toMatchObject({ kind: 'where', from: 'raw' });
    expect(fake.calls[2].source).toMatchObject({ kind: 'output', from: 'rich', mode: 'overwrite', format: 'csv' });
    await m.shutdown();
  });

  it('defaults the write mode to error', async () => {
    const fake = fakeEngines();
    const m = manager(fake.factory);
    const { sessionId } = await m.create('duckdb');
    const raw = await m.readInput(sessionId, { assetName: 'raw', format: 'csv', path: 'in.csv' });
    await m.writeOutput(sessionId, { handleId: raw.handleId, format: 'parquet', path: 'o.parquet' });
    expect(fake.calls[1].source).toMatchObject({ kind: 'output', mode: 'error', format: 'parquet' });
    await m.shutdown();
  });

  it('rejects an unknown backend with the contract text', async () => {
    const m = manager(fakeEngines().factory);
    expect(await codeOf(m.create('flink'))).toBe('E_UNKNOWN_BACKEND: unknown backend "flink" (expected duckdb, danfo, spark)');
    expect(m.size).toBe(0);
  });

  it('answers session not found for unknown and closed sessions', async () => {
    const fake = fakeEngines();
    const m = manager(fake.factory);
    expect(await codeOf(m.readInput('nope', { assetName: 'raw', format: 'csv', path: 'a.csv' }))).toBe(
      'SESSION_NOT_FOUND: session not found',
    );
    const { sessionId } = await m.create('duckdb');
    await m.close(sessionId);
    expect(fake.closed).toEqual(['session 1']);
    expect(await codeOf(m.close(sessionId))).toBe('SESSION_NOT_FOUND: session not found');
    expect(await codeOf(m.readInput(sessionId, { assetName: 'raw', format: 'csv', path: 'a.csv' }))).toBe(
      'SESSION_NOT_FOUND: session not found',
    );
  });

  it('answers handle not found for unknown handles and handles of another session', async () => {
    const m = manager(fakeEngines().factory);
    const a = await m.create('duckdb');
    const b = await m.create('duckdb');
    const rawA = await m.readInput(a.sessionId, { assetName: 'raw', format: 'csv', path: 'a.csv' });
    const source = '{"select":{"from":"raw","columns":["x"]}}';
    expect(
      await codeOf(m.applyTransform(b.sessionId, { assetName: 's', sourceJson: source, inputHandles: { raw: rawA.handleId } })),
    ).toBe('SESSION_HANDLE_NOT_FOUND: handle not found');
    expect(await codeOf(m.writeOutput(b.sessionId, { handleId: rawA.handleId, format: 'csv', path: 'o.csv' }))).toBe(
      'SESSION_HANDLE_NOT_FOUND: handle not found',
    );
    expect(await codeOf(m.writeOutput(a.sessionId, { handleId: 'made-up', format: 'csv', path: 'o.csv' }))).toBe(
      'SESSION_HANDLE_NOT_FOUND: handle not found',
    );
    await m.shutdown();
  });

  it.each([
    ['not json', '{where', /^SESSION_INVALID_REQUEST: parse error: source_json is not valid JSON: /],
    ['an unknown kind', '{"joinn":{"from":"raw"}}', /^SESSION_INVALID_REQUEST: V-005: asset "t": unknown source kind "joinn"/],
    ['a bad expression', '{"where":{"from":"raw","filter":"salary >"}}', /^SESSION_INVALID_REQUEST: V-009: asset "t": filter: /],
    ['a missing field', '{"where":{"from":"raw"}}', /^SESSION_INVALID_REQUEST: V-006: asset "t": /],
    ['an input source', '{"input":{"format":"csv","path":"a.csv"}}', /^SESSION_INVALID_REQUEST: V-005: asset "t": source kind "input" is not allowed here/],
    ['a missing input handle', '{"where":{"from":"other","filter":"x > 1"}}', /^SESSION_INVALID_REQUEST: asset "t": input_handles has no handle for "other" \(it names: raw\)$/],
  ])('rejects %s in ApplyTransform', async (_what, sourceJson, message) => {
    const fake = fakeEngines();
    const m = manager(fake.factory);
    const { sessionId } = await m.create('duckdb');
    const raw = await m.readInput(sessionId, { assetName: 'raw', format: 'csv', path: 'a.csv' });
    expect(await codeOf(m.applyTransform(sessionId, { assetName: 't', sourceJson, inputHandles: { raw: raw.handleId } }))).toMatch(message);
    expect(fake.calls.map((c) => c.op)).toEqual(['readInput']);
    await m.shutdown();
  });

  it('rejects an empty asset name and an unknown format', async () => {
    const m = manager(fakeEngines().factory);
    const { sessionId } = await m.create('duckdb');
    expect(await codeOf(m.readInput(sessionId, { assetName: '', format: 'csv', path: 'a.csv' }))).toBe(
      'SESSION_INVALID_REQUEST: ReadInput: asset_name is required',
    );
    expect(await codeOf(m.readInput(sessionId, { assetName: 'raw', format: 'xlsx', path: 'a.xlsx' }))).toMatch(
      /^SESSION_INVALID_REQUEST: V-008: asset "raw": .*"xlsx"/,
    );
    await m.shutdown();
  });

  it('runs the operations of one session one at a time, in order', async () => {
    const fake = fakeEngines({ delayMs: 15 });
    const m = manager(fake.factory);
    const { sessionId } = await m.create('duckdb');
    const reads = ['a', 'b', 'c'].map((n) => m.readInput(sessionId, { assetName: n, format: 'csv', path: `${n}.csv` }));
    await Promise.all(reads);
    expect(fake.stats().maxActive).toBe(1);
    expect(fake.calls.map((c) => c.ref)).toEqual(['a', 'b', 'c']);
    await m.shutdown();
  });

  it('runs different sessions concurrently', async () => {
    const fake = fakeEngines({ delayMs: 30 });
    const m = manager(fake.factory);
    const a = await m.create('duckdb');
    const b = await m.create('duckdb');
    await Promise.all([
      m.readInput(a.sessionId, { assetName: 'x', format: 'csv', path: 'x.csv' }),
      m.readInput(b.sessionId, { assetName: 'y', format: 'csv', path: 'y.csv' }),
    ]);
    expect(fake.stats().maxActive).toBe(2);
    await m.shutdown();
  });

  it('enforces the maximum number of open sessions', async () => {
    const m = manager(fakeEngines().factory, { maxSessions: 2 });
    const a = await m.create('duckdb');
    await m.create('danfo');
    expect(await codeOf(m.create('duckdb'))).toBe(
      'SESSION_LIMIT: too many open sessions (limit 2); close one or wait for idle ones to expire',
    );
    await m.close(a.sessionId);
    await expect(m.create('duckdb')).resolves.toMatchObject({ backend: 'duckdb' });
    await m.shutdown();
  });

  it('evicts the least recently used idle session when the memory budget is spent, then refuses', async () => {
    const fake = fakeEngines({ bytesPerHandle: 100, delayMs: 5 });
    const m = manager(fake.factory, { memoryBudgetBytes: 250 });
    const read = (sessionId: string, name: string) => m.readInput(sessionId, { assetName: name, format: 'csv', path: `${name}.csv` });
    const a = await m.create('duckdb');
    const b = await m.create('duckdb');
    const c = await m.create('duckdb');
    await read(b.sessionId, 'b1');
    await read(a.sessionId, 'a1');
    // 200 bytes held, under the budget: this read is admitted and brings it to 300.
    await read(c.sessionId, 'c1');
    // Spent: b (used before a) is evicted, the first to go; a and c stay.
    await read(c.sessionId, 'c2');
    expect(fake.closed).toEqual(['session 2']);
    expect(await codeOf(read(b.sessionId, 'b2'))).toBe('SESSION_NOT_FOUND: session not found');
    // 300 held again: a new session makes room by evicting a, the only idle one.
    const d = await m.create('duckdb');
    expect(fake.closed).toEqual(['session 2', 'session 1']);
    expect(m.size).toBe(2);
    await read(c.sessionId, 'c3');
    // 300 held and nothing idle while c works too: d's read is refused with the budget named.
    const refused = codeOf(read(d.sessionId, 'd1'));
    const busy = read(c.sessionId, 'c4');
    expect(await refused).toBe(
      "SESSION_MEMORY_FULL: the sessions' memory budget of 250 B is spent (2 open sessions hold about 0 MB, none idle to evict); close sessions or release handles, then retry",
    );
    await busy.catch(() => undefined);
    await m.shutdown();
  });

  it('answers an out-of-memory failure of the backend as SESSION_OUT_OF_MEMORY naming the asset', async () => {
    const oom = (ref: string) =>
      ref === 'big'
        ? Object.assign(new Error('asset "big": Out of Memory Error: failed to allocate data of size 16.0 MiB (488.2 MiB/488.2 MiB used)'), {
            code: 'E_EXECUTION',
            details: { asset: 'big', duckdb: 'Out of Memory Error: failed to allocate data of size 16.0 MiB (488.2 MiB/488.2 MiB used)' },
          })
        : ref === 'wide'
          ? new RangeError('Invalid array length')
          : undefined;
    const m = manager(fakeEngines({ fail: oom }).factory, { memoryLimit: '512MB' });
    const { sessionId } = await m.create('duckdb');
    expect(await codeOf(m.readInput(sessionId, { assetName: 'big', format: 'csv', path: 'big.csv' }))).toBe(
      `SESSION_OUT_OF_MEMORY: asset "big": out of memory under the sessions' memory limit of 512MB (Out of Memory Error: failed to allocate data of size 16.0 MiB (488.2 MiB/488.2 MiB used))`,
    );
    const raw = await m.readInput(sessionId, { assetName: 'raw', format: 'csv', path: 'raw.csv' });
    const wide = m.applyTransform(sessionId, {
      assetName: 'wide',
      sourceJson: JSON.stringify({ where: { from: 'raw', filter: 'a > 1' } }),
      inputHandles: { raw: raw.handleId },
    });
    expect(await codeOf(wide)).toBe(`SESSION_OUT_OF_MEMORY: asset "wide": out of memory under the sessions' memory limit of 512MB (Invalid array length)`);
    await m.shutdown();
  });

  it('expires an idle session after its time-to-live and frees its backend', async () => {
    const fake = fakeEngines();
    const m = manager(fake.factory, { ttlMs: 50 });
    const { sessionId } = await m.create('duckdb');
    await m.readInput(sessionId, { assetName: 'raw', format: 'csv', path: 'a.csv' });
    await new Promise((r) => setTimeout(r, 120));
    expect(await codeOf(m.readInput(sessionId, { assetName: 'raw', format: 'csv', path: 'a.csv' }))).toBe(
      'SESSION_NOT_FOUND: session not found',
    );
    expect(fake.closed).toEqual(['session 1']);
    expect(m.size).toBe(0);
  });

  it('does not expire a session while it works, and counts idleness from the last operation', async () => {
    const fake = fakeEngines({ delayMs: 100 });
    const m = manager(fake.factory, { ttlMs: 60 });
    const { sessionId } = await m.create('duckdb');
    await m.readInput(sessionId, { assetName: 'a', format: 'csv', path: 'a.csv' });
    await m.readInput(sessionId, { assetName: 'b', format: 'csv', path: 'b.csv' });
    expect(m.size).toBe(1);
    expect(fake.closed).toEqual([]);
    await m.shutdown();
  });

  it('cancels a running operation when its session closes, then frees the backend', async () => {
    const fake = fakeEngines({ delayMs: 50 });
    const m = manager(fake.factory);
    const { sessionId } = await m.create('duckdb');
    const running = m.readInput(sessionId, { assetName: 'a', format: 'csv', path: 'a.csv' });
    const queued = m.readInput(sessionId, { assetName: 'b', format: 'csv', path: 'b.csv' });
    await new Promise((r) => setTimeout(r, 10));
    await m.close(sessionId);
    expect(await codeOf(running)).toBe('E_CANCELLED: execution cancelled');
    expect(await codeOf(queued)).toBe('SESSION_NOT_FOUND: session not found');
    expect(fake.closed).toEqual(['session 1']);
  });

  it('reports ExecutePipeline outcomes as completed or failed, never as a thrown error', async () => {
    const fake = fakeEngines();
    const m = manager(fake.factory);
    const { sessionId } = await m.create('duckdb');
    const yaml = `version: "3.0"
pipeline:
  name: p
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: a.csv } }
    - asset_ref: out
      source: { output: { from: raw, format: csv, path: o.csv, mode: overwrite } }
`;
    const ok = await m.executePipeline(sessionId, { yaml, variables: {} });
    expect(ok).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'completed', error: '', durationMs: expect.any(Number) });
    expect(fake.calls.map((c) => c.op)).toEqual(['execute raw,out']);
    const bad = await m.executePipeline(sessionId, { yaml: yaml.replace('from: raw', 'from: nonexistent') });
    expect(bad.status).toBe('failed');
    expect(bad.error).toBe('validation failed: V-001: asset "out" references unknown asset "nonexistent"');
    expect(bad.jobId).not.toBe(ok.jobId);
    await m.shutdown();
  });

  it('refuses new sessions after shutdown and closes the open ones', async () => {
    const fake = fakeEngines();
    const m = manager(fake.factory);
    await m.create('duckdb');
    await m.create('duckdb');
    await m.shutdown();
    expect(fake.closed).toHaveLength(2);
    expect(await codeOf(m.create('duckdb'))).toBe('SESSION_SHUTTING_DOWN: session manager is shutting down');
  });

  it('inspects a source after validating it', async () => {
    const m = manager(fakeEngines().factory);
    await expect(m.inspect({ format: 'csv', path: 'a.csv' })).resolves.toEqual({
      fields: [{ name: 'a', dataType: 'integer', nullable: true }],
      rowCount: 3,
    });
    expect(await codeOf(m.inspect({ format: 'xml', path: 'a.xml' }))).toMatch(/^SESSION_INVALID_REQUEST: V-008: /);
  });
});
