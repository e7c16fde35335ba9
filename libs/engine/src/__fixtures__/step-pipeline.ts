/**
 * The document most kind tests run: one CSV input, the step under test (`step`, a source in flow
 * style reading the input's asset), and a CSV output of the step at `out.csv`.
 */
export function stepPipeline(step: string, inputAsset = 'raw', inputPath = 'data.csv'): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    `    - asset_ref: ${inputAsset}`,
    `      source: { input: { format: csv, path: ${inputPath} } }`,
    '    - asset_ref: step',
    `      source: ${step}`,
    '    - asset_ref: out',
    '      source: { output: { from: step, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}
