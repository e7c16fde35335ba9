/**
 * Test support: the document the nested-value and function tests run. An input (JSON
 * `events.json` as asset `events` unless told otherwise), optional steps after it, the asset
 * `shaped` computing `columns` from `from` (a select of expression texts, or an addColumns of YAML
 * flow mappings), and an output of `shaped` (`out.csv` unless told otherwise).
 */
export interface ShapedPipeline {
  readonly input?: { readonly asset?: string; readonly path?: string; readonly format?: string };
  /** Asset lines, indented as assets, between the input and `shaped`. */
  readonly steps?: readonly string[];
  /** The asset `shaped` reads; the input by default. */
  readonly from?: string;
  readonly kind?: 'select' | 'addColumns';
  readonly output?: { readonly path?: string; readonly format?: string };
}

export function shapedPipeline(columns: readonly string[], options: ShapedPipeline = {}): string {
  const inputAsset = options.input?.asset ?? 'events';
  const kind = options.kind ?? 'select';
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    `    - asset_ref: ${inputAsset}`,
    `      source: { input: { format: ${options.input?.format ?? 'json'}, path: ${options.input?.path ?? 'events.json'} } }`,
    ...(options.steps ?? []),
    '    - asset_ref: shaped',
    '      source:',
    `        ${kind}:`,
    `          from: ${options.from ?? inputAsset}`,
    '          columns:',
    ...columns.map((c) => `            - ${kind === 'select' ? JSON.stringify(c) : c}`),
    '    - asset_ref: out',
    `      source: { output: { from: shaped, format: ${options.output?.format ?? 'csv'}, path: ${options.output?.path ?? 'out.csv'}, mode: overwrite } }`,
  ].join('\n');
}
