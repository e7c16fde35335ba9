/**
 * Parquet files: DuckDB reads and writes them; the JavaScript backend has no parquet reader or
 * writer and refuses them with E_UNSUPPORTED_FORMAT before touching the file system.
 */
import { sqlString } from '../sql/sql-text';
import { engineError } from '../errors';
import type { FormatModule } from './format-module';

export const parquetFormat: FormatModule<'parquet'> = {
  format: 'parquet',

  duckDbReadSql: (absolutePath) => `read_parquet(${sqlString(absolutePath)})`,

  duckDbCopySql({ parquet: { compression } }) {
    return compression === undefined ? '(FORMAT parquet)' : `(FORMAT parquet, COMPRESSION ${sqlString(compression)})`;
  },

  readColumns(_absolutePath, display, _options, asset) {
    throw engineError('E_UNSUPPORTED_FORMAT', {
      asset,
      path: display,
      format: 'parquet',
      problem: 'the danfo backend cannot read parquet (use the duckdb backend)',
    });
  },

  encode(_columns, _data, _rowCount, _options, _finalPath, asset) {
    throw engineError('E_UNSUPPORTED_FORMAT', { asset, format: 'parquet', problem: 'the danfo backend cannot write parquet (use the duckdb backend)' });
  },

  // A parquet file cannot grow in place: the old rows and the new ones are written as one file,
  // columns matched by name.
  appendMethod: () => 'rewrite-by-name',

  appendColumnRule: () => 'same-names-any-order',

  appendedCompression: () => 'none',
};
