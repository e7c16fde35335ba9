/** The table of file formats: one module per format (see format-module.ts). */
import type { Format } from '@pipeline/definition';
import { csvFormat } from './csv';
import type { FormatOptions } from './format-options';
import type { FormatModule } from './format-module';
import { jsonFormat } from './json';
import { parquetFormat } from './parquet';

/** A format table over the formats `Formats`: each format has its own module. */
export type FormatModuleTable<Formats extends Format = Format> = { readonly [F in Formats]: FormatModule<F> };

export const FORMAT_MODULES: FormatModuleTable = {
  csv: csvFormat,
  json: jsonFormat,
  parquet: parquetFormat,
};

/** The module of the format `options` are for; its methods take those options. */
export function formatModule(options: FormatOptions): FormatModule<Format> {
  return FORMAT_MODULES[options.format] as FormatModule<Format>;
}
