import { describeNode, fromJsonValue, isRawNull, toJsonValue, YamlScalar } from './raw-node';

describe('raw nodes', () => {
  it('convert from JSON values, keeping number and boolean text', () => {
    const node = fromJsonValue({ a: [1, 2.5, true, null, 'x'], __proto__x: {} });
    expect(node).toEqual(
      new Map<string, unknown>([
        [
          'a',
          [
            new YamlScalar('int', '1', 1),
            new YamlScalar('float', '2.5', 2.5),
            new YamlScalar('bool', 'true', true),
            new YamlScalar('null', 'null', null),
            'x',
          ],
        ],
        ['__proto__x', new Map()],
      ]),
    );
  });

  it('keep __proto__ as an ordinary key both ways', () => {
    const node = fromJsonValue(JSON.parse('{"__proto__": {"polluted": true}}'));
    const json = toJsonValue(node) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuse JSON values that are not data', () => {
    expect(() => fromJsonValue({ f: () => 1 })).toThrow(expect.objectContaining({ name: 'DefinitionError', code: 'DEF_SHAPE' }));
    expect(() => fromJsonValue(new Date())).toThrow('parse error: unsupported value of type object');
  });

  it('describe themselves for messages', () => {
    expect(['s', new YamlScalar('int', '1', 1), new YamlScalar('bool', 'true', true), new YamlScalar('null', '', null), [], new Map(), undefined].map(
      (node) => describeNode(node as never),
    )).toEqual(['a string', 'a number', 'a boolean', 'null', 'a list', 'a mapping', 'nothing']);
    expect(isRawNull(new YamlScalar('null', '~', null))).toBe(true);
    expect(isRawNull('null')).toBe(false);
  });

  it('read as their written text when used as a mapping key', () => {
    expect(String(new YamlScalar('float', '1.50', 1.5))).toBe('1.50');
    expect(Object.prototype.toString.call(new YamlScalar('int', '1', 1))).toBe('[object YamlScalar]');
  });
});
