/** Catalogue entry of the `input` kind: reads a file into a dataset. */
import { optional } from './fields';
import { defineKind } from './kind-definition';
import { FORMAT, OPTIONS, PATH } from './schema-parts';

/** The `input` kind. */
export const INPUT_KIND = defineKind({
  kind: 'input',
  role: 'input',
  description: 'Reads a csv, parquet or json file into a dataset.',
  label: 'INPUT',
  fields: { format: FORMAT, path: PATH, options: optional(OPTIONS) },
  file: { mode: false },
  upstream: () => [],
  // Validation has normalized the options (none written: none) before the source is built.
  build: (fields) => ({ kind: 'input', format: fields.format, path: fields.path, options: fields.options ?? {} }),
});
