import { isHttpError } from './errors';
import { parsePipelineRequest } from './request';

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
