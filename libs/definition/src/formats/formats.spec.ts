import {
  acceptedOptionNames,
  DEFAULT_WRITE_MODE,
  effectiveOptions,
  isFormat,
  isWriteMode,
  normalizeOptions,
} from './formats';

describe('formats and modes', () => {
  it('accepts exactly csv, parquet and json', () => {
    expect(['csv', 'parquet', 'json'].every(isFormat)).toBe(true);
    expect(isFormat('CSV')).toBe(false);
    expect(isFormat('delta')).toBe(false);
    expect(isFormat(3)).toBe(false);
  });

  it('accepts exactly overwrite, append, error and ignore, defaulting to error', () => {
    expect(['overwrite', 'append', 'error', 'ignore'].every(isWriteMode)).toBe(true);
    expect(isWriteMode('upsert')).toBe(false);
    expect(DEFAULT_WRITE_MODE).toBe('error');
  });
});

describe('normalizeOptions', () => {
  it('keeps known options under their canonical names', () => {
    expect(normalizeOptions('csv', { Header: 'TRUE', delimiter: ';', nullValue: 'NA' })).toEqual({
      ok: true,
      options: { header: 'true', sep: ';', nullValue: 'NA' },
    });
    expect(normalizeOptions('parquet', { compression: 'zstd' })).toEqual({ ok: true, options: { compression: 'zstd' } });
    expect(normalizeOptions('json', { multiLine: 'false' })).toEqual({ ok: true, options: { multiLine: 'false' } });
  });

  it('names an unknown option and the accepted ones', () => {
    expect(normalizeOptions('parquet', { header: 'true' })).toEqual({
      ok: false,
      issue: { kind: 'unknown', name: 'header', accepted: ['compression'] },
    });
    expect(acceptedOptionNames('csv')).toEqual([
      'header',
      'inferSchema',
      'sep',
      'quote',
      'escape',
      'nullValue',
      'dateFormat',
      'timestampFormat',
      'encoding',
      'comment',
      'compression',
      'delimiter',
    ]);
  });

  it('refuses two spellings of one option', () => {
    expect(normalizeOptions('csv', { sep: ',', delimiter: ';' })).toEqual({
      ok: false,
      issue: { kind: 'duplicate', name: 'delimiter', first: 'sep' },
    });
  });

  it('refuses a boolean option that is not true or false', () => {
    expect(normalizeOptions('csv', { header: 'yes' })).toEqual({
      ok: false,
      issue: { kind: 'not-boolean', name: 'header', value: 'yes' },
    });
  });
});

describe('effectiveOptions', () => {
  it('fills in the CSV defaults of the contract', () => {
    expect(effectiveOptions('csv', { sep: ';' })).toEqual({
      header: 'true',
      inferSchema: 'true',
      sep: ';',
      quote: '"',
      nullValue: '',
    });
    expect(effectiveOptions('parquet', {})).toEqual({});
  });
});
