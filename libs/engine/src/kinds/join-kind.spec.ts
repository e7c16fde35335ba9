/**
 * join on both backends: the seven types, several right targets in turn, qualified conditions,
 * duplicate names kept as `<asset>.<column>`, NULL keys never matching, the same rows in the same
 * order on both backends; clear refusals.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const FILES: Record<string, string> = {
  'emp.csv': 'id,name,dept\n1,ann,10\n2,bob,20\n3,cy,\n4,di,10\n',
  'dept.csv': 'dept,name\n10,eng\n30,ops\n',
  'site.csv': 'dept,city\n10,paris\n10,rome\n30,oslo\n',
};

function pipeline(join: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    ...['emp', 'dept', 'site'].flatMap((n) => [`    - asset_ref: ${n}`, `      source: { input: { format: csv, path: ${n}.csv } }`]),
    '    - asset_ref: j',
    `      source: { join: ${join} }`,
    '    - asset_ref: out',
    '      source: { output: { from: j, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

const ON = '"emp.dept = dept.dept"';
const CASES: [string, string, string][] = [
  ['inner: duplicate names qualified', `{ left: emp, right: [ { name: dept, type: inner, on: [${ON}] } ] }`, 'id,emp.name,emp.dept,dept.dept,dept.name\n1,ann,10,10,eng\n4,di,10,10,eng\n'],
  ['left', `{ left: emp, right: [ { name: dept, type: left, on: [${ON}] } ] }`, 'id,emp.name,emp.dept,dept.dept,dept.name\n1,ann,10,10,eng\n2,bob,20,,\n3,cy,,,\n4,di,10,10,eng\n'],
  ['right', `{ left: emp, right: [ { name: dept, type: right, on: [${ON}] } ] }`, 'id,emp.name,emp.dept,dept.dept,dept.name\n1,ann,10,10,eng\n4,di,10,10,eng\n,,,30,ops\n'],
  ['outer', `{ left: emp, right: [ { name: dept, type: outer, on: [${ON}] } ] }`, 'id,emp.name,emp.dept,dept.dept,dept.name\n1,ann,10,10,eng\n2,bob,20,,\n3,cy,,,\n4,di,10,10,eng\n,,,30,ops\n'],
  ['left_semi keeps left columns', `{ left: emp, right: [ { name: site, type: left_semi, on: ["emp.dept = site.dept"] } ] }`, 'id,name,dept\n1,ann,10\n4,di,10\n'],
  ['left_anti', `{ left: emp, right: [ { name: site, type: left_anti, on: ["emp.dept = site.dept"] } ] }`, 'id,name,dept\n2,bob,20\n3,cy,\n'],
  ['cross', '{ left: dept, right: [ { name: site, type: cross, on: [] } ] }', 'dept.dept,name,site.dept,city\n10,eng,10,paris\n10,eng,10,rome\n10,eng,30,oslo\n30,ops,10,paris\n30,ops,10,rome\n30,ops,30,oslo\n'],
  [
    'several targets in turn, conditions ANDed',
    `{ left: emp, right: [ { name: dept, type: inner, on: [${ON}] }, { name: site, type: left, on: ["emp.dept = site.dept", "site.city != 'rome'"] } ] }`,
    'id,emp.name,emp.dept,dept.dept,dept.name,site.dept,city\n1,ann,10,10,eng,10,paris\n4,di,10,10,eng,10,paris\n',
  ],
];

describe.each(BACKENDS)('join on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    for (const [name, text] of Object.entries(FILES)) root.write(name, text);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, join, expected) => {
    await executePlan(plan(pipeline(join)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('resolves a qualified name in a later step to the joined column of that name, named by its column part', async () => {
    const yaml = pipeline(`{ left: emp, right: [ { name: dept, type: inner, on: [${ON}] } ] }`).replace(
      '    - asset_ref: out\n      source: { output: { from: j,',
      '    - asset_ref: s\n      source: { select: { from: j, columns: [emp.name, "dept.name AS dept_name", j.id] } }\n    - asset_ref: out\n      source: { output: { from: s,',
    );
    await executePlan(plan(yaml), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('name,dept_name,id\nann,eng,1\ndi,eng,4\n');
  });

  it.each([
    ['*', 'id,emp.name,emp.dept,dept.dept,dept.name\n1,ann,10,10,eng\n4,di,10,10,eng\n'],
    ['j.*', 'id,emp.name,emp.dept,dept.dept,dept.name\n1,ann,10,10,eng\n4,di,10,10,eng\n'],
    ['emp.*', 'id,name,dept\n1,ann,10\n4,di,10\n'],
    ['"dept.*", "emp.id AS emp_id"', 'dept,name,emp_id\n10,eng,1\n10,eng,4\n'],
  ])('selects %s from a join', async (columns, expected) => {
    const yaml = pipeline(`{ left: emp, right: [ { name: dept, type: inner, on: [${ON}] } ] }`).replace(
      '    - asset_ref: out\n      source: { output: { from: j,',
      `    - asset_ref: s\n      source: { select: { from: j, columns: [${columns.startsWith('"') ? columns : `"${columns}"`}] } }\n    - asset_ref: out\n      source: { output: { from: s,`,
    );
    await executePlan(plan(yaml), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('refuses an asset.* that names no input of the join', async () => {
    const yaml = pipeline(`{ left: emp, right: [ { name: dept, type: inner, on: [${ON}] } ] }`).replace(
      '    - asset_ref: out\n      source: { output: { from: j,',
      '    - asset_ref: s\n      source: { select: { from: j, columns: ["site.*"] } }\n    - asset_ref: out\n      source: { output: { from: s,',
    );
    await expect(executePlan(plan(yaml), { dataRoot: root.dir, backend })).rejects.toThrow(
      'asset "s": E-COL-001: columns: column "site.*" not found (columns: id, emp.name, emp.dept, dept.dept, dept.name)',
    );
  });

  it('refuses an unqualified condition column and an asset joined twice', async () => {
    const fails = (join: string) => executePlan(plan(pipeline(join)), { dataRoot: root.dir, backend });
    // Validation refuses it first (V-009), before anything runs.
    expect(() => plan(pipeline('{ left: emp, right: [ { name: dept, type: inner, on: ["dept = dept"] } ] }'))).toThrow(
      'V-009: asset "j": right[0].on[0]: column "dept" must be qualified by its asset\'s name in a join condition (for example left.dept = right.dept) at column 1',
    );
    await expect(fails(`{ left: emp, right: [ { name: dept, type: inner, on: [${ON}] }, { name: dept, type: inner, on: [${ON}] } ] }`)).rejects.toThrow(
      'asset "j": right: asset "dept" is joined twice',
    );
  });
});
