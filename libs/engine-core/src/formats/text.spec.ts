import { csvColumnNames, csvLine, CsvSyntaxError, parseCsv } from './csv-text';
import { jsonText, JsonSyntaxError, parseJsonDocuments } from './json-text';

const CSV = { header: true, sep: ',', quote: '"', escape: '"', nullValue: '', comment: undefined };

describe('CSV text', () => {
  it('reads quotes, escapes, line breaks in quotes, CRLF, blank lines and the null marker', () => {
    const t = parseCsv('\uFEFFa,b,c\r\n"x,1","say ""hi""",\r\n\r\n"line\nbreak",,"z"\n', CSV);
    expect(t.header).toEqual(['a', 'b', 'c']);
    expect(t.rows).toEqual([
      ['x,1', 'say "hi"', null],
      ['line\nbreak', null, 'z'],
    ]);
  });

  it('honours a separate escape character, a comment character and a custom null marker', () => {
    const o = { ...CSV, quote: "'", escape: '\\', nullValue: 'NA', comment: '#' };
    const t = parseCsv("# header follows\nk;v\n1;'it\\'s # not a comment'\nNA;x # trailing\n", { ...o, sep: ';' });
    expect(t.rows).toEqual([
      ['1', "it's # not a comment"],
      [null, 'x '],
    ]);
  });

  it('refuses ragged rows and unterminated quotes', () => {
    expect(() => parseCsv('a,b\n1\n', CSV)).toThrow(new CsvSyntaxError('row 2 has 1 fields, expected 2'));
    expect(() => parseCsv('a\n"open\n', CSV)).toThrow(/unterminated quoted field starting on line 2/);
  });

  it('names columns like DuckDB', () => {
    expect(csvColumnNames(undefined, 3)).toEqual(['column0', 'column1', 'column2']);
    expect(csvColumnNames(undefined, 11)[10]).toBe('column10');
    expect(csvColumnNames(undefined, 11)[0]).toBe('column00');
    expect(csvColumnNames(['a', 'a', '', 'A', 'b'], 5)).toEqual(['a', 'a_1', 'column2', 'A_2', 'b']);
  });

  it('writes quotes only where needed and empty strings as ""', () => {
    expect(csvLine(['plain', 'a,b', 'q"x', '', null, 'multi\nline'], CSV)).toBe('plain,"a,b","q""x","",,"multi\nline"');
    expect(csvLine(['NA', null], { ...CSV, nullValue: 'NA' })).toBe('"NA",NA');
    expect(csvLine(['a\\b', "it's"], { sep: ',', quote: "'", escape: '\\', nullValue: '' })).toBe("'a\\\\b','it\\'s'");
  });
});

describe('JSON text', () => {
  it('reads arrays, lines and pretty documents, keeping how numbers were written', () => {
    expect(parseJsonDocuments('{"a":1}\n{"a":2.0}')).toEqual([
      new Map([['a', { kind: 'number', text: '1', value: 1, integer: true }]]),
      new Map([['a', { kind: 'number', text: '2.0', value: 2, integer: false }]]),
    ]);
    const [arr] = parseJsonDocuments('[ {"a": "x\\n"}, {"__proto__": null} ]');
    expect(Array.isArray(arr) && arr.length).toBe(2);
    expect(parseJsonDocuments('{\n "n": NaN, "i": -Infinity\n}')).toHaveLength(1);
  });

  it('refuses malformed JSON with the line', () => {
    expect(() => parseJsonDocuments('{"a":1}\n{"a":}')).toThrow(new JsonSyntaxError('unexpected character "}" at line 2'));
    expect(() => parseJsonDocuments('{"a":"open')).toThrow(/unterminated string/);
    expect(() => parseJsonDocuments('['.repeat(1001))).toThrow('its JSON nests deeper than 1000 levels at line 1');
    expect(() => parseJsonDocuments('['.repeat(1000))).toThrow('unexpected end of JSON');
  });

  it('prints values back as JSON text', () => {
    const [doc] = parseJsonDocuments('{"a":[1,2.50,true,null],"b":{"c":"d"}}');
    expect(jsonText(doc)).toBe('{"a":[1,2.50,true,null],"b":{"c":"d"}}');
  });
});
