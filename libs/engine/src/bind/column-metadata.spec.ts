/** E-META-004 (spec 18.4): an input's column metadata must describe columns of the dataset, on every backend. */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];

function doc(columns: string): string {
  return [
    'version: "3.0"',
    'input:',
    '  - name: customers',
    '    format: csv',
    '    path: c.csv',
    '    columns:',
    ...columns.split('\n').map((l) => `      ${l}`),
    'output:',
    '  - name: customers',
    '    format: csv',
    '    path: out.csv',
    '    mode: overwrite',
  ].join('\n');
}

describe.each(BACKENDS)('column metadata on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('c.csv', 'customer_id,email\n1,a@x\n');
  });
  afterEach(() => root.cleanup());
  const run = (columns: string) => executePlan(plan(doc(columns)), { dataRoot: root.dir, backend });

  it('runs when every described column is one of the dataset (any case)', async () => {
    await run('- name: customer_id\n  constraints: [not_null]\n- name: EMAIL\n  tags: [pii]');
    expect(root.read('out.csv')).toBe('customer_id,email\n1,a@x\n');
  });

  it('fails with E-META-004 naming the column the dataset lacks', async () => {
    await expect(run('- name: customer_id\n- name: created_at\n  description: when')).rejects.toThrow(
      'asset "customers": E-META-004: columns[1].name: the column metadata describes column "created_at", which the dataset of c.csv does not have (columns: customer_id, email)',
    );
    expect(root.exists('out.csv')).toBe(false);
  });
});
