import { parseYaml } from '../yaml/parse-yaml';
import { type RawNode, YamlScalar } from '../yaml/raw-node';
import { checkFields, coerceToSchema, fieldIssues } from './check-fields';
import { KINDS } from './registry';

function fields(yaml: string): RawNode {
  return parseYaml(yaml).root;
}

describe('checkFields', () => {
  it('accepts valid fields and returns them as JSON', () => {
    const result = checkFields(KINDS.where, fields('from: raw\nfilter: salary > 10\n'));
    expect(result).toEqual({ ok: true, fields: { from: 'raw', filter: 'salary > 10' } });
  });

  it('reads YAML booleans and numbers in options as their written text', () => {
    const result = checkFields(KINDS.input, fields('format: csv\npath: a.csv\noptions: {header: true, sep: 1.0}\n'));
    expect(result.ok && result.fields['options']).toEqual({ header: 'true', sep: '1.0' });
  });

  it('refuses a null option value (it is neither text nor a number nor a boolean)', () => {
    expect(checkFields(KINDS.input, fields('format: csv\npath: a.csv\noptions: {nullValue: ~}\n'))).toEqual({
      ok: false,
      issue: { problem: 'type', field: 'options.nullValue', expected: 'a string', got: 'null' },
    });
  });

  it('reports a value that is not a mapping', () => {
    expect(checkFields(KINDS.where, 'raw')).toEqual({ ok: false, issue: { problem: 'not-a-mapping', got: 'a string' } });
    expect(checkFields(KINDS.where, new YamlScalar('null', '', null))).toEqual({
      ok: false,
      issue: { problem: 'not-a-mapping', got: 'null' },
    });
  });

  it('reports a missing required field', () => {
    expect(checkFields(KINDS.input, fields('format: csv\n'))).toEqual({
      ok: false,
      issue: { problem: 'required', field: 'path' },
    });
  });

  it('reports an unknown field with the expected ones', () => {
    expect(checkFields(KINDS.where, fields('from: a\nfliter: x\nfilter: y\n'))).toEqual({
      ok: false,
      issue: { problem: 'unknown-field', field: 'fliter', expected: ['from', 'filter'] },
    });
  });

  it('reports wrong types with what was found, naming list entries', () => {
    expect(checkFields(KINDS.where, fields('from: a\nfilter: [x]\n'))).toEqual({
      ok: false,
      issue: { problem: 'type', field: 'filter', expected: 'a string', got: 'a list' },
    });
    expect(checkFields(KINDS.select, fields('from: a\ncolumns: [x, 3, y]\n'))).toEqual({
      ok: false,
      issue: { problem: 'type', field: 'columns[1]', expected: 'a string', got: 'a number' },
    });
    expect(checkFields(KINDS.select, fields('from: a\ncolumns: x\n'))).toEqual({
      ok: false,
      issue: { problem: 'type', field: 'columns', expected: 'a list', got: 'a string' },
    });
  });

  it('reports empty lists and empty strings', () => {
    expect(checkFields(KINDS.select, fields('from: a\ncolumns: []\n'))).toEqual({
      ok: false,
      issue: { problem: 'empty', field: 'columns', list: true },
    });
    expect(checkFields(KINDS.where, fields('from: ""\nfilter: x\n'))).toEqual({
      ok: false,
      issue: { problem: 'empty', field: 'from', list: false },
    });
  });

  it('reports the first problem in document order, missing fields last in schema order', () => {
    const result = checkFields(KINDS.group_by, fields('agg: 5\nfrom: [a]\nbogus: 1\n'));
    expect(result).toEqual({ ok: false, issue: { problem: 'type', field: 'agg', expected: 'a list', got: 'a number' } });
    expect(checkFields(KINDS.group_by, fields('bogus: 1\nagg: 5\n'))).toEqual({
      ok: false,
      issue: { problem: 'unknown-field', field: 'bogus', expected: ['from', 'by', 'agg'] },
    });
    expect(checkFields(KINDS.output, fields('format: csv\n'))).toEqual({
      ok: false,
      issue: { problem: 'required', field: 'from' },
    });
  });
});

describe('coerceToSchema', () => {
  it('turns a string holding exactly one number or boolean into it', () => {
    expect(coerceToSchema('42', { type: 'integer' })).toBe(42);
    expect(coerceToSchema('-1.5e3', { type: 'number' })).toBe(-1500);
    expect(coerceToSchema('true', { type: 'boolean' })).toBe(true);
    expect(coerceToSchema(' 42', { type: 'integer' })).toBe(' 42');
    expect(coerceToSchema('4.2', { type: 'integer' })).toBe('4.2');
    expect(coerceToSchema('yes', { type: 'boolean' })).toBe('yes');
    expect(coerceToSchema('1e', { type: 'number' })).toBe('1e');
  });

  it('reads YAML numbers as numbers where numbers are wanted', () => {
    expect(coerceToSchema(new YamlScalar('int', '7', 7), { type: 'integer' })).toBe(7);
  });
});

describe('fieldIssues', () => {
  it('gives every field\'s first issue in document order, missing fields last, the first being checkFields\'', () => {
    const node = fields('from: a\nfilter: [x]\nfliter: y\n');
    const first = checkFields(KINDS.where, node);
    expect(fieldIssues(KINDS.where, node)).toEqual([
      { problem: 'type', field: 'filter', expected: 'a string', got: 'a list' },
      { problem: 'unknown-field', field: 'fliter', expected: ['from', 'filter'] },
    ]);
    expect(first.ok ? undefined : first.issue).toEqual(fieldIssues(KINDS.where, node)[0]);
    expect(fieldIssues(KINDS.input, fields('options: {a: 1}\n')).map((i) => i.problem)).toEqual(['required', 'required']);
    expect(fieldIssues(KINDS.where, fields('from: a\nfilter: x\n'))).toEqual([]);
  });
});
