import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  atPosition,
  DEFINITION_ERROR_CODES,
  isDefinitionError,
  parseError,
} from './errors';

describe('the definition error catalogue', () => {
  it('documents every code with a one-sentence meaning, in the README table too', () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    for (const [code, meaning] of Object.entries(DEFINITION_ERROR_CODES)) {
      expect(meaning).toMatch(/^[A-Z][^\n]+\.$/);
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
      expect(row).toContain(meaning);
    }
  });

  it('builds parse errors with the contract prefix and the position', () => {
    const error = parseError('DEF_YAML', 'bad thing', { line: 3, column: 7 });
    expect(error.message).toBe('parse error: bad thing at line 3, column 7');
    expect(error.details).toEqual({ line: 3, column: 7 });
    expect(parseError('DEF_SHAPE', 'no assets').message).toBe('parse error: no assets');
    expect(atPosition(4)).toBe(' at line 4');
  });

  it('recognises its errors', () => {
    expect(isDefinitionError(parseError('DEF_LIMIT', 'x'))).toBe(true);
    expect(isDefinitionError(new Error('x'))).toBe(false);
    expect(isDefinitionError({ name: 'DefinitionError', code: 'DEF-NOPE' })).toBe(false);
  });
});
