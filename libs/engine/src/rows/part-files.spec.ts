/**
 * An output directory of part files (as Spark writes it) read back on the embedded backends: the
 * parts in write order, the limit and `truncated` across parts, the files beside the parts left
 * alone, and nothing read outside the data root.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempRoot, type TempRoot } from '@pipeline/engine-core/testing';
import type { BackendName } from '@pipeline/engine-core';
import { readOutputRows } from './look';

const out = (path = 'out.csv', format: 'csv' | 'parquet' | 'json' = 'csv') => ({ asset: 'out', format, path, options: { header: 'true' } });

describe.each(['duckdb', 'danfo'] as BackendName[])('%s: rows of a directory of part files', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    // What Spark leaves: numbered parts (one with only a header), a success marker, hidden checksums.
    root.write('out.csv/part-00001-aa-c000.csv', 'id,name,score\n3,Cy,-0.25\n');
    root.write('out.csv/part-00000-aa-c000.csv', 'id,name,score\n1,Ann,1.5\n2,Bo,\n');
    root.write('out.csv/part-00002-aa-c000.csv', 'id,name,score\n');
    root.write('out.csv/_SUCCESS', '');
    root.write('out.csv/.part-00000-aa-c000.csv.crc', 'not,csv\n\u0000');
  });
  afterEach(() => root.cleanup());
  const config = () => ({ dataRoot: root.dir, backend });

  it('reads the parts in order as one relation, typed as one file of the same rows is', async () => {
    const result = await readOutputRows(config(), out(), 10);
    expect(result).toEqual({
      columns: [
        { name: 'id', type: 'long' },
        { name: 'name', type: 'string' },
        { name: 'score', type: 'double' },
      ],
      rows: [
        [1, 'Ann', 1.5],
        [2, 'Bo', null],
        [3, 'Cy', -0.25],
      ],
      truncated: false,
    });
  });

  it('stops at the limit, inside a part or at its end, and says whether rows were left out', async () => {
    expect(await readOutputRows(config(), out(), 1)).toMatchObject({ rows: [[1, 'Ann', 1.5]], truncated: true });
    expect(await readOutputRows(config(), out(), 2)).toMatchObject({ rows: [[1, 'Ann', 1.5], [2, 'Bo', null]], truncated: true });
    expect(await readOutputRows(config(), out(), 3)).toMatchObject({ truncated: false });
    expect(await readOutputRows(config(), out(), 0)).toMatchObject({ rows: [], truncated: true });
  });

  it('reads appended parts after the job\'s own, oldest append first', async () => {
    const older = root.write('out.csv/append-ffff0000-part-00000-bb-c000.csv', 'id,name,score\n4,Di,2\n');
    const newer = root.write('out.csv/append-00000000-part-00000-cc-c000.csv', 'id,name,score\n5,Ed,3\n');
    fs.utimesSync(older, new Date(1_000_000), new Date(1_000_000));
    fs.utimesSync(newer, new Date(2_000_000), new Date(2_000_000));
    const result = await readOutputRows(config(), out(), 10);
    expect(result.rows.map((r) => r[0])).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives the columns of the first part holding rows, and no rows from a directory without parts', async () => {
    fs.renameSync(path.join(root.dir, 'out.csv/part-00002-aa-c000.csv'), path.join(root.dir, 'out.csv/part-0000-first.csv'));
    expect((await readOutputRows(config(), out(), 10)).columns).toEqual([
      { name: 'id', type: 'long' },
      { name: 'name', type: 'string' },
      { name: 'score', type: 'double' },
    ]);
    root.write('empty.csv/_SUCCESS', '');
    expect(await readOutputRows(config(), out('empty.csv'), 10)).toEqual({ columns: [], rows: [], truncated: false });
  });

  it('refuses a part that links out of the data root', async () => {
    const outside = makeTempRoot();
    try {
      outside.write('secret.csv', 'id\n42\n');
      fs.symlinkSync(path.join(outside.dir, 'secret.csv'), path.join(root.dir, 'out.csv/part-00003-zz.csv'));
      await expect(readOutputRows(config(), out(), 10)).rejects.toMatchObject({ code: 'E_PATH_OUTSIDE_ROOT' });
    } finally {
      outside.cleanup();
    }
  });
});
