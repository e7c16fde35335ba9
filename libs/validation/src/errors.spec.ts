import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isValidationError,
  VALIDATION_ERROR_CODES,
  type ValidationError,
  type ValidationErrorCode,
  validationErrors,
} from './errors';

const who = { name: 'a', number: 1 };

/** One call of every builder of the catalogue. */
const SAMPLES: Record<keyof typeof validationErrors, () => ValidationError> = {
  parse: () => validationErrors.parse('parse error: x'),
  unknownReference: () => validationErrors.unknownReference(who, 'b'),
  duplicateAsset: () => validationErrors.duplicateAsset('a', 1, 2),
  cycle: () => validationErrors.cycle(['a', 'b', 'a']),
  invalidAssetName: () => validationErrors.invalidAssetName('1x', 1),
  missingKind: () => validationErrors.missingKind(who, ['input']),
  severalKinds: () => validationErrors.severalKinds(who, ['input', 'where']),
  unknownKind: () => validationErrors.unknownKind(who, 'joinn', ['input']),
  kindNotAllowed: () => validationErrors.kindNotAllowed(who, 'input', ['where']),
  required: () => validationErrors.required(who, 'input.path'),
  wrongType: () => validationErrors.wrongType(who, 'where.filter', 'a string', 'a list'),
  empty: () => validationErrors.empty(who, 'select.columns'),
  invalidField: () => validationErrors.invalidField(who, 'x.y', 'must be one of a, b'),
  backendNotConfigured: () => validationErrors.backendNotConfigured('spark', '--spark-remote'),
  unknownField: () => validationErrors.unknownField(who, 'fliter', 'where', ['from', 'filter']),
  assetNotAMapping: () => validationErrors.assetNotAMapping(1, 'a string'),
  bothAssetLists: () => validationErrors.bothAssetLists(),
  notBooleanOption: () => validationErrors.notBooleanOption(who, 'input.options.header', 'yes'),
  referencesOutput: () => validationErrors.referencesOutput(who, 'out'),
  unknownFormat: () => validationErrors.unknownFormat(who, 'xml', ['csv']),
  unknownMode: () => validationErrors.unknownMode(who, 'upsert', ['overwrite']),
  expression: () => validationErrors.expression(who, 'filter', 'unexpected token ")" at column 14'),
  unresolvedVariable: () => validationErrors.unresolvedVariable('NAME', who, 'path'),
  malformedVariable: () => validationErrors.malformedVariable('${}', who, 'path'),
  variableLimit: () => validationErrors.variableLimit(10, who, 'path'),
  invalidVariables: () => validationErrors.invalidVariables('variables must be a mapping of names to strings (got a list)'),
  unsupportedVersion: () => validationErrors.unsupportedVersion('1.0'),
  unknownOption: () => validationErrors.unknownOption(who, 'headr', 'csv', ['header']),
  duplicateOption: () => validationErrors.duplicateOption(who, 'delimiter', 'sep'),
  noOutput: () => validationErrors.noOutput(),
  unsupportedByBackend: () => validationErrors.unsupportedByBackend(who, 'window', 'danfo', 'runs on DuckDB only'),
  bothShapes: () => validationErrors.bothShapes(),
  notSupported: () => validationErrors.notSupported('hooks', 'they run commands'),
  specRule: () => validationErrors.specRule('V-006', 'E-META-001', 'pipeline: owner.type must be one of technical, business, steward (got "boss")'),
  kindNotSupported: () => validationErrors.kindNotSupported(who, 'sql', 'raw SQL'),
  kindNotInSession: () => validationErrors.kindNotInSession(who, 'split', 'it makes two assets'),
  referencesSplit: () => validationErrors.referencesSplit(who, 's', { pass: 'p', fail: 'f' }),
  qualityNotAList: () => validationErrors.qualityNotAList('a mapping'),
  qualityField: () => validationErrors.qualityField({ name: 'q', number: 1 }, 'checks[0] (completeness): threshold', 'must be a number from 0 to 1 (got 2)'),
  qualityUnknownField: () => validationErrors.qualityUnknownField({ number: 2 }, undefined, 'owner', ['suite', 'target']),
  qualityReference: () => validationErrors.qualityReference({ name: 'q', number: 1 }, 'target', 'x', 'unknown'),
  qualityExpression: () => validationErrors.qualityExpression({ name: 'q', number: 1 }, 'filter', 'unexpected end of expression at column 3'),
};

describe('the validation error catalogue', () => {
  const codes = Object.keys(VALIDATION_ERROR_CODES) as ValidationErrorCode[];

  it('has PARSE and exactly V-001 to V-014', () => {
    expect(codes).toEqual(['PARSE', ...Array.from({ length: 14 }, (_, i) => `V-${String(i + 1).padStart(3, '0')}`)]);
  });

  it('has at least one message builder for every code, and every builder yields a catalogued code', () => {
    const built = Object.values(SAMPLES).map((sample) => sample());
    for (const error of built) {
      expect(codes).toContain(error.code);
      expect(isValidationError(error)).toBe(true);
    }
    expect(new Set(built.map((error) => error.code))).toEqual(new Set(codes));
  });

  it('formats every message as "<code>: <detail>" or "parse error: <detail>"', () => {
    for (const sample of Object.values(SAMPLES)) {
      const error = sample();
      if (error.code === 'PARSE') {
        expect(error.kind).toBe('parse');
        expect(error.message).toMatch(/^parse error: ./);
      } else {
        expect(error.kind).toBe('validation');
        expect(error.message.startsWith(`${error.code}: `)).toBe(true);
      }
      expect(error.message).not.toMatch(/undefined|\[object /);
    }
  });

  it('puts the spec code of an expression error after the V-code, and into details', () => {
    const error = validationErrors.expression(who, 'filter', "invalid DATE literal 'x' (expected YYYY-MM-DD) at column 6", { specCode: 'E-EXPR-004' });
    expect(error.message).toBe("V-009: E-EXPR-004: asset \"a\": filter: invalid DATE literal 'x' (expected YYYY-MM-DD) at column 6");
    expect(error.details).toMatchObject({ asset: 'a', field: 'filter', specCode: 'E-EXPR-004' });
    expect(validationErrors.qualityExpression({ name: 'q', number: 1 }, 'filter', 'x at column 1', { specCode: 'E-EXPR-005' }).message).toBe(
      'V-009: E-EXPR-005: quality suite "q": filter: x at column 1',
    );
  });

  it('documents every code with a one-sentence meaning', () => {
    for (const meaning of Object.values(VALIDATION_ERROR_CODES)) expect(meaning).toMatch(/^[A-Z][^\n]+\.$/);
  });

  it('lists every code, with its meaning, in the README table', () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    for (const code of codes) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
      expect(row).toBeDefined();
      expect(row).toContain(VALIDATION_ERROR_CODES[code]);
    }
  });

  it('keeps the examples of the contract', () => {
    expect(validationErrors.unknownReference({ name: 'missing', number: 2 }, 'nonexistent').message).toBe(
      'V-001: asset "missing" references unknown asset "nonexistent"',
    );
    expect(validationErrors.duplicateAsset('orders', 2, 5).message).toBe('V-002: duplicate asset "orders" (assets 2 and 5)');
    expect(validationErrors.cycle(['a', 'b', 'c', 'a']).message).toBe('V-003: cycle: a -> b -> c -> a');
    expect(validationErrors.required({ name: 'x', number: 1 }, 'input.path').message).toBe('V-006: asset "x": input.path is required');
    expect(validationErrors.referencesOutput({ name: 'b', number: 1 }, 'out').message).toBe('V-007: asset "b" references output asset "out"');
    expect(validationErrors.expression({ name: 'f', number: 1 }, 'filter', 'unexpected token ")" at column 14').message).toBe(
      'V-009: asset "f": filter: unexpected token ")" at column 14',
    );
    expect(validationErrors.unresolvedVariable('NAME', { name: 'a', number: 1 }, 'path').message).toBe(
      'V-010: unresolved variable "NAME" in asset "a" field "path"',
    );
    expect(validationErrors.unsupportedVersion('1.0').message).toBe('V-011: unsupported version "1.0" (expected "3.0")');
    expect(validationErrors.noOutput().message).toBe('V-013: pipeline has no output asset');
  });

  it('recognises validation errors as plain data only when well-formed', () => {
    expect(isValidationError(JSON.parse(JSON.stringify(validationErrors.noOutput())))).toBe(true);
    expect(isValidationError({ kind: 'validation', code: 'V-999', message: 'x', details: {} })).toBe(false);
    expect(isValidationError(new Error('x'))).toBe(false);
    expect(isValidationError(null)).toBe(false);
  });
});

describe('V-014', () => {
  it('names the asset, the kind or function and the backend, with the reason in the details', () => {
    const e = validationErrors.unsupportedByBackend({ name: 'w', number: 3 }, 'window', 'danfo', 'runs on DuckDB only', { line: 12 });
    expect(e).toEqual({
      kind: 'validation',
      code: 'V-014',
      message: 'V-014: asset "w": window is not supported by backend "danfo"',
      details: { asset: 'w', assetNumber: 3, backend: 'danfo', reason: 'runs on DuckDB only', line: 12 },
    });
  });
});
