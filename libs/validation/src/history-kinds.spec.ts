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

describe('merge (spec 8.37)', () => {
  const SPEC = [
    '- name: mergedCustomers',
    '  merge:',
    '    target: existingCustomers',
    '    source: newData',
    '    on:',
    '      - "existingCustomers.id = newData.id"',
    '    whenMatched:',
    '      - action: update',
    '        condition: "existingCustomers.updated_at < newData.updated_at"',
    '        set:',
    '          name: "newData.name"',
    '          email: "newData.email"',
    '          updated_at: "current_timestamp()"',
    '    whenNotMatched:',
    '      - action: insert',
    '        star: true',
  ].join('\n');
  const variant = (from: string, to: string): string => {
    if (!SPEC.includes(from)) throw new Error(`not in the example: ${from}`);
    return SPEC.replace(from, to);
  };

  it("accepts the spec's example: conditions and assignments in document order, clauses defaulting to none", () => {
    const result = validatePipeline(doc(SPEC, 'mergedCustomers'));
    if (!result.ok) throw new Error(result.error.message);
    const source = result.pipeline.assets.find((a) => a.ref === 'mergedCustomers')?.source;
    if (source?.kind !== 'merge') throw new Error('expected a merge');
    expect([source.target, source.source, source.on.length]).toEqual(['existingCustomers', 'newData', 1]);
    expect(source.whenMatched.map((a) => [a.action, a.condition?.kind, a.set.map((s) => s.column), a.star])).toEqual([
      ['update', 'binary', ['name', 'email', 'updated_at'], false],
    ]);
    expect(source.whenNotMatched.map((a) => [a.action, a.condition, a.set, a.star])).toEqual([['insert', undefined, [], true]]);
    expect(source.whenNotMatchedBySource).toEqual([]);
  });

  it.each([
    ['an empty on', variant('    on:\n      - "existingCustomers.id = newData.id"', '    on: []'), 'V-006: asset "mergedCustomers": merge.on must not be empty'],
    ['an unknown action', variant('- action: insert', '- action: upsert'), 'V-006: asset "mergedCustomers": merge.whenNotMatched[0].action must be one of update, insert, delete'],
    [
      'an insert where the row is matched',
      variant('    whenMatched:\n      - action: update', '    whenMatched:\n      - action: insert'),
      'V-006: asset "mergedCustomers": merge.whenMatched[0].action must be update or delete in whenMatched (insert: a matched source row is already in the target)',
    ],
    ['an update without set or star', variant('        set:\n          name: "newData.name"\n          email: "newData.email"\n          updated_at: "current_timestamp()"\n', ''), 'V-006: asset "mergedCustomers": merge.whenMatched[0].set is required for update unless star is true'],
    ['both set and star', variant('        star: true', '        star: true\n        set: { name: "name" }'), 'V-006: asset "mergedCustomers": merge.whenNotMatched[0] give set or star: true, not both'],
    ['a delete with assignments', variant('      - action: update', '      - action: delete'), 'V-006: asset "mergedCustomers": merge.whenMatched[0] a delete takes no set and no star'],
    [
      'an action without a condition before another',
      variant('    whenNotMatched:', '    whenNotMatchedBySource:\n      - action: delete\n      - action: update\n        set: { name: "\'x\'" }\n    whenNotMatched:'),
      'V-006: asset "mergedCustomers": merge.whenNotMatchedBySource[0].condition is required: without one the action always runs and the actions after it never would',
    ],
    [
      'star where there is no source row',
      variant('    whenNotMatched:', '    whenNotMatchedBySource:\n      - action: update\n        star: true\n    whenNotMatched:'),
      'V-006: asset "mergedCustomers": merge.whenNotMatchedBySource[0].star needs a source row, which whenNotMatchedBySource has not',
    ],
    ['one asset on both sides', variant('source: newData', 'source: existingCustomers'), 'V-006: asset "mergedCustomers": merge.source must name another asset than target'],
    ['an unknown asset', variant('source: newData', 'source: nowhere'), 'V-001: asset "mergedCustomers" references unknown asset "nowhere"'],
    [
      'an unqualified column in on (spec E-JOIN-001)',
      variant('"existingCustomers.id = newData.id"', '"id = newData.id"'),
      'V-009: asset "mergedCustomers": on[0]: column "id" must be qualified by its asset\'s name in a join condition (for example left.id = right.id) at column 1',
    ],
    ['an assignment that does not parse', variant('"current_timestamp()"', '"current_timestamp("'), 'V-009: asset "mergedCustomers": whenMatched[0].set.updated_at: unexpected end of expression at column 19'],
    ['an unknown function in a condition', variant('"existingCustomers.updated_at < newData.updated_at"', '"older(existingCustomers.updated_at)"'), 'V-009: asset "mergedCustomers": whenMatched[0].condition: unknown function "older" at column 1'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(problem(transformation, 'mergedCustomers')).toBe(expected);
  });
});

describe('asOfJoin (spec 8.39)', () => {
  const SPEC = [
    '- name: tradeWithQuote',
    '  asOfJoin:',
    '    left: trades',
    '    right: quotes',
    '    leftAsOf: trade_time',
    '    rightAsOf: quote_time',
    '    on:',
    '      - "trades.symbol = quotes.symbol"',
    '    direction: backward',
    '    tolerance: "INTERVAL 5 MINUTES"',
  ].join('\n');
  const variant = (from: string, to: string): string => SPEC.replace(from, to);

  it("accepts the spec's example and fills the defaults", () => {
    const result = validatePipeline(doc(SPEC, 'tradeWithQuote'));
    if (!result.ok) throw new Error(result.error.message);
    const source = result.pipeline.assets.find((a) => a.ref === 'tradeWithQuote')?.source;
    if (source?.kind !== 'as_of_join') throw new Error('expected an as-of join');
    expect([source.left, source.right, source.leftAsOf, source.rightAsOf, source.on.length, source.type, source.direction, source.tolerance?.kind, source.allowExactMatches]).toEqual([
      'trades', 'quotes', 'trade_time', 'quote_time', 1, 'left', 'backward', 'interval', true,
    ]);
    expect(problem(variant('asOfJoin:', 'as_of_join:'), 'tradeWithQuote')).toBeUndefined();
  });

  it.each([
    ['an unknown direction', variant('direction: backward', 'direction: closest'), 'V-006: asset "tradeWithQuote": asOfJoin.direction must be one of backward, forward, nearest'],
    ['an unknown type', variant('    direction', '    type: outer\n    direction'), 'V-006: asset "tradeWithQuote": asOfJoin.type must be one of inner, left'],
    ['a missing as-of column', variant('    rightAsOf: quote_time\n', ''), 'V-006: asset "tradeWithQuote": asOfJoin.rightAsOf is required'],
    ['one asset on both sides', variant('right: quotes', 'right: trades'), 'V-006: asset "tradeWithQuote": asOfJoin.right must name another asset than left'],
    [
      'an unqualified column in on (spec E-JOIN-001)',
      variant('"trades.symbol = quotes.symbol"', '"symbol = quotes.symbol"'),
      'V-009: asset "tradeWithQuote": on[0]: column "symbol" must be qualified by its asset\'s name in a join condition (for example left.symbol = right.symbol) at column 1',
    ],
    [
      'a tolerance that does not parse (spec E-EXPR-004: an invalid interval literal)',
      variant('"INTERVAL 5 MINUTES"', '"INTERVAL 5 FORTNIGHTS"'),
      'V-009: E-EXPR-004: asset "tradeWithQuote": tolerance: INTERVAL needs a unit after 5 (YEAR, MONTH, DAY, HOUR, MINUTE or SECOND) at column 12',
    ],
    ['an unknown asset', variant('right: quotes', 'right: ticks'), 'V-001: asset "tradeWithQuote" references unknown asset "ticks"'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(problem(transformation, 'tradeWithQuote')).toBe(expected);
  });
});

describe('lateralJoin (spec 8.40)', () => {
  const entry = (fields: string): string => `- name: lateral\n  lateralJoin: { ${fields} }`;

  it('accepts an asset on the right, with the spec defaults (inner, no conditions)', () => {
    const result = validatePipeline(doc(entry('left: trades, right: orders'), 'lateral'));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.pipeline.assets.find((a) => a.ref === 'lateral')?.source).toEqual({ kind: 'lateral_join', left: 'trades', right: 'orders', type: 'inner', on: [] });
    expect(problem(entry('left: trades, right: orders, type: left, on: ["trades.id = orders.trade_id"]'), 'lateral')).toBeUndefined();
    expect(problem(entry('left: trades, right: orders, type: cross').replace('lateralJoin', 'lateral_join'), 'lateral')).toBeUndefined();
  });

  it.each([
    [
      'a table function on the right (raw SQL)',
      entry('left: trades, right: "explode(trades.items)"'),
      'V-006: asset "lateral": lateralJoin.right must name an asset ("explode(trades.items)" is not an asset name): a correlated subquery or table function would be raw SQL, which this service does not run; compute the right side as an asset of its own and correlate it through on',
    ],
    [
      'a correlated subquery on the right (raw SQL)',
      entry('left: trades, right: "(SELECT * FROM orders WHERE orders.trade_id = trades.id)"'),
      'V-006: asset "lateral": lateralJoin.right must name an asset ("(SELECT * FROM orders WHERE orders.trade_id = trades.id)" is not an asset name): a correlated subquery or table function would be raw SQL, which this service does not run; compute the right side as an asset of its own and correlate it through on',
    ],
    ['an unknown type', entry('left: trades, right: orders, type: outer'), 'V-006: asset "lateral": lateralJoin.type must be one of inner, left, cross'],
    ['conditions on a cross join', entry('left: trades, right: orders, type: cross, on: ["trades.id = orders.trade_id"]'), 'V-006: asset "lateral": lateralJoin.on must be [] for a cross join'],
    [
      'an unqualified column in on (spec E-JOIN-001)',
      entry('left: trades, right: orders, on: ["id = orders.trade_id"]'),
      'V-009: asset "lateral": on[0]: column "id" must be qualified by its asset\'s name in a join condition (for example left.id = right.id) at column 1',
    ],
    ['an unknown asset', entry('left: trades, right: fills'), 'V-001: asset "lateral" references unknown asset "fills"'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(problem(transformation, 'lateral')).toBe(expected);
  });

  const mine = (filter: string): string => `- name: mine\n  where: { from: orders, filter: "${filter}" }\n${entry('left: trades, right: mine')}`;
  it('refuses a right side reading the left asset\'s columns, naming the field, the column and the join', () => {
    expect(problem(mine('orders.trade_id = trades.id'), 'lateral')).toBe(
      'V-006: asset "mine": where.filter reads column "trades.id" of asset "trades", the left side of lateral join "lateral": a lateral join\'s right side is an asset computed on its own in this service, not once per left row (spec 8.40\'s correlated right side is not supported); correlate through the join\'s on instead (on: ["trades.id = mine.<column>"])',
    );
  });

  it('accepts a right side reading its own input by name, or an asset upstream of it, whatever the left', () => {
    expect(problem(mine('orders.trade_id > 1'), 'lateral')).toBeUndefined();
    const chained = `- name: both\n  join: { left: orders, right: [ { name: trades, type: inner, on: ["orders.trade_id = trades.id"] } ] }\n- name: mine\n  where: { from: both, filter: "trades.id > 1" }\n${entry('left: trades, right: mine')}`;
    expect(problem(chained, 'lateral')).toBeUndefined();
  });
});
