import { TRANSFORMATION_KINDS } from '@pipeline/definition';
import { validateSource, validateSourceJson } from './validate-source';

describe('validateSource', () => {
  it('returns the typed source and its upstream assets', () => {
    const result = validateSource('high', { where: { from: 'raw', filter: 'salary > 50000' } }, ['raw']);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.upstream).toEqual(['raw']);
    expect(result.source).toMatchObject({ kind: 'where', from: 'raw', filter: { kind: 'binary', op: '>' } });
  });

  it('holds the source to the same rules as a definition', () => {
    const message = (name: string, source: unknown, known: string[] = ['raw']) => {
      const result = validateSource(name, source, known);
      if (result.ok) throw new Error('expected an error');
      return result.error.message;
    };
    expect(message('high', { where: { from: 'nope', filter: 'a > 1' } })).toBe(
      'V-001: asset "high" references unknown asset "nope"',
    );
    expect(message('1x', { where: { from: 'raw', filter: 'a' } })).toMatch(/^V-004: invalid asset name "1x": /);
    expect(message('high', { joinn: {} })).toMatch(/^V-005: asset "high": unknown source kind "joinn"/);
    expect(message('high', {})).toMatch(/^V-005: asset "high": source names no kind/);
    expect(message('high', { where: { from: 'raw' } })).toBe('V-006: asset "high": where.filter is required');
    expect(message('high', 'where')).toBe('V-006: asset "high": source must be a mapping (got a string)');
    expect(message('high', { where: { from: 'raw', filter: 'a >' } })).toMatch(/^V-009: asset "high": filter: /);
    expect(message('s', { select: { from: 'raw', columns: ['a', 2] } })).toBe(
      'V-006: asset "s": select.columns[1] must be a string (got a number)',
    );
    expect(message('o', { output: { from: 'raw', format: 'csv', path: 'o.csv', mode: 'upsert' } })).toMatch(/^V-008: /);
  });

  it('takes strings literally: there are no variables in this call', () => {
    const result = validateSource('in', { input: { format: 'csv', path: '${DIR}/a.csv' } }, []);
    expect(result.ok && result.source).toEqual({ kind: 'input', format: 'csv', path: '${DIR}/a.csv', options: {} });
  });

  it('reads JSON booleans and numbers in options as text', () => {
    const result = validateSource('in', { input: { format: 'csv', path: 'a.csv', options: { header: false, sep: ';' } } }, []);
    expect(result.ok && result.source).toMatchObject({ options: { header: 'false', sep: ';' } });
  });

  it('restricts the kinds when asked (ApplyTransform wants a transformation)', () => {
    const result = validateSource('in', { input: { format: 'csv', path: 'a.csv' } }, [], { allowedRoles: ['transformation'] });
    expect(!result.ok && result.error.message).toBe(
      `V-005: asset "in": source kind "input" is not allowed here (expected one of ${TRANSFORMATION_KINDS.join(', ')})`,
    );
  });

  it('refuses a split, which would make two assets from one call', () => {
    const result = validateSource('s', { split: { from: 'raw', condition: 'x > 1', pass: 'a', fail: 'b' } }, ['raw']);
    expect(!result.ok && result.error.message).toBe(
      'V-005: asset "s": source kind "split" cannot be applied in a session (a split makes two assets and one call makes one handle; apply a where with the condition for each)',
    );
  });

  it('refuses values nested beyond the limits as parse errors', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    const result = validateSource('a', { where: deep }, []);
    expect(!result.ok && result.error.message).toBe('parse error: value nests deeper than 64 levels');
  });
});

describe('validateSourceJson', () => {
  it('parses the JSON text first', () => {
    const result = validateSourceJson('f', '{"where":{"from":"raw","filter":"salary > 50000"}}', new Set(['raw']));
    expect(result.ok).toBe(true);
  });

  it('reports text that is not JSON as a parse error', () => {
    const result = validateSourceJson('f', '{"where":', ['raw']);
    expect(!result.ok && result.error.kind).toBe('parse');
    expect(!result.ok && result.error.message).toMatch(/^parse error: source_json is not valid JSON: /);
  });

  it('treats __proto__ keys as data', () => {
    const result = validateSourceJson('f', '{"__proto__":{"from":"raw"}}', ['raw']);
    expect(!result.ok && result.error.message).toMatch(/^V-005: asset "f": unknown source kind "__proto__"/);
  });
});
