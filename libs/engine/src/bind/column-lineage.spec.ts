/**
 * Column lineage of whole runs (spec 18.9): a join, a filter, added columns and an aggregate on
 * both backends give the same lineage, asserted exactly: each output column's input columns with
 * OpenLineage's transformation types, and the row-wide dependencies.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';
import type { ColumnOrigin } from '@pipeline/engine-core';

const FILES: Record<string, string> = {
  'orders.csv': 'id,customer,amount,discount\n1,7,10.5,1\n2,8,20,0\n3,7,5,0\n',
  'customers.csv': 'customer,country,vip\n7,fr,true\n8,de,false\n',
};

const PIPELINE = [
  'version: "3.0"',
  'input:',
  '  - { name: orders, format: csv, path: orders.csv }',
  '  - { name: customers, format: csv, path: customers.csv }',
  'transformation:',
  '  - name: joined',
  '    join: { left: orders, right: [ { name: customers, type: inner, on: ["orders.customer = customers.customer"] } ] }',
  '  - name: net',
  '    addColumns: { from: joined, columns: [ { name: net, expression: "amount - discount" }, { name: label, expression: "CASE WHEN vip THEN upper(country) ELSE country END" } ] }',
  '  - name: big',
  '    where: { from: net, filter: "net > 1" }',
  '  - name: totals',
  '    group: { from: big, by: [country], agg: ["sum(net) AS total", "max(label) AS label", "count(*) AS n"] }',
  'output:',
  '  - { name: totals, format: csv, path: totals.csv, mode: overwrite }',
].join('\n');

const o = (asset: string, column: string, type: ColumnOrigin['type'], subtype: ColumnOrigin['subtype']): ColumnOrigin => ({ asset, column, type, subtype });

describe.each<BackendName>(['duckdb', 'danfo'])('column lineage on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    for (const [name, text] of Object.entries(FILES)) root.write(name, text);
  });
  afterEach(() => root.cleanup());

  it('follows a join, added columns, a filter and an aggregate back to the input columns', async () => {
    const result = await executePlan(plan(PIPELINE), { dataRoot: root.dir, backend });
    expect(result.lineage).toEqual({
      inputs: [
        {
          asset: 'orders',
          columns: [
            { name: 'id', type: 'long' },
            { name: 'customer', type: 'long' },
            { name: 'amount', type: 'double' },
            { name: 'discount', type: 'long' },
          ],
        },
        {
          asset: 'customers',
          columns: [
            { name: 'customer', type: 'long' },
            { name: 'country', type: 'string' },
            { name: 'vip', type: 'boolean' },
          ],
        },
      ],
      outputs: [
        {
          ref: 'output_totals',
          asset: 'totals',
          columns: [
            { name: 'country', type: 'string' },
            { name: 'total', type: 'double' },
            { name: 'label', type: 'string' },
            { name: 'n', type: 'long' },
          ],
          fields: {
            country: [o('customers', 'country', 'DIRECT', 'IDENTITY')],
            total: [o('orders', 'amount', 'DIRECT', 'AGGREGATION'), o('orders', 'discount', 'DIRECT', 'AGGREGATION')],
            label: [o('customers', 'vip', 'INDIRECT', 'CONDITIONAL'), o('customers', 'country', 'DIRECT', 'AGGREGATION')],
            n: [],
          },
          dataset: [
            o('orders', 'customer', 'INDIRECT', 'JOIN'),
            o('customers', 'customer', 'INDIRECT', 'JOIN'),
            o('orders', 'amount', 'INDIRECT', 'FILTER'),
            o('orders', 'discount', 'INDIRECT', 'FILTER'),
            o('customers', 'country', 'INDIRECT', 'GROUP_BY'),
          ],
        },
      ],
    });
  });
});
