/** Catalogue entry of the `input` kind: reads a file into a dataset. */
import type { Format, InputSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { FORMAT_FIELD, OPTIONS_FIELD, PATH_FIELD } from './schema-parts';

/** Fields of an `input` source once checked (options normalized). */
export interface InputFields {
  readonly format: Format;
  readonly path: string;
  readonly options: Readonly<Record<string, string>>;
}

/** The `input` kind. */
export const INPUT_KIND: KindDefinition<'input', InputFields> = {
  kind: 'input',
  role: 'input',
  description: 'Reads a csv, parquet or json file into a dataset.',
  label: 'INPUT',
  schema: {
    type: 'object',
    properties: { format: FORMAT_FIELD, path: PATH_FIELD, options: OPTIONS_FIELD },
    required: ['format', 'path'],
    additionalProperties: false,
  },
  expressions: [],
  file: { mode: false },
  upstream: () => [],
  build: (fields): InputSource => ({
    kind: 'input',
    format: fields.format,
    path: fields.path,
    options: fields.options,
  }),
};
