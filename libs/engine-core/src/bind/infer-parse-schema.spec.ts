import { inferCsvFields, inferJsonFields } from './infer-parse-schema';

describe('parse schema inference', () => {
  it('merges the objects of the sample as Spark does', () => {
    expect(inferJsonFields(['{"b": 1, "a": {"y": 1, "x": [true]}}', '{"b": "t", "a": {"y": 2.5}, "n": null}', '[1]', 'nope'])).toEqual([
      { name: 'a', type: 'struct<x:array<boolean>,y:double>' },
      { name: 'b', type: 'string' },
      { name: 'n', type: 'string' },
    ]);
  });

  it('reads a nested field name the type text cannot spell, and an empty object, as JSON text', () => {
    expect(inferJsonFields(['{"a": {"odd key": 1}, "e": {}}'])).toEqual([
      { name: 'a', type: 'string' },
      { name: 'e', type: 'string' },
    ]);
  });

  it('refuses a sample nested past the type depth bound instead of recursing on', () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    expect(() => inferJsonFields([deep])).toThrow('a value of the sample nests more than 100 levels deep');
  });

  it('types CSV fields by the narrowest type all non-empty fields read as', () => {
    expect(inferCsvFields(['1|9999999999|1e3|TRUE|x', '-2||.5|false'], '|')).toEqual([
      { name: '_c0', type: 'integer' },
      { name: '_c1', type: 'long' },
      { name: '_c2', type: 'double' },
      { name: '_c3', type: 'boolean' },
      { name: '_c4', type: 'string' },
    ]);
  });
});
