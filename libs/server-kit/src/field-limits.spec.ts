import Ajv2020 from 'ajv/dist/2020';
import {
  FIELD_LIMITS,
  MAX_ERROR_MESSAGE_CHARS,
  MAX_MAP_ENTRIES,
  boundErrorMessage,
  fieldRuleSchema,
  firstFieldProblem,
  type FieldRules,
} from './field-limits';

interface Request {
  readonly sessionId: string;
  readonly path: string;
  readonly yaml: string;
  readonly options: Readonly<Record<string, string>>;
  readonly timeoutSeconds: number;
}

const RULES: FieldRules<Request> = {
  sessionId: 'id',
  path: 'path',
  yaml: 'document',
  options: { keys: 'name', values: 'optionValue' },
};

function request(overrides: Partial<Request> = {}): Request {
  return { sessionId: 's', path: 'a.csv', yaml: '', options: { header: 'true' }, timeoutSeconds: 1, ...overrides };
}

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('firstFieldProblem', () => {
  it('accepts fields at their limits', () => {
    const atLimit = request({ sessionId: 'i'.repeat(FIELD_LIMITS.id), path: 'p'.repeat(FIELD_LIMITS.path) });
    expect(firstFieldProblem(RULES, atLimit)).toBeUndefined();
  });

  it('names the field, its length and the limit, in the caller spelling, without the value', () => {
    const problem = firstFieldProblem(RULES, request({ sessionId: 'x'.repeat(100_000) }), snake);
    expect(problem).toBe(`"session_id" is 100000 characters long; the limit is ${FIELD_LIMITS.id}`);
  });

  it('leaves definition text to the definition library', () => {
    expect(firstFieldProblem(RULES, request({ yaml: 'y'.repeat(5_000_000) }))).toBeUndefined();
  });

  it('checks map keys without quoting them, then values by name', () => {
    const longKey = firstFieldProblem(RULES, request({ options: { ['k'.repeat(300)]: 'v' } }));
    expect(longKey).toBe(`a key of "options" is 300 characters long; the limit is ${FIELD_LIMITS.name}`);
    const longValue = firstFieldProblem(RULES, request({ options: { sep: 'v'.repeat(5000) } }));
    expect(longValue).toBe(`"options.sep" is 5000 characters long; the limit is ${FIELD_LIMITS.optionValue}`);
  });

  it('bounds the number of map entries', () => {
    const options = Object.fromEntries(Array.from({ length: MAX_MAP_ENTRIES + 1 }, (_, i) => [`o${i}`, 'v']));
    expect(firstFieldProblem(RULES, request({ options }))).toBe(
      `"options" has ${MAX_MAP_ENTRIES + 1} entries; the limit is ${MAX_MAP_ENTRIES}`,
    );
  });

  it('leaves values of the wrong type to the request checks that name the type', () => {
    expect(firstFieldProblem(RULES, { ...request(), path: 42 } as unknown as Request)).toBeUndefined();
  });
});

describe('boundErrorMessage', () => {
  it('keeps a short message and cuts a long one, saying how much', () => {
    expect(boundErrorMessage('short')).toBe('short');
    const bounded = boundErrorMessage(`unknown backend "${'b'.repeat(100_000)}"`);
    expect(bounded.length).toBeLessThan(MAX_ERROR_MESSAGE_CHARS + 60);
    expect(bounded).toMatch(/^unknown backend "b+\.\.\. \(98018 more characters cut\)$/);
  });

  it('never returns a lone surrogate (grpc-js encodeURIs status messages and throws on one)', () => {
    expect(boundErrorMessage('bad \uD800 value \uDC00 end')).toBe('bad \uFFFD value \uFFFD end');
    expect(boundErrorMessage('duck \uD83E\uDD86 ok')).toBe('duck \uD83E\uDD86 ok');
    // Cutting between the two halves of a pair leaves a lone half: it is replaced too.
    const cut = boundErrorMessage(`${'x'.repeat(MAX_ERROR_MESSAGE_CHARS - 1)}\uD83E\uDD86${'y'.repeat(10)}`);
    expect(() => encodeURI(cut)).not.toThrow();
    expect(cut.startsWith(`${'x'.repeat(MAX_ERROR_MESSAGE_CHARS - 1)}\uFFFD...`)).toBe(true);
  });
});

describe('fieldRuleSchema', () => {
  const ajv = new Ajv2020({ strict: true });
  const schema = (rule: (typeof RULES)[keyof typeof RULES]) => ajv.compile(fieldRuleSchema(rule));

  it('accepts exactly the values firstFieldProblem lets through', () => {
    const cases: Array<[keyof typeof RULES, unknown]> = [
      ['sessionId', 'x'.repeat(FIELD_LIMITS.id)],
      ['sessionId', 'x'.repeat(FIELD_LIMITS.id + 1)],
      ['path', 'x'.repeat(FIELD_LIMITS.path + 1)],
      ['options', { ['k'.repeat(FIELD_LIMITS.name)]: 'v' }],
      ['options', { ['k'.repeat(FIELD_LIMITS.name + 1)]: 'v' }],
      ['options', { k: 'v'.repeat(FIELD_LIMITS.optionValue + 1) }],
      ['options', Object.fromEntries(Array.from({ length: MAX_MAP_ENTRIES }, (_, i) => [`k${i}`, 'v']))],
      ['options', Object.fromEntries(Array.from({ length: MAX_MAP_ENTRIES + 1 }, (_, i) => [`k${i}`, 'v']))],
    ];
    for (const [field, value] of cases) {
      const withinLimits = firstFieldProblem(RULES, request({ [field]: value } as Partial<Request>)) === undefined;
      expect([field, schema(RULES[field])(value)]).toEqual([field, withinLimits]);
    }
  });

  it('gives a document its type only (the definition library checks its length)', () => {
    expect(fieldRuleSchema('document')).toEqual({ type: 'string' });
    expect(schema('document')('x'.repeat(FIELD_LIMITS.text + 1))).toBe(true);
  });
});
