/**
 * The run-time failures the specification gives a code (spec 24.5 and 25), shared by the specs
 * asserting them on each backend (spec-error-codes.spec.ts, spark/spec-error-codes.spark.spec.ts):
 * assets `a` (`k,v` rows x 1, y 2) and `c` (`k` row z) read from CSV, the step under test as `n`,
 * written to `out.csv`.
 */

/** The pipeline running `step` as asset `n`; `output` adds to the output's fields. */
export function specErrorPipeline(step: string, output = 'mode: overwrite'): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: a',
    '      source: { input: { format: csv, path: a.csv } }',
    '    - asset_ref: c',
    '      source: { input: { format: csv, path: c.csv } }',
    '    - asset_ref: n',
    `      source: ${step}`,
    '    - asset_ref: out',
    `      source: { output: { from: n, format: csv, path: out.csv, ${output} } }`,
  ].join('\n');
}

/** The input files of the cases. */
export const SPEC_ERROR_FILES = { 'a.csv': 'k,v\nx,1\ny,2\n', 'c.csv': 'k\nz\n' } as const;

/** [spec code, step of asset n, what the message says after the asset and the code]. */
export const SPEC_ERROR_CASES: readonly (readonly [string, string, RegExp])[] = [
  ['E-TYPE-001', '{ select: { from: a, columns: ["CAST(k AS int) AS i"] } }', /^columns: cannot (convert|cast) /],
  ['E-COL-001', '{ select: { from: a, columns: [nope] } }', /^columns: column "nope" not found/],
  ['E-EXPR-001', '{ where: { from: a, filter: "k" } }', /^filter: a filter must be a true\/false condition, got string$/],
  ['E-NAME-003', '{ renameColumns: { from: a, mappings: { k: v } } }', /^duplicate output column "v"$/],
  ['E-SCHEMA-001', '{ union: { sources: [a, c] } }', /^union: the inputs have different numbers of columns/],
  ['E-SCHEMA-002', '{ dropColumns: { from: a, columns: [k, v] } }', /^columns: dropping every column would leave no column$/],
  ['E-SCHEMA-003', '{ schemaEnforce: { from: a, columns: [ { name: k, dataType: string } ] } }', /^columns: mode strict: column "v" of "a" not declared$/],
  ['E-SCHEMA-004', '{ schemaEnforce: { from: a, columns: [ { name: k, dataType: string }, { name: v, dataType: int }, { name: w, dataType: int } ] } }', /^columns: mode strict: declared column "w" missing from "a"$/],
  ['E-QUALITY-001', '{ assertion: { from: a, checks: [ { rule: "v > 1" } ] } }', /assertion .* failed on 1 of 2 rows$/],
];
