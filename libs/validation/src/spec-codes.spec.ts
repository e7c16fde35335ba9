/**
 * Every V-code situation the Teckel specification names carries its code (section 25) in
 * `details.specCode`, and the contract's message stays as it was (docs/errors.md lists them).
 */
import { validatePipeline } from './validate-pipeline';

const RAW = '- asset_ref: raw\n      source: { input: { format: csv, path: e.csv } }';
const OUT = '- asset_ref: out\n      source: { output: { from: raw, format: csv, path: o.csv } }';

function doc(...assets: string[]): string {
  return `version: "3.0"\npipeline:\n  assets:\n${[RAW, ...assets].map((a) => `    ${a}`).join('\n')}\n`;
}

function errorOf(yaml: string) {
  const result = validatePipeline(yaml);
  if (result.ok) throw new Error('expected the pipeline to be invalid');
  return result.error;
}

/** [spec code, V-code, document, the message's start]. */
const CASES: [string, string, string, string][] = [
  ['E-REF-001', 'V-001', doc('- asset_ref: out\n      source: { output: { from: nope, format: csv, path: o.csv } }'), 'V-001: asset "out" references unknown asset "nope"'],
  ['E-NAME-001', 'V-002', doc(RAW, OUT), 'V-002: duplicate asset "raw"'],
  [
    'E-CYCLE-001',
    'V-003',
    doc('- asset_ref: x\n      source: { where: { from: y, filter: "true" } }', '- asset_ref: y\n      source: { where: { from: x, filter: "true" } }', OUT),
    'V-003: cycle: ',
  ],
  ['E-NAME-002', 'V-004', doc('- asset_ref: "1bad"\n      source: { input: { format: csv, path: e.csv } }', OUT), 'V-004: invalid asset name "1bad"'],
  ['E-OP-001', 'V-005', doc('- asset_ref: x\n      source: {}', OUT), 'V-005: asset "x": source names no kind'],
  ['E-OP-001', 'V-005', doc('- asset_ref: x\n      source: { where: { from: raw, filter: "true" }, limit: { from: raw, count: 1 } }', OUT), 'V-005: asset "x": source names several kinds'],
  ['E-OP-002', 'V-005', doc('- asset_ref: x\n      source: { nope: { from: raw } }', OUT), 'V-005: asset "x": unknown source kind "nope"'],
  ['E-REQ-001', 'V-006', doc('- asset_ref: x\n      source: { where: { from: raw } }', OUT), 'V-006: asset "x": where.filter is required'],
  ['E-LIST-001', 'V-006', doc('- asset_ref: x\n      source: { select: { from: raw, columns: [] } }', OUT), 'V-006: asset "x": select.columns must not be empty'],
  ['E-ENUM-001', 'V-006', doc('- asset_ref: x\n      source: { schemaEnforce: { from: raw, mode: loose, columns: [ { name: a, dataType: int } ] } }', OUT), 'V-006: asset "x": schemaEnforce.mode must be one of'],
  ['E-OP-004', 'V-006', doc('- asset_ref: x\n      source: { fillNa: { from: raw, value: 0, values: { a: 1 } } }', OUT), 'V-006: asset "x": fillNa.value and values: give exactly one of them'],
  ['E-OP-004', 'V-006', doc('- asset_ref: x\n      source: { fillNa: { from: raw } }', OUT), 'V-006: asset "x": fillNa.value and values: give exactly one of them'],
  ['E-VERSION-001', 'V-006', 'pipeline:\n  assets: []\n', 'V-006: version is required'],
  ['E-VERSION-001', 'V-011', doc(OUT).replace('"3.0"', '"2.0"'), 'V-011: unsupported version "2.0"'],
  ['E-REF-002', 'V-007', doc(OUT, '- asset_ref: x\n      source: { where: { from: out, filter: "true" } }'), 'V-007: asset "x" references output asset "out"'],
  ['E-FMT-001', 'V-008', doc('- asset_ref: out\n      source: { output: { from: raw, format: xls, path: o.xls } }'), 'V-008: asset "out": unknown format "xls"'],
  ['E-MODE-001', 'V-008', doc('- asset_ref: out\n      source: { output: { from: raw, format: csv, path: o.csv, mode: replace } }'), 'V-008: asset "out": unknown mode "replace"'],
  ['E-EXPR-001', 'V-009', doc('- asset_ref: x\n      source: { where: { from: raw, filter: "1 + 1" } }', OUT), 'V-009: asset "x": filter: '],
  ['E-AGG-001', 'V-009', doc('- asset_ref: x\n      source: { group_by: { from: raw, by: [a], agg: ["b"] } }', OUT), 'V-009: asset "x": '],
  ['E-VAR-001', 'V-010', doc('- asset_ref: out\n      source: { output: { from: raw, format: csv, path: "${DIR}/o.csv" } }'), 'V-010: unresolved variable "DIR"'],
];

describe('spec codes of validation errors', () => {
  it.each(CASES)('%s for %s', (specCode, code, yaml, start) => {
    const e = errorOf(yaml);
    expect(e.code).toBe(code);
    expect(e.message.startsWith(start)).toBe(true);
    // The contract's message is unchanged: the spec code is in the details only.
    expect(e.message).not.toContain(specCode);
    expect(e.details.specCode).toBe(specCode);
  });

  it('gives none where the specification names no such error (a syntax error in an expression)', () => {
    const e = errorOf(doc('- asset_ref: x\n      source: { where: { from: raw, filter: "a >" } }', OUT));
    expect(e.code).toBe('V-009');
    expect(e.details.specCode).toBeUndefined();
  });
});
