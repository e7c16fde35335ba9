/** Catalogue entry of the `output` kind: writes a dataset to a file; a sink of the graph. */
import type { Format, WriteMode } from '../definition';
import { DEFAULT_WRITE_MODE } from '../formats/formats';
import { optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, FORMAT, MODE, OPTIONS, PATH } from './schema-parts';

/** Writes `from` to a file. */
export interface OutputSource {
  readonly kind: 'output';
  readonly from: string;
  readonly format: Format;
  readonly path: string;
  readonly mode: WriteMode;
  readonly options: Readonly<Record<string, string>>;
}

/** The `output` kind. */
export const OUTPUT_KIND = defineKind({
  kind: 'output',
  role: 'output',
  description: 'Writes `from` to a csv, parquet or json file with a write mode (default `error`).',
  label: 'OUTPUT',
  fields: { from: ASSET_REF, format: FORMAT, path: PATH, mode: optional(MODE), options: optional(OPTIONS) },
  file: { mode: true },
  // Validation has defaulted the mode and normalized the options before the source is built.
  build: (fields): OutputSource => ({
    kind: 'output',
    from: fields.from,
    format: fields.format,
    path: fields.path,
    mode: fields.mode ?? DEFAULT_WRITE_MODE,
    options: fields.options ?? {},
  }),
  upstream: (source) => [source.from],
});
