/**
 * The pipeline the Spark parity specs compute expressions in, the same on every backend: rows.csv
 * (one column, row_) read as rows; t, the harness columns computed from row_ by expressions, so
 * both backends type them alike; step, what is compared; sorted; written to out.csv or out.json.
 */

/** A YAML flow list of `items`, each quoted as JSON. */
export const yamlList = (items: readonly string[]): string => `[${items.map((c) => JSON.stringify(c)).join(', ')}]`;

/**
 * `columns` are t's (row_ comes first), `step` the step's source reading t (none: t is what is
 * compared), `sortBy` the columns the output is ordered by (none: the order as computed),
 * `outputOptions` more fields of the output (`, options: {...}`).
 */
export function harnessPipeline(
  columns: readonly string[],
  step: string | undefined,
  sortBy: string | undefined,
  format: 'csv' | 'json' = 'csv',
  outputOptions = '',
): string {
  const compared = step === undefined ? 't' : 'step';
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: rows',
    '      source: { input: { format: csv, path: rows.csv } }',
    '    - asset_ref: t',
    `      source: { select: { from: rows, columns: ${yamlList(['row_', ...columns])} } }`,
    ...(step === undefined ? [] : ['    - asset_ref: step', `      source: ${step}`]),
    '    - asset_ref: sorted',
    `      source: ${sortBy === undefined ? `{ select: { from: ${compared}, columns: ["*"] } }` : `{ orderBy: { from: ${compared}, columns: [${sortBy}] } }`}`,
    '    - asset_ref: out',
    `      source: { output: { from: sorted, format: ${format}, path: out.${format}, mode: overwrite${outputOptions} } }`,
  ].join('\n');
}
