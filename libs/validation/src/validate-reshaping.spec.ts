/**
 * The reshaping kinds (spec 8.16 pivot, 8.17 unpivot, 8.23 rollup, 8.24 cube, 8.41 transpose,
 * 8.42 groupingSets, 8.43 describe, 8.44 crosstab) as Teckel documents: the spec's valid examples
 * become typed sources, and what the spec's general rules refuse (a missing required field
 * E-REQ-001, an empty list E-LIST-001, a non-aggregate E-AGG-001) is a V-0xx naming entry and field.
 */
import { validatePipeline, type ValidationResult } from './validate-pipeline';

const INPUTS = ['sales', 'metrics'].map((n) => `  - name: ${n}\n    format: csv\n    path: ${n}.csv`).join('\n');

/** A Teckel document with the transformation entries `transformation` (unindented), writing `last`. */
function doc(transformation: string, last: string): string {
  return `version: "3.0"\ninput:\n${INPUTS}\ntransformation:\n${transformation.replace(/^/gm, '  ')}\noutput:\n  - name: ${last}\n    format: csv\n    path: o.csv\n`;
}

function sourceOf(result: ValidationResult, ref: string): unknown {
  if (!result.ok) throw new Error(result.error.message);
  return result.pipeline.assets.find((a) => a.ref === ref)?.source;
}

function message(result: ValidationResult): string {
  if (result.ok) throw new Error('expected the pipeline to be invalid');
  return result.error.message;
}

describe('rollup, cube and groupingSets', () => {
  it('reads the spec example of groupingSets (8.42): keys in first-named order, sets as positions', () => {
    const yaml = doc(
      '- name: salesReport\n  groupingSets:\n    from: sales\n    sets:\n      - [region, product]\n      - [region]\n      - [product]\n      - []\n    agg:\n      - "sum(amount) as total"\n      - "count(1) as cnt"',
      'salesReport',
    );
    expect(sourceOf(validatePipeline(yaml), 'salesReport')).toMatchObject({
      kind: 'grouping_sets',
      from: 'sales',
      keys: ['region', 'product'],
      sets: [[0, 1], [0], [1], []],
    });
  });

  it('reads rollup (8.23) and cube (8.24) with their sets in output order, under both spellings', () => {
    const rollup = doc('- name: r\n  rollup:\n    from: sales\n    by: [a, b, c]\n    agg: ["sum(amount) as total"]', 'r');
    expect(sourceOf(validatePipeline(rollup), 'r')).toMatchObject({ kind: 'rollup', keys: ['a', 'b', 'c'], sets: [[0, 1, 2], [0, 1], [0], []] });
    const cube = doc('- name: c\n  cube:\n    from: sales\n    by: [a, b, c]\n    agg: ["count(*) as n", "grouping(a) as ga"]', 'c');
    expect(sourceOf(validatePipeline(cube), 'c')).toMatchObject({ kind: 'cube', sets: [[0, 1, 2], [0, 1], [0, 2], [1, 2], [0], [1], [2], []] });
    const snake = doc('- name: g\n  grouping_sets:\n    from: sales\n    sets: [[]]\n    agg: ["count(*) as n"]', 'g');
    expect(sourceOf(validatePipeline(snake), 'g')).toMatchObject({ kind: 'grouping_sets', keys: [], sets: [[]] });
  });

  it.each([
    ['a non-aggregate, non-key column (E-AGG-001)', '- name: bad\n  rollup:\n    from: sales\n    by: [region]\n    agg: ["product"]', 'V-009: asset "bad": agg[0]: column "product" must be inside an aggregate function or be a grouping key at column 1'],
    ['a key of no set used outside an aggregate', '- name: bad\n  groupingSets:\n    from: sales\n    sets: [[region], []]\n    agg: ["product || count(*)"]', 'V-009: asset "bad": agg[0]: column "product" must be inside an aggregate function or be a grouping key at column 1'],
    ['a missing by (E-REQ-001)', '- name: bad\n  cube:\n    from: sales\n    agg: ["count(*)"]', 'V-006: asset "bad": cube.by is required'],
    ['an empty agg (E-LIST-001)', '- name: bad\n  rollup:\n    from: sales\n    by: [region]\n    agg: []', 'V-006: asset "bad": rollup.agg must not be empty'],
    ['an empty list of sets', '- name: bad\n  groupingSets:\n    from: sales\n    sets: []\n    agg: ["count(*)"]', 'V-006: asset "bad": groupingSets.sets must not be empty'],
    ['a column twice in by', '- name: bad\n  rollup:\n    from: sales\n    by: [region, region]\n    agg: ["count(*)"]', 'V-006: asset "bad": rollup.by lists column "region" twice'],
    ['a column twice in a set', '- name: bad\n  groupingSets:\n    from: sales\n    sets: [[region], [product, product]]\n    agg: ["count(*)"]', 'V-006: asset "bad": groupingSets.sets[1] lists column "product" twice'],
    [
      'a cube of too many columns',
      '- name: bad\n  cube:\n    from: sales\n    by: [a, b, c, d, e, f, g, h, i, j, k]\n    agg: ["count(*)"]',
      'V-006: asset "bad": cube.by may list at most 10 columns (a cube of n columns has 2^n grouping sets), got 11',
    ],
    ['grouping() with two arguments', '- name: bad\n  rollup:\n    from: sales\n    by: [a, b]\n    agg: ["grouping(a, b)"]', 'V-009: asset "bad": agg[0]: function "grouping" takes 1 argument, got 2 at column 1'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(message(validatePipeline(doc(transformation, 'bad')))).toBe(expected);
  });
});

describe('unpivot', () => {
  it('reads the fields as the spec names them (8.17)', () => {
    const yaml = doc('- name: long\n  unpivot:\n    from: metrics\n    ids: [id, day]\n    values: [cpu, mem]\n    variableColumn: metric\n    valueColumn: value', 'long');
    expect(sourceOf(validatePipeline(yaml), 'long')).toEqual({ kind: 'unpivot', from: 'metrics', ids: ['id', 'day'], values: ['cpu', 'mem'], variableColumn: 'metric', valueColumn: 'value' });
  });

  it.each([
    ['a missing valueColumn (E-REQ-001)', '- name: bad\n  unpivot:\n    from: metrics\n    ids: [id]\n    values: [cpu]\n    variableColumn: metric', 'V-006: asset "bad": unpivot.valueColumn is required'],
    ['empty ids (E-LIST-001)', '- name: bad\n  unpivot:\n    from: metrics\n    ids: []\n    values: [cpu]\n    variableColumn: k\n    valueColumn: v', 'V-006: asset "bad": unpivot.ids must not be empty'],
    ['a column both an id and a value', '- name: bad\n  unpivot:\n    from: metrics\n    ids: [id]\n    values: [cpu, id]\n    variableColumn: k\n    valueColumn: v', 'V-006: asset "bad": unpivot.values lists column "id", which is one of ids'],
    ['a value column twice', '- name: bad\n  unpivot:\n    from: metrics\n    ids: [id]\n    values: [cpu, cpu]\n    variableColumn: k\n    valueColumn: v', 'V-006: asset "bad": unpivot.values lists column "cpu" twice'],
    ['the same name for both new columns', '- name: bad\n  unpivot:\n    from: metrics\n    ids: [id]\n    values: [cpu]\n    variableColumn: k\n    valueColumn: k', 'V-006: asset "bad": unpivot.valueColumn must differ from variableColumn (both are "k")'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(message(validatePipeline(doc(transformation, 'bad')))).toBe(expected);
  });
});

describe('pivot', () => {
  it('reads the spec example (8.16)', () => {
    const yaml = doc('- name: salesPivot\n  pivot:\n    from: sales\n    groupBy: [region]\n    pivotColumn: product\n    values: ["A", "B", "C"]\n    agg:\n      - "sum(amount)"', 'salesPivot');
    expect(sourceOf(validatePipeline(yaml), 'salesPivot')).toMatchObject({ kind: 'pivot', from: 'sales', groupBy: ['region'], pivotColumn: 'product', values: ['A', 'B', 'C'] });
  });

  it('reads values written as numbers as their text, and no values as none', () => {
    const yaml = doc('- name: p\n  pivot:\n    from: sales\n    groupBy: [region]\n    pivotColumn: year\n    values: [2024, 2025]\n    agg: ["count(*)"]', 'p');
    expect(sourceOf(validatePipeline(yaml), 'p')).toMatchObject({ values: ['2024', '2025'] });
    const probed = sourceOf(validatePipeline(doc('- name: p\n  pivot:\n    from: sales\n    groupBy: [region]\n    pivotColumn: year\n    agg: ["count(*)"]', 'p')), 'p');
    expect(probed).not.toHaveProperty('values');
  });

  it.each([
    ['a missing pivotColumn (E-REQ-001)', '- name: bad\n  pivot:\n    from: sales\n    groupBy: [region]\n    agg: ["sum(amount)"]', 'V-006: asset "bad": pivot.pivotColumn is required'],
    ['an empty groupBy (E-LIST-001)', '- name: bad\n  pivot:\n    from: sales\n    groupBy: []\n    pivotColumn: product\n    agg: ["sum(amount)"]', 'V-006: asset "bad": pivot.groupBy must not be empty'],
    ['a non-aggregate (E-AGG-001)', '- name: bad\n  pivot:\n    from: sales\n    groupBy: [region]\n    pivotColumn: product\n    agg: ["amount"]', 'V-009: asset "bad": agg[0]: column "amount" must be inside an aggregate function or be a grouping key at column 1'],
    ['a value twice', '- name: bad\n  pivot:\n    from: sales\n    groupBy: [region]\n    pivotColumn: product\n    values: [A, B, A]\n    agg: ["sum(amount)"]', 'V-006: asset "bad": pivot.values lists "A" twice'],
    ['the pivot column among the keys', '- name: bad\n  pivot:\n    from: sales\n    groupBy: [region, product]\n    pivotColumn: product\n    agg: ["sum(amount)"]', 'V-006: asset "bad": pivot.pivotColumn "product" is one of groupBy'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(message(validatePipeline(doc(transformation, 'bad')))).toBe(expected);
  });

  it('lists at most 1000 values, the bound of the distinct values a pivot without values may find (each becomes a column)', () => {
    const listing = (n: number): string =>
      doc(`- name: wide\n  pivot:\n    from: sales\n    groupBy: [region]\n    pivotColumn: product\n    values: [${Array.from({ length: n }, (_, i) => `v${i}`).join(', ')}]\n    agg: ["sum(amount)"]`, 'wide');
    expect(sourceOf(validatePipeline(listing(1000)), 'wide')).toMatchObject({ kind: 'pivot', values: expect.arrayContaining(['v0', 'v999']) });
    expect(message(validatePipeline(listing(1001)))).toBe('V-006: asset "wide": pivot.values may list at most 1000 values (each becomes a column), got 1001');
    expect(message(validatePipeline(listing(20_000)))).toBe('V-006: asset "wide": pivot.values may list at most 1000 values (each becomes a column), got 20000');
  });
});

describe('crosstab', () => {
  it('reads col1 and col2 (8.44)', () => {
    const yaml = doc('- name: freq\n  crosstab:\n    from: sales\n    col1: region\n    col2: product', 'freq');
    expect(sourceOf(validatePipeline(yaml), 'freq')).toEqual({ kind: 'crosstab', from: 'sales', col1: 'region', col2: 'product' });
  });

  it.each([
    ['a missing col2 (E-REQ-001)', '- name: bad\n  crosstab:\n    from: sales\n    col1: region', 'V-006: asset "bad": crosstab.col2 is required'],
    ['one column twice', '- name: bad\n  crosstab:\n    from: sales\n    col1: region\n    col2: region', 'V-006: asset "bad": crosstab.col2 must differ from col1 (both are "region")'],
    ['an unknown field', '- name: bad\n  crosstab:\n    from: sales\n    col1: region\n    col2: product\n    col3: quarter', 'V-006: asset "bad": unknown field "col3" in crosstab (expected from, col1, col2)'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(message(validatePipeline(doc(transformation, 'bad')))).toBe(expected);
  });
});

describe('describe', () => {
  it('defaults to every statistic in the spec order, and keeps the ones listed in their order (8.43)', () => {
    const all = sourceOf(validatePipeline(doc('- name: stats\n  describe:\n    from: metrics', 'stats')), 'stats');
    expect(all).toEqual({ kind: 'describe', from: 'metrics', statistics: ['count', 'mean', 'stddev', 'min', 'max', '25%', '50%', '75%'] });
    const some = sourceOf(validatePipeline(doc('- name: stats\n  describe:\n    from: metrics\n    columns: [cpu]\n    statistics: [max, "25%"]', 'stats')), 'stats');
    expect(some).toEqual({ kind: 'describe', from: 'metrics', columns: ['cpu'], statistics: ['max', '25%'] });
  });

  it.each([
    ['an unknown statistic', '- name: bad\n  describe:\n    from: metrics\n    statistics: [mean, mode]', 'V-006: asset "bad": describe.statistics[1] must be one of count, mean, stddev, min, max, 25%, 50%, 75%'],
    ['a statistic twice', '- name: bad\n  describe:\n    from: metrics\n    statistics: [mean, mean]', 'V-006: asset "bad": describe.statistics lists "mean" twice'],
    ['empty columns (E-LIST-001)', '- name: bad\n  describe:\n    from: metrics\n    columns: []', 'V-006: asset "bad": describe.columns must not be empty'],
    ['a missing from (E-REQ-001)', '- name: bad\n  describe:\n    columns: [cpu]', 'V-006: asset "bad": describe.from is required'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(message(validatePipeline(doc(transformation, 'bad')))).toBe(expected);
  });
});

describe('transpose', () => {
  it('reads indexColumns, [] by default (8.41)', () => {
    expect(sourceOf(validatePipeline(doc('- name: t\n  transpose:\n    from: metrics\n    indexColumns: [id]', 't')), 't')).toEqual({ kind: 'transpose', from: 'metrics', indexColumns: ['id'] });
    expect(sourceOf(validatePipeline(doc('- name: t\n  transpose:\n    from: metrics', 't')), 't')).toEqual({ kind: 'transpose', from: 'metrics', indexColumns: [] });
  });

  it.each([
    ['an index column twice', '- name: bad\n  transpose:\n    from: metrics\n    indexColumns: [id, id]', 'V-006: asset "bad": transpose.indexColumns lists column "id" twice'],
    ['a missing from (E-REQ-001)', '- name: bad\n  transpose:\n    indexColumns: [id]', 'V-006: asset "bad": transpose.from is required'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(message(validatePipeline(doc(transformation, 'bad')))).toBe(expected);
  });
});
