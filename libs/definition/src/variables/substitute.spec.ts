import { parseYaml } from '../yaml/parse-yaml';
import { isRawMap, type RawNode, YamlScalar } from '../yaml/raw-node';
import { formatFieldPath, substituteNode, substituteText } from './substitute';

function value(text: string, variables: Record<string, string> = {}): string {
  const result = substituteText(text, variables);
  if (!result.ok) throw new Error(`unexpected problem ${JSON.stringify(result.problem)}`);
  return result.value;
}

describe('substituteText', () => {
  it('uses the supplied value, then the default', () => {
    expect(value('${DIR:data}/in.csv', { DIR: 'prod' })).toBe('prod/in.csv');
    expect(value('${DIR:data}/in.csv')).toBe('data/in.csv');
    expect(value('${A}-${B:two}', { A: 'one' })).toBe('one-two');
  });

  it('accepts an empty default and a default containing colons', () => {
    expect(value('x${EMPTY:}y')).toBe('xy');
    expect(value('${URL:http://host:8080/x}')).toBe('http://host:8080/x');
  });

  it('reports a placeholder with neither value nor default', () => {
    expect(substituteText('${NAME}/x', {})).toEqual({ ok: false, problem: { kind: 'unresolved', name: 'NAME' } });
  });

  it('never reads the process environment', () => {
    process.env['PIPELINE_TEST_SECRET'] = 'do-not-leak';
    try {
      expect(substituteText('${PIPELINE_TEST_SECRET}', {})).toEqual({
        ok: false,
        problem: { kind: 'unresolved', name: 'PIPELINE_TEST_SECRET' },
      });
      expect(value('${PIPELINE_TEST_SECRET:fallback}')).toBe('fallback');
      expect(value('${HOME:none}')).toBe('none');
    } finally {
      delete process.env['PIPELINE_TEST_SECRET'];
    }
  });

  it('ignores inherited object properties as variable names', () => {
    expect(substituteText('${constructor}', {})).toEqual({ ok: false, problem: { kind: 'unresolved', name: 'constructor' } });
    expect(value('${toString:d}')).toBe('d');
  });

  it('renders $${ as a literal ${ without expanding it', () => {
    expect(value('$${NAME}', { NAME: 'x' })).toBe('${NAME}');
    expect(value('cost $$ and $${A}-${A}', { A: 'a' })).toBe('cost $$ and ${A}-a');
  });

  it('never expands a substituted value again', () => {
    expect(value('${A}', { A: '${B}', B: 'no' })).toBe('${B}');
    expect(value('${A}', { A: '$${B}' })).toBe('$${B}');
  });

  it('keeps a value containing YAML syntax as plain text', () => {
    expect(value('${V}', { V: 'a: [1, {b: 2}]' })).toBe('a: [1, {b: 2}]');
  });

  it('reports malformed placeholders', () => {
    expect(substituteText('${}', {})).toEqual({ ok: false, problem: { kind: 'malformed', placeholder: '${}' } });
    expect(substituteText('a ${NO END', {})).toEqual({ ok: false, problem: { kind: 'malformed', placeholder: '${NO END' } });
    expect(substituteText('${bad name}', {})).toEqual({ ok: false, problem: { kind: 'malformed', placeholder: '${bad name}' } });
    expect(substituteText(`\${${'x'.repeat(100)}`, {})).toEqual({
      ok: false,
      problem: { kind: 'malformed', placeholder: `\${${'x'.repeat(38)}...` },
    });
  });

  it('allows letters, digits, underscores and dots in names', () => {
    expect(value('${db.host_2}', { 'db.host_2': 'h' })).toBe('h');
  });

  it('stops runaway growth at the budget', () => {
    const budget = { remaining: 10 };
    expect(substituteText('${A}', { A: 'x'.repeat(15) }, budget)).toEqual({
      ok: false,
      problem: { kind: 'limit', limit: 4194304 },
    });
    const ok = substituteText('${A}', { A: 'x'.repeat(8) }, budget);
    expect(ok.ok).toBe(true);
    expect(budget.remaining).toBe(6);
    expect(substituteText('${A}${A}', { A: 'x'.repeat(8) }, budget).ok).toBe(false);
  });
});

describe('substituteNode', () => {
  it('substitutes string values only, after parsing, and keeps keys and other scalars', () => {
    const { root } = parseYaml('path: ${P:x}\nn: 3\nlist: [a, "${V}"]\n"${K}": k\n');
    const result = substituteNode(root, { P: 'in.csv', V: 'a: [1, {b: 2}]', K: 'no' });
    if (!result.ok) throw new Error('unexpected problem');
    const map = result.node;
    if (!isRawMap(map)) throw new Error('expected a mapping');
    expect(map.get('path')).toBe('in.csv');
    expect(map.get('n')).toEqual(new YamlScalar('int', '3', 3));
    expect(map.get('list')).toEqual(['a', 'a: [1, {b: 2}]']);
    expect(map.get('${K}')).toBe('k');
  });

  it('names the field of the first problem in document order', () => {
    const { root } = parseYaml('from: a\noptions: {header: "${H}"}\nagg: [ok, "${X}"]\n');
    expect(substituteNode(root as RawNode, {})).toEqual({
      ok: false,
      problem: { kind: 'unresolved', name: 'H', field: 'options.header' },
    });
    const { root: second } = parseYaml('agg: [ok, "${X}"]\n');
    expect(substituteNode(second, {})).toEqual({ ok: false, problem: { kind: 'unresolved', name: 'X', field: 'agg[1]' } });
  });
});

describe('formatFieldPath', () => {
  it('joins keys with dots and renders list positions in brackets', () => {
    expect(formatFieldPath(['options', 'header'])).toBe('options.header');
    expect(formatFieldPath(['agg', 1])).toBe('agg[1]');
    expect(formatFieldPath([])).toBe('');
  });
});
