import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { FIELD_LIMITS, MAX_MAP_ENTRIES } from '@pipeline/server-kit';
import { isHttpError } from './errors';
import { PIPELINE_REQUEST_SCHEMA, parsePipelineRequest, readPipelineRequest } from './request';

describe('parsePipelineRequest', () => {
  it('reads yaml, variables and backend', () => {
    expect(parsePipelineRequest({ yaml: 'a: 1', variables: { X: 'y' }, backend: 'danfo' })).toEqual({
      yaml: 'a: 1',
      variables: { X: 'y' },
      backend: 'danfo',
    });
  });

  it('defaults variables to an empty map and leaves backend out', () => {
    const request = parsePipelineRequest({ yaml: '' });
    expect(request).toEqual({ yaml: '', variables: {} });
    expect('backend' in request).toBe(false);
  });

  it('keeps a variable named like an Object property as plain data', () => {
    const body = JSON.parse('{"yaml":"x","variables":{"__proto__":"p","constructor":"c"}}');
    const { variables } = parsePipelineRequest(body);
    expect(variables['__proto__']).toBe('p');
    expect(variables['constructor']).toBe('c');
  });

  it.each([
    [undefined, 'the body must be a JSON object with a string "yaml" (got undefined)'],
    [null, 'the body must be a JSON object with a string "yaml" (got null)'],
    [[1], 'the body must be a JSON object with a string "yaml" (got an array)'],
    ['yaml', 'the body must be a JSON object with a string "yaml" (got string)'],
    [{}, '"yaml" is required'],
    [{ variables: {} }, '"yaml" is required'],
    [{ yaml: 3 }, '"yaml" must be a string (got number)'],
    [{ yaml: null }, '"yaml" must be a string (got null)'],
    [{ yaml: 'x', variables: ['a'] }, '"variables" must be an object mapping names to strings (got an array)'],
    [{ yaml: 'x', variables: 'A=1' }, '"variables" must be an object mapping names to strings (got string)'],
    [{ yaml: 'x', variables: null }, '"variables" must be an object mapping names to strings (got null)'],
    [{ yaml: 'x', variables: { A: 1 } }, '"variables.A" must be a string (got number)'],
    [{ yaml: 'x', variables: { A: 'ok', B: { c: 'd' } } }, '"variables.B" must be a string (got an object)'],
    [{ yaml: 'x', backend: 1 }, '"backend" must be a string (got number)'],
    [{ yaml: 'x', varaibles: {} }, 'unknown field "varaibles" (expected yaml, variables, backend)'],
  ])('rejects %j', (body, detail) => {
    let thrown: unknown;
    try {
      parsePipelineRequest(body);
    } catch (e) {
      thrown = e;
    }
    expect(isHttpError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'HTTP_INVALID_REQUEST', message: detail });
  });
});

describe('PIPELINE_REQUEST_SCHEMA', () => {
  const schemaAccepts = new Ajv2020({ strict: true }).compile(PIPELINE_REQUEST_SCHEMA);
  const serverAccepts = (body: unknown): boolean => {
    try {
      readPipelineRequest(body);
      return true;
    } catch (error) {
      if (!isHttpError(error) && (error as { code?: unknown }).code !== 'E_UNKNOWN_BACKEND') throw error;
      return false;
    }
  };
  const agree = (body: unknown) => expect({ body, schema: schemaAccepts(body) }).toEqual({ body, schema: serverAccepts(body) });

  it('accepts exactly the bodies the server accepts (generated bodies)', () => {
    const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', 'duckdb', 'danfo', 'DuckDB', 'x'.repeat(FIELD_LIMITS.name + 1)));
    const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 2 }), fc.dictionary(text, fc.oneof(text, fc.integer()), { maxKeys: 3 }));
    const key = fc.constantFrom('yaml', 'variables', 'backend', 'varaibles', 'extra');
    const body = fc.oneof(fc.dictionary(key, value, { maxKeys: 4 }), value, fc.record({ yaml: text }, { requiredKeys: [] }));
    fc.assert(fc.property(body, (b) => agree(b)), { numRuns: 2000 });
  });

  it('agrees on the limits of each field', () => {
    const entries = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`V${i}`, 'v']));
    for (const body of [
      { yaml: 'x', backend: 'd'.repeat(FIELD_LIMITS.name + 1) },
      { yaml: 'x', variables: { ['k'.repeat(FIELD_LIMITS.name)]: 'v' } },
      { yaml: 'x', variables: { ['k'.repeat(FIELD_LIMITS.name + 1)]: 'v' } },
      { yaml: 'x', variables: { K: 'v'.repeat(FIELD_LIMITS.variableValue) } },
      { yaml: 'x', variables: { K: 'v'.repeat(FIELD_LIMITS.variableValue + 1) } },
      { yaml: 'x', variables: entries(MAX_MAP_ENTRIES) },
      { yaml: 'x', variables: entries(MAX_MAP_ENTRIES + 1) },
      { yaml: 'y'.repeat(FIELD_LIMITS.text + 1) },
      JSON.parse('{"yaml":"x","variables":{"__proto__":"p"}}'),
    ]) {
      agree(body);
    }
  });
});
