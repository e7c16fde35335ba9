/**
 * order_by, distinct, limit, offset and tail on both backends: whole pipelines (DuckDB streams
 * them as views) and session-style steps give the same files, over data with NULLs, duplicates,
 * ties and an empty input; the DuckDB SQL is pinned.
 */
import { makeTempRoot, plan, type TempRoot, input } from '@pipeline/engine-core/testing';
import { createBackend, executePlan, type BackendName } from '../index';
import { bindSource } from '@pipeline/engine-core';
import { DUCKDB_KINDS, type DuckDbKind } from '@pipeline/engine-duckdb';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];

// seq gives the input position; ties on (k) and NULLs in k and v; duplicate rows (2 and 5, 3 and 6).
const DATA = ['seq,k,v', '1,b,10', '2,a,', '3,,7', '4,a,3', '5,a,', '6,,7', '7,c,10', ''].join('\n');

function pipeline(step: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: raw',
    '      source: { input: { format: csv, path: data.csv } }',
    '    - asset_ref: slim',
    '      source: { select: { from: raw, columns: [k, v, seq] } }',
    '    - asset_ref: step',
    `      source: ${step}`,
    '    - asset_ref: out',
    '      source: { output: { from: step, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

/** Rows of the written CSV as `k|v|seq` texts, in file order. */
async function run(root: TempRoot, backend: BackendName, step: string, data = DATA): Promise<string[]> {
  root.write('data.csv', data);
  await executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
  const [header, ...rows] = root.read('out.csv').trimEnd().split('\n');
  expect(header).toBe('k,v,seq');
  return rows.filter((r) => r !== '').map((r) => r.replace(/,/g, '|'));
}

const CASES: [string, string, string[]][] = [
  ['order by k (NULLs last, ties keep input order)', '{ orderBy: { from: slim, columns: [k] } }', ['a||2', 'a|3|4', 'a||5', 'b|10|1', 'c|10|7', '|7|3', '|7|6']],
  [
    'order by v desc nulls first, then k',
    '{ order_by: { from: slim, columns: [{ column: v, direction: desc, nulls: first }, k] } }',
    ['a||2', 'a||5', 'b|10|1', 'c|10|7', '|7|3', '|7|6', 'a|3|4'],
  ],
  ['order by K (case-insensitive name) desc', '{ orderBy: { from: slim, columns: [{ column: K, direction: desc }] } }', ['c|10|7', 'b|10|1', 'a||2', 'a|3|4', 'a||5', '|7|3', '|7|6']],
  ['distinct on k: the first row of each, in input order', '{ distinct: { from: slim, columns: [k] } }', ['b|10|1', 'a||2', '|7|3', 'c|10|7']],
  ['distinct on k and v (NULLs equal)', '{ distinct: { from: slim, columns: [k, v] } }', ['b|10|1', 'a||2', '|7|3', 'a|3|4', 'c|10|7']],
  ['limit 3', '{ limit: { from: slim, count: 3 } }', ['b|10|1', 'a||2', '|7|3']],
  ['limit 0', '{ limit: { from: slim, count: 0 } }', []],
  ['limit beyond the rows', '{ limit: { from: slim, count: 100 } }', ['b|10|1', 'a||2', '|7|3', 'a|3|4', 'a||5', '|7|6', 'c|10|7']],
  ['offset 5', '{ offset: { from: slim, count: 5 } }', ['|7|6', 'c|10|7']],
  ['offset beyond the rows', '{ offset: { from: slim, count: 50 } }', []],
  ['tail 2', '{ tail: { from: slim, count: 2 } }', ['|7|6', 'c|10|7']],
  ['tail 0', '{ tail: { from: slim, count: 0 } }', []],
  ['tail beyond the rows', '{ tail: { from: slim, count: 9 } }', ['b|10|1', 'a||2', '|7|3', 'a|3|4', 'a||5', '|7|6', 'c|10|7']],
];

describe.each(BACKENDS)('row kinds on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, step, expected) => {
    expect(await run(root, backend, step)).toEqual(expected);
  });

  it('keeps order through later steps: order, then limit, then tail', async () => {
    const yaml = pipeline('{ orderBy: { from: slim, columns: [{ column: seq, direction: desc }] } }').replace(
      "    - asset_ref: out\n      source: { output: { from: step,",
      [
        '    - asset_ref: top',
        '      source: { limit: { from: step, count: 4 } }',
        '    - asset_ref: last',
        '      source: { tail: { from: top, count: 2 } }',
        '    - asset_ref: out',
        '      source: { output: { from: last,',
      ].join('\n'),
    );
    root.write('data.csv', DATA);
    await executePlan(plan(yaml), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('k,v,seq\na,,5\na,3,4\n');
  });

  it('gives an empty dataset with the same columns on an empty input', async () => {
    for (const step of ['{ orderBy: { from: slim, columns: [k] } }', '{ distinct: { from: slim } }', '{ tail: { from: slim, count: 1 } }']) {
      expect(await run(root, backend, step, 'seq,k,v\n')).toEqual([]);
    }
  });

  it('names the field and the columns when a sort or distinct column does not exist', async () => {
    root.write('data.csv', DATA);
    await expect(executePlan(plan(pipeline('{ orderBy: { from: slim, columns: [nope] } }')), { dataRoot: root.dir, backend })).rejects.toThrow(
      'asset "step": E-COL-001: columns[0]: column "nope" not found (columns: k, v, seq)',
    );
    await expect(executePlan(plan(pipeline('{ distinct: { from: slim, columns: [k, zz] } }')), { dataRoot: root.dir, backend })).rejects.toThrow(
      'asset "step": E-COL-001: columns[1]: column "zz" not found (columns: k, v, seq)',
    );
  });

  it('applies each kind to a session handle (Backend.apply)', async () => {
    root.write('data.csv', DATA);
    const b = await createBackend(backend, { dataRoot: root.dir });
    try {
      const raw = await b.readInput('raw', input('data.csv'));
      const sorted = await b.apply('s', { kind: 'order_by', from: 'raw', columns: [{ column: 'v', direction: 'desc', nulls: 'last' }] }, { raw: raw.id });
      const top = await b.apply('t', { kind: 'limit', from: 's', count: 2 }, { s: sorted.id });
      expect(top.rowCount).toBe(2);
      const unique = await b.apply('u', { kind: 'distinct', from: 'raw' }, { raw: raw.id });
      expect(unique.rowCount).toBe(7);
      const rest = await b.apply('o', { kind: 'offset', from: 'raw', count: 6 }, { raw: raw.id });
      expect(rest.rowCount).toBe(1);
      expect((await b.apply('e', { kind: 'tail', from: 'raw', count: 3 }, { raw: raw.id })).rowCount).toBe(3);
    } finally {
      await b.close();
    }
  });
});

describe('DuckDB SQL of the row kinds', () => {
  const columns = [
    { name: 'k', type: 'string' as const },
    { name: '__seq', type: 'long' as const },
  ];
  const upstream = [{ asset: 'in', columns }];
  const sqlOf = (source: Parameters<typeof bindSource>[1]): string => {
    const kind = DUCKDB_KINDS[source.kind] as DuckDbKind<typeof source.kind>;
    return kind.sql(bindSource('s', source, upstream) as never, ['"in"']);
  };

  it('numbers rows to keep sorting stable and distinct first-in-order (helper column avoids taken names)', () => {
    expect(sqlOf({ kind: 'order_by', from: 'in', columns: [{ column: 'k', direction: 'desc', nulls: 'first' }] })).toBe(
      'SELECT "k", "__seq" FROM (SELECT *, row_number() OVER () AS "__seq_1" FROM "in") ORDER BY "k" DESC NULLS FIRST, "__seq_1"',
    );
    expect(sqlOf({ kind: 'distinct', from: 'in', columns: ['K'] })).toBe(
      'SELECT "k", "__seq" FROM (SELECT *, row_number() OVER () AS "__seq_1" FROM "in") QUALIFY row_number() OVER (PARTITION BY "k" ORDER BY "__seq_1") = 1 ORDER BY "__seq_1"',
    );
  });

  it('writes counts as integer literals', () => {
    expect(sqlOf({ kind: 'limit', from: 'in', count: 5 })).toBe('SELECT * FROM "in" LIMIT 5');
    expect(sqlOf({ kind: 'offset', from: 'in', count: 0 })).toBe('SELECT * FROM "in" OFFSET 0');
    expect(sqlOf({ kind: 'tail', from: 'in', count: 2 })).toBe('SELECT * FROM "in" OFFSET greatest((SELECT count(*) FROM "in") - 2, 0)');
  });
});
