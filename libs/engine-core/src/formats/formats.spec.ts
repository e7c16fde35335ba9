import { parseDatePattern, patternReader, patternWriter, toStrftime, type DatePattern } from './date-pattern';
import { compressionFromName, readFormatOptions, writeCompression } from './format-options';

describe('format options', () => {
  it('applies the CSV defaults of the contract', () => {
    const o = readFormatOptions('csv', {});
    expect(o).toEqual({
      format: 'csv',
      csv: {
        header: true,
        inferSchema: true,
        sep: ',',
        quote: '"',
        escape: '"',
        nullValue: '',
        dateFormat: undefined,
        timestampFormat: undefined,
        encoding: 'utf-8',
        comment: undefined,
        compression: 'auto',
      },
    });
  });

  it('reads every accepted option, aliases and case included', () => {
    const o = readFormatOptions('csv', {
      header: 'FALSE',
      inferschema: 'false',
      delimiter: '\\t',
      quote: "'",
      escape: '\\\\',
      nullValue: 'NA',
      dateFormat: 'dd/MM/yyyy',
      timestampFormat: '%Y-%m-%d %H:%M',
      encoding: 'latin1',
      comment: '#',
      compression: 'gzip',
    });
    if (o.format !== 'csv') throw new Error('csv expected');
    expect(o.csv).toMatchObject({ header: false, inferSchema: false, sep: '\t', quote: "'", escape: '\\', nullValue: 'NA' });
    expect(o.csv.encoding).toBe('latin-1');
    expect(o.csv.comment).toBe('#');
    expect(o.csv.compression).toBe('gzip');
    expect(toStrftime(o.csv.dateFormat as DatePattern)).toBe('%d/%m/%Y');
    expect(readFormatOptions('json', { multiLine: 'true' })).toEqual({
      format: 'json',
      json: { multiLine: true, dateFormat: undefined, timestampFormat: undefined, compression: 'auto' },
    });
    expect(readFormatOptions('parquet', { compression: 'ZSTD' })).toEqual({ format: 'parquet', parquet: { compression: 'zstd' } });
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ['csv', { colour: 'red' }, /option "colour" is not accepted for csv \(accepted: header, inferSchema, sep/],
    ['csv', { header: 'yes' }, /option "header" must be "true" or "false" \(got "yes"\)/],
    ['csv', { sep: ';;' }, /option "sep" must be exactly one character/],
    ['csv', { sep: '\n' }, /cannot be a line break/],
    ['csv', { sep: ',', delimiter: ';' }, /option "delimiter" is given twice/],
    ['csv', { sep: '"' }, /option "sep" cannot be the quote character as well \("""\)/],
    ['csv', { quote: ',' }, /option "sep" cannot be the quote character as well \(","\)/],
    ['csv', { sep: ';', escape: ';' }, /option "escape" cannot be the separator as well \(";"\)/],
    ['csv', { encoding: 'ebcdic' }, /option "encoding" "ebcdic" is not supported/],
    ['csv', { compression: 'bzip2' }, /option "compression" "bzip2" is not supported/],
    ['csv', { dateFormat: 'yyyy-QQ' }, /option "dateFormat" "yyyy-QQ" uses "Q"/],
    // A value over its limit is not echoed.
    ['json', { timestampFormat: '%d'.repeat(60) }, /^asset "raw": option "timestampFormat" has 120 characters, more than the 100 a date pattern may have$/],
    ['json', { sep: ',' }, /not accepted for json/],
    ['parquet', { compression: 'lzo' }, /not supported for parquet/],
  ])('%s %p is E_BAD_OPTION', (format, options, message) => {
    expect(() => readFormatOptions(format as 'csv', options, 'raw')).toThrow(message);
    expect(() => readFormatOptions(format as 'csv', options, 'raw')).toThrow(expect.objectContaining({ code: 'E_BAD_OPTION' }));
  });

  it('accepts YAML booleans and numbers given as values', () => {
    const o = readFormatOptions('csv', { header: false } as unknown as Record<string, string>);
    expect(o.format === 'csv' && o.csv.header).toBe(false);
  });

  it('infers compression from the destination name', () => {
    expect(compressionFromName('a.csv.gz')).toBe('gzip');
    expect(compressionFromName('a.json.zst')).toBe('zstd');
    expect(compressionFromName('a.csv')).toBe('none');
    expect(writeCompression('auto', 'x.csv.gz')).toBe('gzip');
    expect(writeCompression('none', 'x.csv.gz')).toBe('none');
  });
});

describe('date patterns', () => {
  it('reads Java and strftime patterns into the same tokens', () => {
    const java = parseDatePattern("yyyy-MM-dd'T'HH:mm:ss.SSS");
    const strf = parseDatePattern('%Y-%m-%dT%H:%M:%S.%g');
    if ('problem' in java || 'problem' in strf) throw new Error('pattern expected');
    expect(java.tokens).toEqual(strf.tokens);
    expect(toStrftime(java)).toBe('%Y-%m-%dT%H:%M:%S.%g');
  });

  it('parses and writes texts in a pattern', () => {
    const p = parseDatePattern('dd/MM/yyyy HH:mm');
    if ('problem' in p) throw new Error('pattern expected');
    const fields = patternReader(p)('02/01/2024 10:05');
    expect(fields).toEqual({ year: 2024, month: 1, day: 2, hour: 10, minute: 5, second: 0, micros: 0 });
    expect(patternReader(p)('2024-01-02')).toBeUndefined();
    expect(patternWriter(p)(fields as NonNullable<typeof fields>)).toBe('02/01/2024 10:05');
  });

  it('refuses patterns without fields or with unknown letters', () => {
    expect(parseDatePattern('---')).toEqual({ problem: 'has no date or time fields' });
    expect(parseDatePattern('%Q')).toHaveProperty('problem');
    expect(parseDatePattern("yyyy'")).toEqual({ problem: 'has an unterminated quoted literal' });
  });
});
