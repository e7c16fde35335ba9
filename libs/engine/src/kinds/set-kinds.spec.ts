/**
 * union, intersect and except on both backends: positional and by name, missing columns, type
 * widening, duplicates and NULLs, ALL and DISTINCT, results in input order; clear refusals.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];

const FILES: Record<string, string> = {
  // k is text, v an integer; duplicates (x,1) and (,) rows.
  'a.csv': 'k,v\nx,1\ny,2\nx,1\n,\nz,3\n',
  // v has a fraction here: the union widens it to double.
  'b.csv': 'k,v\ny,2.0\nx,1\n,\nw,9.5\n',
  // same columns as a, other order; an extra column e.
  'c.csv': 'v,k,e\n2,y,true\n7,q,false\n',
};

function pipeline(step: string, inputs = ['a', 'b', 'c']): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    ...inputs.flatMap((name) => [`    - asset_ref: ${name}`, `      source: { input: { format: csv, path: ${name}.csv } }`]),
    '    - asset_ref: step',
    `      source: ${step}`,
    '    - asset_ref: out',
    '      source: { output: { from: step, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

async function run(root: TempRoot, backend: BackendName, step: string): Promise<string> {
  await executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
  return root.read('out.csv');
}

const CASES: [string, string, string][] = [
  ['union (all by default) widens v to double, in input order', '{ union: { sources: [a, b] } }', 'k,v\nx,1.0\ny,2.0\nx,1.0\n,\nz,3.0\ny,2.0\nx,1.0\n,\nw,9.5\n'],
  ['union without duplicates keeps first occurrences', '{ union: { sources: [a, b], all: false } }', 'k,v\nx,1.0\ny,2.0\n,\nz,3.0\nw,9.5\n'],
  ['union by name with a missing column', '{ union: { sources: [a, c], byName: true, allowMissingColumns: true } }', 'k,v,e\nx,1,\ny,2,\nx,1,\n,,\nz,3,\ny,2,true\nq,7,false\n'],
  ['intersect (distinct by default), NULLs equal', '{ intersect: { sources: [a, b] } }', 'k,v\nx,1.0\ny,2.0\n,\n'],
  ['intersect all keeps the smaller count', '{ intersect: { sources: [a, b], all: true } }', 'k,v\nx,1.0\ny,2.0\n,\n'],
  ['intersect of three inputs by name', '{ intersect: { sources: [a, b, c], byName: true, allowMissingColumns: true } }', 'k,v,e\n'],
  ['except (distinct by default)', '{ except: { left: a, right: b } }', 'k,v\nz,3.0\n'],
  ['except all removes one left row per right row', '{ except: { left: a, right: b, all: true } }', 'k,v\nx,1.0\nz,3.0\n'],
];

describe.each(BACKENDS)('set operations on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    for (const [name, text] of Object.entries(FILES)) root.write(name, text);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, step, expected) => {
    expect(await run(root, backend, step)).toBe(expected);
  });

  it('refuses inputs that do not line up, naming the assets and columns', async () => {
    await expect(run(root, backend, '{ union: { sources: [a, c] } }')).rejects.toThrow(
      'asset "step": E-SCHEMA-001: union: the inputs have different numbers of columns: a has 2 (k, v), c has 3 (v, k, e) (match them by name with byName: true)',
    );
    await expect(run(root, backend, '{ union: { sources: [a, c], byName: true } }')).rejects.toThrow(
      'asset "step": E-SCHEMA-001: union: the inputs do not have the same columns: c has e that a lacks (allowMissingColumns: true fills them with NULL)',
    );
    root.write('t.csv', 'k,v\nx,2024-01-01\n');
    await expect(
      executePlan(plan(pipeline('{ except: { left: a, right: t } }', ['a', 't'])), { dataRoot: root.dir, backend }),
    ).rejects.toThrow('asset "step": E-SCHEMA-001: except: column "v" cannot be combined: it is long in a but date in t');
  });

  it('matches positional inputs by position, whatever their names', async () => {
    root.write('p.csv', 'name,value\nx,1\n');
    await executePlan(plan(pipeline('{ except: { left: a, right: p } }', ['a', 'p'])), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('k,v\ny,2\n,\nz,3\n');
  });
});
