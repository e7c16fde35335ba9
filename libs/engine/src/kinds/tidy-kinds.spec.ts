/**
 * conditional, fillNa, dropNa and replace on both backends: the same files, with NULLs, type
 * matching when no columns are named, and clear refusals.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { stepPipeline } from '../__fixtures__/step-pipeline';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const DATA = 'id,name,amount,active\n1,ann,1500,true\n2,,50,\n3,N/A,,false\n4,bob,300,true\n';

const pipeline = (step: string): string => stepPipeline(step);

const CASES: [string, string, string][] = [
  [
    'conditional: the first matching branch, else otherwise',
    `{ conditional: { from: raw, outputColumn: size, branches: [ { condition: "amount > 1000", value: "'large'" }, { condition: "amount > 100", value: "'medium'" } ], otherwise: "'small'" } }`,
    'id,name,amount,active,size\n1,ann,1500,true,large\n2,,50,,small\n3,N/A,,false,small\n4,bob,300,true,medium\n',
  ],
  [
    'conditional without otherwise is NULL; an existing name is replaced in place',
    `{ conditional: { from: raw, outputColumn: NAME, branches: [ { condition: "active", value: "upper(name)" } ] } }`,
    'id,name,amount,active\n1,ANN,1500,true\n2,,50,\n3,,,false\n4,BOB,300,true\n',
  ],
  ['fillNa with one value fills the columns of its type', '{ fillNa: { from: raw, value: "unknown" } }', 'id,name,amount,active\n1,ann,1500,true\n2,unknown,50,\n3,N/A,,false\n4,bob,300,true\n'],
  ['fillNa per column', '{ fillNa: { from: raw, values: { amount: 0, active: false } } }', 'id,name,amount,active\n1,ann,1500,true\n2,,50,false\n3,N/A,0,false\n4,bob,300,true\n'],
  ['fillNa with named columns', '{ fill_na: { from: raw, columns: [amount], value: -1 } }', 'id,name,amount,active\n1,ann,1500,true\n2,,50,\n3,N/A,-1,false\n4,bob,300,true\n'],
  ['dropNa any (default) over every column', '{ dropNa: { from: raw } }', 'id,name,amount,active\n1,ann,1500,true\n4,bob,300,true\n'],
  ['dropNa all over named columns', '{ dropNa: { from: raw, columns: [name, active], how: all } }', 'id,name,amount,active\n1,ann,1500,true\n3,N/A,,false\n4,bob,300,true\n'],
  ['dropNa minNonNulls', '{ dropNa: { from: raw, minNonNulls: 4 } }', 'id,name,amount,active\n1,ann,1500,true\n4,bob,300,true\n'],
  [
    'replace in named columns (NULL stays NULL)',
    `{ replace: { from: raw, columns: [name], mappings: [ { old: "N/A", new: unknown }, { old: bob, new: Bob } ] } }`,
    'id,name,amount,active\n1,ann,1500,true\n2,,50,\n3,unknown,,false\n4,Bob,300,true\n',
  ],
  ['replace without columns: the columns its values fit', '{ replace: { from: raw, mappings: [ { old: 50, new: 55 } ] } }', 'id,name,amount,active\n1,ann,1500,true\n2,,55,\n3,N/A,,false\n4,bob,300,true\n'],
];

describe.each(BACKENDS)('tidying kinds on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('data.csv', DATA);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, step, expected) => {
    await executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('names the asset and field of what cannot be done', async () => {
    const fails = (step: string) => executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    await expect(fails('{ fillNa: { from: raw, columns: [active], value: 3 } }')).rejects.toThrow(/^asset "step": E-EXPR-001: value: /);
    await expect(fails('{ dropNa: { from: raw, columns: [nope] } }')).rejects.toThrow('asset "step": E-COL-001: columns[0]: column "nope" not found');
    await expect(fails(`{ conditional: { from: raw, outputColumn: x, branches: [ { condition: "amount > 1", value: "name" }, { condition: "active", value: "amount" } ] } }`)).rejects.toThrow(
      /^asset "step": E-EXPR-001: branches: /,
    );
  });
});
