import { validatePipeline } from './validate-pipeline';
import { MAX_VALIDATION_ERRORS } from './diagnostics';

// Line numbers matter here: each document is written out line by line.
const DOC = [
  'version: "3.0"', //                                   1
  'pipeline:', //                                        2
  '  assets:', //                                        3
  '    - asset_ref: raw', //                             4
  '      source:', //                                    5
  '        input: {format: csv, path: in.csv}', //       6
  '    - asset_ref: active', //                          7
  '      source:', //                                    8
  '        where:', //                                   9
  '          from: raw', //                             10
  '          filter:', //                               11
  '            "amount >"', //                          12
  '    - asset_ref: totals', //                         13
  '      source:', //                                   14
  '        group_by:', //                               15
  '          from: actve', //                           16
  '          by: [region]', //                          17
  '          agg: ["sum(amount) AS total", "max(amount) AS top"]', // 18
  '    - asset_ref: out', //                            19
  '      source:', //                                   20
  '        output: {from: totals, format: csv, path: out.csv}', // 21
  '',
].join('\n');

function errorsOf(yaml: string) {
  const result = validatePipeline(yaml);
  if (result.ok) throw new Error('expected errors');
  return result;
}

describe('validatePipeline: every error of a document, where it is', () => {
  it('reports each broken asset in document order, at the value at fault', () => {
    const result = errorsOf(DOC);
    expect(result.errors.map((e) => [e.code, e.details.asset, e.details.line, e.details.column])).toEqual([
      ['V-009', 'active', 12, 13],
      ['V-001', 'totals', 16, 17],
    ]);
    expect(result.error).toBe(result.errors[0]);
  });

  it('offers the close name of an unknown reference', () => {
    const [, reference] = errorsOf(DOC).errors;
    expect(reference?.message).toBe('V-001: asset "totals" references unknown asset "actve" (did you mean "active"?)');
    expect(reference?.details).toMatchObject({ suggestion: 'active', field: 'from' });
  });

  it('offers the close name of an unknown function, at its expression', () => {
    const fixed = DOC.replace('"amount >"', '"amount > 1"').replace('from: actve', 'from: active').replace('max(amount)', 'mxa(amount)');
    const [only, ...rest] = errorsOf(fixed).errors;
    expect(rest).toEqual([]);
    expect(only?.message).toBe('V-009: asset "totals": agg[1]: unknown function "mxa" at column 1 (did you mean "max"?)');
    expect(only?.details).toMatchObject({ line: 18, column: 41, field: 'agg[1]' });
  });

  it('places an unknown field of a kind at its value', () => {
    const doc = DOC.replace('          filter:', '          fliter:');
    const first = errorsOf(doc).errors[0];
    expect(first?.message).toContain('(did you mean "filter"?)');
    expect(first?.details).toMatchObject({ line: 12, column: 13 });
  });

  it('reports every problem of one asset, each at its value: fields, expressions and references', () => {
    const yaml = [
      'version: "3.0"', //                                                   1
      'pipeline:', //                                                        2
      '  assets:', //                                                        3
      '    - asset_ref: raw', //                                             4
      '      source: {input: {format: csv, path: in.csv}}', //               5
      '    - asset_ref: totals', //                                          6
      '      owner: me', //                                                  7
      '      source:', //                                                    8
      '        group_by:', //                                                9
      '          from: rwa', //                                             10
      '          by: [region]', //                                          11
      '          agg: ["sum(amount AS total", "maxx(amount) AS top"]', //   12
      '    - asset_ref: out', //                                             13
      '      source: {output: {from: totals, format: csv, path: o.csv}}', // 14
      '',
    ].join('\n');
    const result = errorsOf(yaml);
    expect(result.errors.map((e) => [e.code, e.details.asset, e.details.field, e.details.line, e.details.column, e.details.suggestion])).toEqual([
      ['V-006', 'totals', 'owner', 7, 14, undefined],
      ['V-009', 'totals', 'agg[0]', 12, 17, undefined],
      ['V-009', 'totals', 'agg[1]', 12, 40, 'max'],
      ['V-001', 'totals', 'from', 10, 17, 'raw'],
    ]);
    expect(result.error).toBe(result.errors[0]);
  });

  it('reports every field a kind\'s schema refuses, not only the first', () => {
    const yaml = DOC.replace('          by: [region]', '          by: 7\n          nope: 1');
    expect(errorsOf(yaml).errors.filter((e) => e.details.asset === 'totals').map((e) => [e.code, e.details.field])).toEqual([
      ['V-006', 'group_by.by'],
      ['V-006', 'group_by.nope'],
    ]);
  });

  it(`stops collecting at ${MAX_VALIDATION_ERRORS} errors`, () => {
    const broken = Array.from({ length: 150 }, (_, i) => `    - asset_ref: a${i}\n      source:\n        where: {from: nowhere, filter: "x > 1"}`);
    const doc = `version: "3.0"\npipeline:\n  assets:\n${broken.join('\n')}\n    - asset_ref: out\n      source:\n        output: {from: a0, format: csv, path: o.csv}\n`;
    const result = errorsOf(doc);
    expect(result.errors).toHaveLength(MAX_VALIDATION_ERRORS);
    expect(result.errors.at(-1)?.details.asset).toBe(`a${MAX_VALIDATION_ERRORS - 1}`);
  });

  it('keeps one error for a document that cannot be read', () => {
    const result = errorsOf('version: "3.0"\npipeline: [');
    expect(result.errors).toEqual([result.error]);
    expect(result.error.code).toBe('PARSE');
  });
});
