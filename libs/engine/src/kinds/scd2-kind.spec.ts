/**
 * scd2 on both backends over several runs: the output of one run is the `current` of the next, as
 * a user rewrites the dimension file. The run's timestamp is the same in every row it opens or
 * closes; tests replace it by NOW after checking that it is one value, within the run.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { failure } from '../__fixtures__/failure';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const HEADER = 'id,name,city,valid_from,valid_to,is_current\n';

function pipeline(scd2 = '{ current: dim, incoming: snap, keyColumns: [id], trackColumns: [name, city], startDateColumn: valid_from, endDateColumn: valid_to, currentFlagColumn: is_current }'): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: dim',
    '      source: { input: { format: csv, path: dim.csv } }',
    '    - asset_ref: snap',
    '      source: { input: { format: csv, path: snap.csv } }',
    '    - asset_ref: history',
    `      source: { scd2: ${scd2} }`,
    '    - asset_ref: out',
    '      source: { output: { from: history, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

/** The output with the run's timestamp (the one not in `before`) written NOW; fails unless there is at most one, within the run. */
function withNow(output: string, before: string, from: number, to: number): string {
  const stamps = new Set([...output.matchAll(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?/g)].map((m) => m[0]).filter((s) => !before.includes(s)));
  expect(stamps.size).toBeLessThanOrEqual(1);
  for (const stamp of stamps) {
    const at = Date.parse(`${stamp.replace(' ', 'T')}Z`);
    expect(at).toBeGreaterThanOrEqual(Math.floor(from / 1000) * 1000 - 1000);
    expect(at).toBeLessThanOrEqual(to + 1000);
    output = output.split(stamp).join('NOW');
  }
  return output;
}

describe.each(BACKENDS)('scd2 on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
  });
  afterEach(() => root.cleanup());

  /** Runs the pipeline over `dim` and `snap`; returns the output with NOW for the run's timestamp. */
  async function run(dim: string, snap: string, yaml = pipeline()): Promise<string> {
    root.write('dim.csv', dim);
    root.write('snap.csv', snap);
    const from = Date.now();
    await executePlan(plan(yaml), { dataRoot: root.dir, backend });
    return withNow(root.read('out.csv'), dim, from, Date.now());
  }

  it('opens every row of the first snapshot over a header-only dimension', async () => {
    expect(await run(HEADER, 'id,name,city\n1,ann,paris\n2,bob,rome\n')).toBe(`${HEADER}1,ann,paris,NOW,,true\n2,bob,rome,NOW,,true\n`);
  });

  it('closes changed rows, opens their new version and new keys, keeps the rest; a rerun changes nothing', async () => {
    const dim = `${HEADER}1,ann,paris,2024-01-01 00:00:00,,true\n2,bob,rome,2024-01-01 00:00:00,,true\n3,cy,oslo,2023-01-01 00:00:00,2024-01-01 00:00:00,false\n3,cy,bern,2024-01-01 00:00:00,,true\n`;
    const snap = 'id,name,city\n2,bob,milan\n1,ann,paris\n4,di,lima\n';
    const once = await run(dim, snap);
    expect(once).toBe(
      `${HEADER}1,ann,paris,2024-01-01 00:00:00,,true\n2,bob,rome,2024-01-01 00:00:00,NOW,false\n3,cy,oslo,2023-01-01 00:00:00,2024-01-01 00:00:00,false\n3,cy,bern,2024-01-01 00:00:00,,true\n2,bob,milan,NOW,,true\n4,di,lima,NOW,,true\n`,
    );
    // The user writes the output back as the dimension and runs the same snapshot again.
    const written = root.read('out.csv');
    expect(await run(written, snap)).toBe(written);
  });

  it('tracks only trackColumns, compares NULLs as values and matches NULL key parts', async () => {
    const dim = `${HEADER}1,ann,,2024-01-01 00:00:00,,true\n,nobody,x,2024-01-01 00:00:00,,true\n`;
    const snap = 'id,name,city\n1,ANN,\n,nobody,x\n';
    const yaml = pipeline('{ current: dim, incoming: snap, keyColumns: [id], trackColumns: [city], startDateColumn: valid_from, endDateColumn: valid_to, currentFlagColumn: is_current }');
    expect(await run(dim, snap, yaml)).toBe(dim);
    expect(await run(dim, 'id,name,city\n1,ann,lima\n', yaml)).toBe(`${HEADER}1,ann,,2024-01-01 00:00:00,NOW,false\n,nobody,x,2024-01-01 00:00:00,,true\n1,ann,lima,NOW,,true\n`);
  });

  it('keeps an empty dimension empty for an empty snapshot', async () => {
    expect(await run(HEADER, 'id,name,city\n')).toBe(HEADER);
  });

  it('refuses a key twice in the snapshot, and twice among open rows, alike on both backends', async () => {
    root.write('dim.csv', HEADER);
    root.write('snap.csv', 'id,name,city\n1,a,x\n1,b,y\n');
    expect(await failure(executePlan(plan(pipeline()), { dataRoot: root.dir, backend }))).toEqual({
      code: 'E_VALUE',
      message: 'asset "history": keyColumns: incoming asset "snap" has several rows with the same keyColumns (a snapshot holds each key once)',
    });
    root.write('dim.csv', `${HEADER}1,a,x,2024-01-01 00:00:00,,true\n1,b,y,2024-01-01 00:00:00,,true\n`);
    root.write('snap.csv', 'id,name,city\n1,a,x\n');
    expect(await failure(executePlan(plan(pipeline()), { dataRoot: root.dir, backend }))).toEqual({
      code: 'E_VALUE',
      message: 'asset "history": keyColumns: current asset "dim" has several open rows (currentFlagColumn true) with the same keyColumns',
    });
  });

  it('refuses inputs whose columns do not line up', async () => {
    const fails = async (dim: string, snap: string) => {
      root.write('dim.csv', dim);
      root.write('snap.csv', snap);
      return failure(executePlan(plan(pipeline()), { dataRoot: root.dir, backend }));
    };
    expect(await fails('id,name,city,valid_from,valid_to\n', 'id,name,city\n')).toMatchObject({
      code: 'E_COLUMN_NOT_FOUND',
      message: 'asset "history": E-COL-001: currentFlagColumn: column "is_current" not found (columns: id, name, city, valid_from, valid_to)',
    });
    expect(await fails(`${HEADER.trim()},extra\n`, 'id,name,city\n')).toMatchObject({
      code: 'E_SCHEMA_MISMATCH',
      message: 'asset "history": current: current asset "dim" has columns incoming asset "snap" lacks: extra',
    });
    expect(await fails(HEADER, 'id,name,city,valid_to\n')).toMatchObject({
      code: 'E_SCHEMA_MISMATCH',
      message: 'asset "history": endDateColumn: incoming asset "snap" already has a column "valid_to"; scd2 adds the history columns itself',
    });
    expect(await fails(`${HEADER}1,a,x,2024-01-01,,true\n`, 'id,name,city\n2024-01-01,a,x\n')).toMatchObject({
      code: 'E_SCHEMA_MISMATCH',
      message: 'asset "history": current: column "id" is long in current asset "dim" and date in incoming asset "snap"',
    });
    // Text read back from an earlier run is cast to the other side's type; a value that is not one fails the job.
    const cast = await fails(`${HEADER}1,a,x,2024-01-01,,true\n`, 'id,name,city\n1,a,true\n');
    expect(cast.code).toBe('E_TYPE');
    expect(cast.message).toMatch(/^asset "history": .*'?x'? .*(BOOL|boolean)/);
  });
});
