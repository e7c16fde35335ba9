/**
 * The session contract every backend answers alike (the gRPC session RPCs, step by step and
 * ExecutePipeline), parameterized by backend: sessions-rpcs.spec.ts runs it on duckdb and danfo,
 * sessions.spark.spec.ts on spark.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { employeesPipeline, failure, type Harness } from './harness';

/** The summary employeesPipeline writes. */
export const EXPECTED_SUMMARY = 'department,n,total\nengineering,4,363000\nops,1,55000\nsales,2,123000\n';

/** Sorts a CSV's data lines (row order of a group-by is not part of the contract). */
export function sortedCsv(text: string): string {
  const [header, ...rows] = text.trim().split('\n');
  return [header, ...rows.sort()].join('\n') + '\n';
}

/**
 * A CSV output as one text: a file as it is, a directory of part files (spark) as the first
 * part's header and every part's rows.
 */
export function readOutput(h: Harness, path: string): string {
  const full = join(h.dataRoot, path);
  if (!existsSync(full) || !statSync(full).isDirectory()) return h.read(path);
  const lines: string[] = [];
  for (const part of readdirSync(full).filter((n) => n.startsWith('part-')).sort()) {
    const [header, ...rows] = readFileSync(join(full, part), 'utf8').trimEnd().split('\n');
    if (header === undefined || header === '') continue;
    if (lines.length === 0) lines.push(header);
    lines.push(...rows);
  }
  return `${lines.join('\n')}\n`;
}

/** Defines the session contract's tests on `backend`; `h` gives the running harness (with employees.csv written). */
export function describeSessionContract(backend: string, h: () => Harness): void {
  it('applies the new kinds, a join naming each side in input_handles, an orderBy and a union', async () => {
    h().write('depts.csv', 'department,floor\nengineering,3\nsales,1\n');
    const { sessionId } = await h().client.createSession({ backend });
    const raw = await h().client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv', options: {} });
    const depts = await h().client.readInput({ sessionId, assetName: 'depts', format: 'csv', path: 'depts.csv', options: {} });
    const joined = await h().client.applyTransform({
      sessionId,
      assetName: 'joined',
      sourceJson: JSON.stringify({ join: { left: 'raw', right: [{ name: 'depts', type: 'inner', on: ['raw.department = depts.department'] }] } }),
      inputHandles: { raw: raw.handleId, depts: depts.handleId },
    });
    expect(joined.rowCount).toBe(9);
    const missing = await failure(
      h().client.applyTransform({
        sessionId,
        assetName: 'half',
        sourceJson: JSON.stringify({ join: { left: 'raw', right: [{ name: 'depts', type: 'inner', on: ['raw.department = depts.department'] }] } }),
        inputHandles: { raw: raw.handleId },
      }),
    );
    expect(missing).toMatchObject({ code: 'INVALID_ARGUMENT', details: expect.stringContaining('input_handles has no handle for "depts"') });
    const top = await h().client.applyTransform({
      sessionId,
      assetName: 'top',
      sourceJson: JSON.stringify({ orderBy: { from: 'raw', columns: [{ column: 'salary', direction: 'desc' }] } }),
      inputHandles: { raw: raw.handleId },
    });
    expect(top.rowCount).toBe(12);
    const both = await h().client.applyTransform({
      sessionId,
      assetName: 'both',
      sourceJson: JSON.stringify({ union: { sources: ['raw', 'top'] } }),
      inputHandles: { raw: raw.handleId, top: top.handleId },
    });
    expect(both.rowCount).toBe(24);
    await h().client.closeSession({ sessionId });
  });

  it('chains read -> where -> select -> group_by -> write with exact row counts and file content', async () => {
    const { sessionId } = await h().client.createSession({ backend });
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const raw = await h().client.readInput({ sessionId, assetName: 'raw', format: 'csv', path: 'employees.csv', options: { header: 'true' } });
    expect(raw).toEqual({ sessionId, handleId: expect.any(String), rowCount: 12 });
    const active = await h().client.applyTransform({
      sessionId,
      assetName: 'active',
      sourceJson: JSON.stringify({ where: { from: 'raw', filter: 'salary > 50000' } }),
      inputHandles: { raw: raw.handleId },
    });
    expect(active.rowCount).toBe(7);
    const slim = await h().client.applyTransform({
      sessionId,
      assetName: 'slim',
      sourceJson: '{"select":{"from":"active","columns":["department","salary"]}}',
      inputHandles: { active: active.handleId },
    });
    expect(slim.rowCount).toBe(7);
    const byDept = await h().client.applyTransform({
      sessionId,
      assetName: 'by_dept',
      sourceJson: '{"group_by":{"from":"slim","by":["department"],"agg":["COUNT(*) AS n","SUM(salary) AS total"]}}',
      inputHandles: { slim: slim.handleId },
    });
    expect(byDept.rowCount).toBe(3);
    const path = `out/${backend}/summary.csv`;
    await expect(h().client.writeOutput({ sessionId, handleId: byDept.handleId, format: 'csv', path, mode: 'overwrite' })).resolves.toEqual({
      rowsWritten: 3,
    });
    expect(sortedCsv(readOutput(h(), path))).toBe(EXPECTED_SUMMARY);
    // Mode error (the default) refuses to replace the file; the earlier handles are still usable.
    const exists = await failure(h().client.writeOutput({ sessionId, handleId: byDept.handleId, format: 'csv', path }));
    expect(exists.code).toBe('ALREADY_EXISTS');
    await expect(
      h().client.writeOutput({ sessionId, handleId: raw.handleId, format: 'json', path: `out/${backend}/raw.json`, mode: 'overwrite' }),
    ).resolves.toEqual({ rowsWritten: 12 });
    await h().client.closeSession({ sessionId });
  });

  it('runs ExecutePipeline inside the session: completed, then failed with the error', async () => {
    const { sessionId } = await h().client.createSession({ backend });
    const done = await h().client.executePipeline({ sessionId, yaml: employeesPipeline(`out/${backend}/exec.csv`) });
    expect(done).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'completed', error: '', durationMs: expect.any(Number) });
    expect(done.durationMs).toBeGreaterThanOrEqual(0);
    expect(sortedCsv(readOutput(h(), `out/${backend}/exec.csv`))).toBe(EXPECTED_SUMMARY);

    const missing = await h().client.executePipeline({
      sessionId,
      yaml: employeesPipeline(`out/${backend}/never.csv`).replace('path: employees.csv', 'path: missing.csv'),
    });
    expect(missing.status).toBe('failed');
    expect(missing.error).toContain('missing.csv');
    expect(missing.jobId).not.toBe(done.jobId);

    const invalid = await h().client.executePipeline({ sessionId, yaml: employeesPipeline().replace('from: by_dept', 'from: nope') });
    expect(invalid).toMatchObject({ status: 'failed', error: 'validation failed: V-001: asset "summary" references unknown asset "nope"' });
    await h().client.closeSession({ sessionId });
  });
}
