/**
 * addColumns, dropColumns, renameColumns and castColumns on both backends, through whole
 * pipelines: the same files, in-order evaluation, replacement in place, NULL on a failed cast,
 * and clear refusals.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import { stepPipeline } from '../__fixtures__/step-pipeline';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const DATA = 'id,name,qty,price,code\n1,ann,2,1.5,10\n2,bob,,3.0,x7\n3,cy,4,0.25,\n';

const pipeline = (step: string): string => stepPipeline(step);

const CASES: [string, string, string][] = [
  [
    'addColumns: appended in order, later ones see earlier ones, a same name replaces in place',
    `{ addColumns: { from: raw, columns: [ { name: total, expression: "qty * price" }, { name: big, expression: "coalesce(total, 0) > 4" }, { name: NAME, expression: "upper(name)" } ] } }`,
    'id,name,qty,price,code,total,big\n1,ANN,2,1.5,10,3.0,false\n2,BOB,,3.0,x7,,false\n3,CY,4,0.25,,1.0,false\n',
  ],
  ['dropColumns (names ignore case)', '{ dropColumns: { from: raw, columns: [price, CODE] } }', 'id,name,qty\n1,ann,2\n2,bob,\n3,cy,4\n'],
  ['renameColumns keeps places', '{ renameColumns: { from: raw, mappings: { name: who, qty: quantity } } }', 'id,who,quantity,price,code\n1,ann,2,1.5,10\n2,bob,,3.0,x7\n3,cy,4,0.25,\n'],
  [
    'castColumns: a value that does not convert becomes NULL',
    '{ castColumns: { from: raw, columns: [ { name: code, targetType: INTEGER }, { name: price, targetType: "decimal(6,1)" }, { name: id, targetType: string } ] } }',
    'id,name,qty,price,code\n1,ann,2,1.5,10\n2,bob,,3.0,\n3,cy,4,0.3,\n',
  ],
];

describe.each(BACKENDS)('column kinds on %s', (backend) => {
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

  it('refuses what cannot be done, naming asset, field and columns', async () => {
    const fails = (step: string) => executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend });
    await expect(fails('{ dropColumns: { from: raw, columns: [nope] } }')).rejects.toThrow(
      'asset "step": E-COL-001: columns[0]: column "nope" not found (columns: id, name, qty, price, code)',
    );
    await expect(fails('{ dropColumns: { from: raw, columns: [id, name, qty, price, code] } }')).rejects.toThrow(
      'asset "step": E-SCHEMA-002: columns: dropping every column would leave no column',
    );
    await expect(fails('{ renameColumns: { from: raw, mappings: { name: id } } }')).rejects.toThrow('asset "step": E-NAME-003: duplicate output column "id"');
    await expect(fails('{ renameColumns: { from: raw, mappings: { nme: x } } }')).rejects.toThrow('asset "step": E-COL-001: mappings.nme: column "nme" not found');
    await expect(fails('{ addColumns: { from: raw, columns: [ { name: t, expression: "later + 1" }, { name: later, expression: "1" } ] } }')).rejects.toThrow(
      'asset "step": E-COL-001: columns[0].expression: column "later" not found',
    );
  });
});
