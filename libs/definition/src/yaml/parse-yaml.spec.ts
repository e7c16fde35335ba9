import { isDefinitionError, type DefinitionError } from '../errors';
import { MAX_DOCUMENT_CHARS } from '../limits';
import { parseYaml } from './parse-yaml';
import { isRawList, isRawMap, type RawMap, type RawNode, YamlScalar } from './raw-node';

function errorOf(text: string): DefinitionError {
  try {
    parseYaml(text);
  } catch (error) {
    if (isDefinitionError(error)) return error;
    throw error;
  }
  throw new Error('expected a DefinitionError');
}

function map(node: RawNode): RawMap {
  if (!isRawMap(node)) throw new Error('expected a mapping');
  return node;
}

describe('parseYaml', () => {
  it('reads mappings as ordered Maps and keeps the text of non-string scalars', () => {
    const { root } = parseYaml('version: 3.0\nb: true\na: ~\nc: "3.0"\nd: 0x1F\ne:\n');
    const doc = map(root);
    expect([...doc.keys()]).toEqual(['version', 'b', 'a', 'c', 'd', 'e']);
    expect(doc.get('version')).toEqual(new YamlScalar('float', '3.0', 3));
    expect(doc.get('b')).toEqual(new YamlScalar('bool', 'true', true));
    expect(doc.get('a')).toEqual(new YamlScalar('null', '~', null));
    expect(doc.get('c')).toBe('3.0');
    expect(doc.get('d')).toEqual(new YamlScalar('int', '0x1F', 31));
    expect(doc.get('e')).toEqual(new YamlScalar('null', '', null));
  });

  it('keeps dates and YAML 1.1 words as text (core schema)', () => {
    const doc = map(parseYaml('d: 2024-01-31\ny: yes\n').root);
    expect(doc.get('d')).toBe('2024-01-31');
    expect(doc.get('y')).toBe('yes');
  });

  it('reads scalar keys as written and never touches the object prototype', () => {
    const doc = map(parseYaml('1.0: a\ntrue: b\n__proto__: c\nconstructor: d\n').root);
    expect([...doc.keys()]).toEqual(['1.0', 'true', '__proto__', 'constructor']);
    expect(doc.get('__proto__')).toBe('c');
    expect(({} as Record<string, unknown>)['c']).toBeUndefined();
  });

  it('records where each collection starts (1-based line and column)', () => {
    const parsed = parseYaml('pipeline:\n  assets:\n    - asset_ref: a\n      source: {input: {}}\n    -\n      asset_ref: b\n');
    const assets = map(parsed.root).get('pipeline');
    const list = map(assets as RawNode).get('assets');
    if (!isRawList(list)) throw new Error('expected a list');
    expect(parsed.positionOf(list)).toEqual({ line: 3, column: 5 });
    expect(parsed.positionOf(list[0] as RawMap)).toEqual({ line: 3, column: 7 });
    expect(parsed.positionOf(list[1] as RawMap)).toEqual({ line: 6, column: 7 });
    const source = map(list[0] as RawNode).get('source') as RawMap;
    expect(parsed.positionOf(source)).toEqual({ line: 4, column: 15 });
  });

  it('skips comments and blank lines when locating a node', () => {
    const parsed = parseYaml('list:\n  # first\n\n  - a: 1 # trailing\n  - b: 2\n');
    const list = map(parsed.root).get('list') as RawNode[];
    expect(parsed.positionOf(list[1] as RawMap)).toEqual({ line: 5, column: 5 });
  });

  it('counts lines the same way with CRLF line ends and a byte-order mark', () => {
    const parsed = parseYaml('\uFEFFa: 1\r\nlist:\r\n  # note\r\n  - x: 1\r\n  - {y: 2}\r\n');
    const list = map(parsed.root).get('list') as RawNode[];
    expect(parsed.positionOf(list)).toEqual({ line: 4, column: 3 });
    expect(parsed.positionOf(list[0] as RawMap)).toEqual({ line: 4, column: 5 });
    expect(parsed.positionOf(list[1] as RawMap)).toEqual({ line: 5, column: 5 });
    expect(errorOf('a: 1\r\nb: [\r\n').message).toBe(
      'parse error: unexpected end of the stream within a flow collection at line 3, column 1',
    );
  });

  it('reports syntax errors with line and column', () => {
    const error = errorOf('a: 1\nb: [1, 2\nc: 3\n');
    expect(error.code).toBe('DEF_YAML');
    expect(error.message).toMatch(/^parse error: .+ at line \d+, column \d+$/);
    expect(error.details.line).toBeGreaterThanOrEqual(2);
  });

  it('reports a bad indentation at its exact place', () => {
    const error = errorOf('a:\n  b: 1\n c: 2\n');
    expect(error.message).toBe('parse error: bad indentation of a mapping entry at line 3, column 2');
    expect(error.details).toEqual({ line: 3, column: 2 });
  });

  it('rejects duplicate keys', () => {
    expect(errorOf('a: 1\na: 2\n').message).toBe('parse error: duplicated mapping key at line 2, column 1');
  });

  it('rejects several documents in one text', () => {
    expect(errorOf('a: 1\n---\nb: 2\n').message).toMatch(/^parse error: expected a single document/);
  });

  it('rejects lists and mappings used as keys', () => {
    expect(errorOf('? [a, b]\n: x\n').message).toBe(
      'parse error: a mapping key must be text, not a list or a mapping at line 1, column 3',
    );
    expect(errorOf('{[a]: x}').code).toBe('DEF_KEY');
    expect(errorOf('top:\n  {a: 1}: x\n').code).toBe('DEF_KEY');
    expect(errorOf('- [[a]: x]\n').code).toBe('DEF_KEY');
  });

  it('accepts collections as values, including flow pairs and aliases', () => {
    const doc = map(parseYaml('a: &x [1, {b: 2}]\nc: *x\nd: [k: [v]]\n').root);
    expect(doc.get('c')).toEqual(doc.get('a'));
    expect(doc.get('c')).not.toBe(doc.get('a'));
  });

  it('rejects texts longer than the limit', () => {
    const error = errorOf(`a: "${'x'.repeat(MAX_DOCUMENT_CHARS)}"`);
    expect(error.code).toBe('DEF_LIMIT');
    expect(error.message).toBe(
      `parse error: the document is ${MAX_DOCUMENT_CHARS + 5} characters long; the limit is ${MAX_DOCUMENT_CHARS}`,
    );
  });

  it('rejects deep nesting before the stack runs out', () => {
    const error = errorOf(`${'['.repeat(100000)}${']'.repeat(100000)}`);
    expect(error.code).toBe('DEF_LIMIT');
    expect(error.message).toMatch(/^parse error: the document nests deeper than 64 levels at line 1, column \d+$/);
  });

  it('stops "billion laughs" alias expansion with a clear error', () => {
    const lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    const error = errorOf(lines.join('\n'));
    expect(error.code).toBe('DEF_LIMIT');
    expect(error.message).toMatch(/^parse error: the document expands to more than 100000 nodes \(too many aliases\?\)/);
  });

  it('stops alias expansion of long strings with a clear error', () => {
    const big = 'x'.repeat(500_000);
    const error = errorOf(`a: &s "${big}"\nb: [*s, *s, *s, *s, *s, *s, *s, *s, *s, *s]\n`);
    expect(error.code).toBe('DEF_LIMIT');
    expect(error.message).toMatch(/more than 4194304 characters of text/);
  });

  it('rejects recursive aliases', () => {
    expect(errorOf('a: &a [*a]\n').message).toMatch(/^parse error: an alias refers to a collection that contains it/);
  });

  it('rejects text that is not a string', () => {
    expect(errorOf(42 as unknown as string).message).toBe('parse error: the document must be text (got number)');
  });

  it('returns a null scalar for an empty text', () => {
    expect(parseYaml('').root).toEqual(new YamlScalar('null', '', null));
  });

  it('records where each value starts, scalars included', () => {
    const parsed = parseYaml('a: x\nb:\n  - 1\n  - "two"  # note\nc: {d: a, e: [p, q]}\nx: x\nn:\n');
    const root = parsed.root as RawMap;
    expect(parsed.valuePositionOf(root, 'a')).toEqual({ line: 1, column: 4 });
    const b = root.get('b') as RawNode[];
    expect(parsed.valuePositionOf(b, 0)).toEqual({ line: 3, column: 5 });
    expect(parsed.valuePositionOf(b, 1)).toEqual({ line: 4, column: 5 });
    const c = root.get('c') as RawMap;
    expect(parsed.valuePositionOf(c, 'd')).toEqual({ line: 5, column: 8 });
    expect(parsed.valuePositionOf(c.get('e') as RawNode[], 1)).toEqual({ line: 5, column: 18 });
    // A value written like its key is told apart from the key.
    expect(parsed.valuePositionOf(root, 'x')).toEqual({ line: 6, column: 4 });
    expect(parsed.valuePositionOf(root, 'missing')).toBeUndefined();
  });
});
