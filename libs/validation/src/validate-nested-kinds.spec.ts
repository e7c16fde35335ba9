/**
 * flatten (spec 8.18) and parse (8.38) as Teckel documents: the spec's valid examples become typed
 * sources (defaults filled in, type texts in portable spelling), and what the spec refuses is a
 * V-006 naming entry and field.
 */
import { validatePipeline, type ValidationResult } from './validate-pipeline';

/** A Teckel document reading `rawLogs`, with the transformation entry `transformation` (unindented), writing `last`. */
function doc(transformation: string, last: string): string {
  return `version: "3.0"\ninput:\n  - name: rawLogs\n    format: json\n    path: logs.json\ntransformation:\n${transformation.replace(/^/gm, '  ')}\noutput:\n  - name: ${last}\n    format: json\n    path: o.json\n`;
}

function sourceOf(result: ValidationResult, ref: string): unknown {
  if (!result.ok) throw new Error(result.error.message);
  return result.pipeline.assets.find((a) => a.ref === ref)?.source;
}

function message(result: ValidationResult): string {
  if (result.ok) throw new Error('expected the pipeline to be invalid');
  return result.error.message;
}

describe('flatten', () => {
  it('reads separator and explodeArrays, "_" and false by default (8.18)', () => {
    expect(sourceOf(validatePipeline(doc('- name: flat\n  flatten:\n    from: rawLogs', 'flat')), 'flat')).toEqual({ kind: 'flatten', from: 'rawLogs', separator: '_', explodeArrays: false });
    expect(sourceOf(validatePipeline(doc("- name: flat\n  flatten:\n    from: rawLogs\n    separator: '.'\n    explodeArrays: true", 'flat')), 'flat')).toEqual({
      kind: 'flatten',
      from: 'rawLogs',
      separator: '.',
      explodeArrays: true,
    });
  });

  it.each([
    ['a missing from (E-REQ-001)', '- name: bad\n  flatten:\n    separator: "."', 'V-006: asset "bad": flatten.from is required'],
    ['explodeArrays that is not a boolean', '- name: bad\n  flatten:\n    from: rawLogs\n    explodeArrays: sometimes', 'V-006: asset "bad": flatten.explodeArrays must be a boolean (true or false) (got a string)'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(message(validatePipeline(doc(transformation, 'bad')))).toBe(expected);
  });
});

describe('parse', () => {
  it('reads the spec example (8.38) with its types in portable spelling', () => {
    const yaml = doc(
      '- name: parsedEvents\n  parse:\n    from: rawLogs\n    column: payload\n    format: json\n    schema:\n      - name: event_type\n        dataType: string\n      - name: timestamp\n        dataType: timestamp\n      - name: metadata\n        dataType: "map<string, string>"',
      'parsedEvents',
    );
    expect(sourceOf(validatePipeline(yaml), 'parsedEvents')).toEqual({
      kind: 'parse',
      from: 'rawLogs',
      column: 'payload',
      format: 'json',
      schema: [
        { name: 'event_type', type: 'string' },
        { name: 'timestamp', type: 'timestamp' },
        { name: 'metadata', type: 'map<string,string>' },
      ],
      delimiter: ',',
    });
  });

  it('reads CSV with a delimiter and nested JSON types in any case and spacing', () => {
    const csv = "- name: p\n  parse:\n    from: rawLogs\n    column: line\n    format: csv\n    options: { delimiter: ';' }\n    schema: [{ name: n, dataType: INT }, { name: d, dataType: 'decimal(10, 2)' }]";
    expect(sourceOf(validatePipeline(doc(csv, 'p')), 'p')).toMatchObject({ schema: [{ name: 'n', type: 'integer' }, { name: 'd', type: 'decimal(10,2)' }], delimiter: ';' });
    const json = "- name: p\n  parse:\n    from: rawLogs\n    column: payload\n    format: json\n    schema: [{ name: s, dataType: 'Struct< a : Array<Long>, b: MAP<String,Double> >' }]";
    expect(sourceOf(validatePipeline(doc(json, 'p')), 'p')).toMatchObject({ schema: [{ name: 's', type: 'struct<a:array<long>,b:map<string,double>>' }] });
  });

  it('accepts no schema: the columns are inferred when the job runs (spec 8.38)', () => {
    const json = '- name: p\n  parse:\n    from: rawLogs\n    column: payload\n    format: json';
    const source = sourceOf(validatePipeline(doc(json, 'p')), 'p');
    expect(source).toMatchObject({ kind: 'parse', column: 'payload', format: 'json' });
    expect(source).not.toHaveProperty('schema');
  });

  const parse = (fields: string): string => `- name: bad\n  parse:\n    from: rawLogs\n    column: payload\n${fields.replace(/^/gm, '    ')}`;
  it.each([
    ['an unknown format', parse('format: xml\nschema: [{ name: a, dataType: string }]'), 'V-006: asset "bad": parse.format must be one of json, csv'],
    ['an unknown type', parse('format: json\nschema: [{ name: a, dataType: "list<int>" }]'), 'V-006: asset "bad": parse.schema[0].dataType is not a type: unknown type "list" at character 5 of "list<int>"'],
    ['an unclosed nested type', parse('format: json\nschema: [{ name: a, dataType: "map<string, int" }]'), 'V-006: asset "bad": parse.schema[0].dataType is not a type: expected ">" at character 16 of "map<string, int"'],
    ['a nested CSV field', parse('format: csv\nschema: [{ name: a, dataType: "array<int>" }]'), 'V-006: asset "bad": parse.schema[0].dataType is array<integer>: a CSV field holds no nested value'],
    ['a column twice', parse('format: csv\nschema: [{ name: a, dataType: int }, { name: A, dataType: string }]'), 'V-006: asset "bad": parse.schema[1].name repeats schema[0].name ("A")'],
    ['an option json does not take', parse('format: json\noptions: { delimiter: ";" }\nschema: [{ name: a, dataType: int }]'), 'V-006: asset "bad": parse.options.delimiter is not an option of format json (it takes none)'],
    ['a missing column (E-REQ-001)', '- name: bad\n  parse:\n    from: rawLogs\n    format: json\n    schema: [{ name: a, dataType: int }]', 'V-006: asset "bad": parse.column is required'],
  ])('refuses %s', (_name, transformation, expected) => {
    expect(message(validatePipeline(doc(transformation, 'bad')))).toBe(expected);
  });
});
