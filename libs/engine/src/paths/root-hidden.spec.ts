/**
 * No error message or detail may reveal where the server keeps its data: every failure that
 * touches the file system, on both backends, is checked for the data root's absolute path (as
 * configured through a symbolic link, and canonical).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EMPLOYEES_CSV, makeTempRoot, plan, type TempRoot, input, output } from '@pipeline/engine-core/testing';
import { createBackend } from '../create-backend';
import {
  type EngineError,
  hideDataRoots,
  hideInMessages,
  internalError,
  isEngineError,
  toPlainError,
  type BackendName,
} from '@pipeline/engine-core';
import { executePlan } from '../execute-plan';

const pipeline = (inPath: string, outPath: string, format = 'csv', mode = 'overwrite'): string => `version: "3.0"
pipeline:
  name: t
  assets:
    - asset_ref: raw
      source: { input: { format: ${format}, path: "${inPath}" } }
    - asset_ref: o
      source: { output: { from: raw, format: csv, path: "${outPath}", mode: ${mode} } }
`;

describe.each(['duckdb', 'danfo'] as BackendName[])('%s: errors never contain the data root', (backend) => {
  let root: TempRoot;
  let linked: string;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('employees.csv', EMPLOYEES_CSV);
    root.write('out', 'a file where a folder is expected');
    root.write('taken.csv', 'x\n1\n');
    root.write('bad.parquet', 'not parquet at all');
    root.write('ragged.json', '{"a": 1}\n{"a": \n');
    fs.mkdirSync(path.join(root.dir, 'folder.csv'));
    fs.symlinkSync('/etc', path.join(root.dir, 'escape'));
    // The root as configured goes through a link, so both spellings must be hidden.
    linked = `${root.dir}-link`;
    fs.symlinkSync(root.dir, linked);
  });
  afterEach(() => {
    fs.rmSync(linked, { force: true });
    root.cleanup();
  });

  const expectHidden = (e: unknown): void => {
    const plain = toPlainError(e);
    const text = `${plain.message} ${JSON.stringify(plain.details ?? {})} ${(e as Error).message}`;
    expect(text).not.toContain(root.dir);
    expect(text).not.toContain(linked);
  };

  it.each([
    ['an output folder blocked by a file', pipeline('employees.csv', 'out/o.csv'), 'E_WRITE_FAILED'],
    ['an output under a file', pipeline('employees.csv', 'taken.csv/o.csv'), 'E_WRITE_FAILED'],
    ['an output onto a folder', pipeline('employees.csv', 'folder.csv'), 'E_WRITE_FAILED'],
    ['an existing output in mode error', pipeline('employees.csv', 'taken.csv', 'csv', 'error'), 'E_OUTPUT_EXISTS'],
    ['a missing input', pipeline('missing.csv', 'o.csv'), 'E_FILE_NOT_FOUND'],
    ['an input that is a folder', pipeline('folder.csv', 'o.csv'), 'E_READ_FAILED'],
    ['an input through a link out of the root', pipeline('escape/hostname', 'o.csv'), 'E_PATH_OUTSIDE_ROOT'],
    ['an output through a link out of the root', pipeline('employees.csv', 'escape/o.csv'), 'E_PATH_OUTSIDE_ROOT'],
    ['a malformed JSON input', pipeline('ragged.json', 'o.csv', 'json'), 'E_READ_FAILED'],
    ['an absolute path outside the root', pipeline('/etc/hostname', 'o.csv'), 'E_PATH_OUTSIDE_ROOT'],
  ])('%s', async (_what, yaml, code) => {
    let caught: unknown;
    await executePlan(plan(yaml), { dataRoot: linked, backend }).catch((e: unknown) => (caught = e));
    expect(isEngineError(caught)).toBe(true);
    expect((caught as EngineError).code).toBe(code);
    expectHidden(caught);
  });

  it('reading parquet that is not parquet, inspect and a session write', async () => {
    const b = await createBackend(backend, { dataRoot: linked });
    try {
      for (const p of [
        b.readInput('p', input('bad.parquet', 'parquet')),
        b.inspect(input('folder.csv')),
        b.inspect(input('nope/x.csv')),
        b.readInput('raw', input('employees.csv')).then((h) => b.write(h.id, 'o', output('out/x.csv'))),
      ]) {
        const e = await p.then(
          () => new Error('expected a failure'),
          (err: unknown) => err,
        );
        expect(isEngineError(e)).toBe(true);
        expectHidden(e);
      }
    } finally {
      await b.close();
    }
  });
});

describe('hideDataRoots', () => {
  it('turns paths below a registered root relative and the root itself into <data root>', () => {
    hideInMessages('/srv/some-data/');
    expect(hideDataRoots("EEXIST: file already exists, mkdir '/srv/some-data/out'")).toBe("EEXIST: file already exists, mkdir 'out'");
    expect(hideDataRoots('cannot list /srv/some-data')).toBe('cannot list <data root>');
    expect(internalError('at /srv/some-data/x').message).toBe('at x');
    expect(toPlainError(new Error('boom /srv/some-data/y')).message).toBe('internal engine error: boom y');
  });
});
