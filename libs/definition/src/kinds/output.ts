/** Catalogue entry of the `output` kind: writes a dataset to a file; a sink of the graph. */
import type { Format, OutputSource, WriteMode } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, FORMAT_FIELD, MODE_FIELD, OPTIONS_FIELD, PATH_FIELD } from './schema-parts';

/** Fields of an `output` source once checked (options normalized, mode defaulted). */
export interface OutputFields {
  readonly from: string;
  readonly format: Format;
  readonly path: string;
  readonly mode: WriteMode;
  readonly options: Readonly<Record<string, string>>;
}

/** The `output` kind. */
export const OUTPUT_KIND: KindDefinition<'output', OutputFields> = {
  kind: 'output',
  role: 'output',
  description: 'Writes `from` to a csv, parquet or json file with a write mode (default `error`).',
  label: 'OUTPUT',
  schema: {
    type: 'object',
    properties: { from: ASSET_REF_FIELD, format: FORMAT_FIELD, path: PATH_FIELD, mode: MODE_FIELD, options: OPTIONS_FIELD },
    required: ['from', 'format', 'path'],
    additionalProperties: false,
  },
  expressions: [],
  file: { mode: true },
  upstream: (source) => [source.from],
  build: (fields): OutputSource => ({
    kind: 'output',
    from: fields.from,
    format: fields.format,
    path: fields.path,
    mode: fields.mode,
    options: fields.options,
  }),
};
