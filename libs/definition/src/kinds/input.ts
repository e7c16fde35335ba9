/** Catalogue entry of the `input` kind: reads a file into a dataset. */
import type { Format } from '../definition';
import { optional } from './fields';
import { defineKind } from './kind-definition';
import { FORMAT, OPTIONS, PATH } from './schema-parts';

/** Reads a file into a dataset. Options are strings (`header: "true"`). */
export interface InputSource {
  readonly kind: 'input';
  readonly format: Format;
  readonly path: string;
  readonly options: Readonly<Record<string, string>>;
  /**
   * The column names a Teckel-shape input entry's `columns:` metadata describes (spec 18.4), which
   * must be columns of the dataset (E-META-004): checked when the input is read, as only then are
   * its columns known. Validation sets it from the entry; absent when the entry describes none.
   */
  readonly metadataColumns?: readonly string[];
}

/** The `input` kind. */
export const INPUT_KIND = defineKind({
  kind: 'input',
  role: 'input',
  description: 'Reads a csv, parquet or json file into a dataset.',
  label: 'INPUT',
  fields: { format: FORMAT, path: PATH, options: optional(OPTIONS) },
  file: { mode: false },
  // Validation has normalized the options (none written: none) before the source is built.
  build: (fields): InputSource => ({ kind: 'input', format: fields.format, path: fields.path, options: fields.options ?? {} }),
  upstream: () => [],
});
