/**
 * The validation error catalogue: every code of the contract (`PARSE`, `V-001` .. `V-014`), what
 * it means, and one builder per message. Messages read `<code>: <detail>` (or
 * `parse error: <detail>`), name the asset and the field, and are the public contract: the HTTP
 * and gRPC servers pass them through unchanged.
 */
import { EXPRESSION_SPEC_CODES, type ExpressionErrorCode } from '@pipeline/definition';
import { boundErrorMessage } from '@pipeline/errors';

/** Every code with its one-sentence meaning (documented in libs/validation/README.md). */
export const VALIDATION_ERROR_CODES = {
  PARSE: 'The text is not a pipeline document: not YAML, not a mapping at the top, no asset list, or over a size limit.',
  'V-001': 'A reference (`from`) names an asset that does not exist.',
  'V-002': 'Two assets have the same `asset_ref`.',
  'V-003': 'Assets depend on each other in a cycle.',
  'V-004': 'An `asset_ref` is not a valid asset name.',
  'V-005': 'A source names no kind, several kinds, or an unknown kind.',
  'V-006': 'A required field is missing, a field has the wrong type, or a field is unknown.',
  'V-007': 'An asset reads an output asset (outputs are sinks).',
  'V-008': 'A format or write mode is not supported.',
  'V-009': 'An expression does not parse, calls an unknown function, or does not fit its field.',
  'V-010': 'A variable placeholder cannot be resolved or is malformed, or the variables are not strings.',
  'V-011': 'The definition version is not supported.',
  'V-012': 'An option name is not accepted by the format.',
  'V-013': 'The pipeline has no output asset.',
  'V-014': 'A kind or function is not run by the chosen backend.',
} as const;

/** A stable validation error code. */
export type ValidationErrorCode = keyof typeof VALIDATION_ERROR_CODES;

/** Structured context of a validation error. Positions are 1-based. */
export interface ValidationErrorDetails {
  /** The asset's `asset_ref`, when it has a usable one. */
  readonly asset?: string;
  /** 1-based position of the asset in its list. */
  readonly assetNumber?: number;
  /** The field at fault, as named in the message (`input.path`, `agg[1]`, `version`). */
  readonly field?: string;
  /** Line (and column) in the YAML text: where the offending value starts when it can be found, else the asset's line. */
  readonly line?: number;
  readonly column?: number;
  /** V-001 / V-007: the referenced asset. */
  readonly reference?: string;
  /** V-002: the 1-based numbers of both assets. */
  readonly assetNumbers?: readonly [number, number];
  /** V-003: the cycle in data-flow order, first asset repeated at the end. */
  readonly cycle?: readonly string[];
  /** V-010: the variable name. */
  readonly variable?: string;
  /** V-012: the option name. */
  readonly option?: string;
  /** Accepted values or names, for V-005, V-006, V-008, V-012. */
  readonly expected?: readonly string[];
  /** V-009: 1-based column inside the expression text. */
  readonly expressionColumn?: number;
  /** Code of the underlying library error (`DEF_YAML`, `EXPR_SYNTAX`, ...). */
  readonly cause?: string;
  /** V-014: the backend that does not run the kind or function, and why. */
  readonly backend?: string;
  readonly reason?: string;
  /** Quality suites: the suite's name and the check's 0-based index in it. */
  readonly suite?: string;
  readonly check?: number;
  /** A close name for a misspelt reference, field, kind, option or function (`active` for `actve`). */
  readonly suggestion?: string;
  /** The Teckel specification's own code for the rule (`E-REF-001`, `E-META-001`, ...), where it names one (spec 25). */
  readonly specCode?: string;
}

/** The spec's code of the expression error behind a V-009 (`cause`), where the specification names one. */
function expressionSpecCode(cause: string | undefined): string | undefined {
  return cause !== undefined && Object.hasOwn(EXPRESSION_SPEC_CODES, cause) ? EXPRESSION_SPEC_CODES[cause as ExpressionErrorCode] : undefined;
}

/** Invalid literals (spec 10.3) are the V-009s whose message leads with the spec's code; the others carry it in the details. */
const CODES_SHOWN_IN_V009 = new Set(['E-EXPR-004', 'E-EXPR-005']);

/** A V-009's message prefix and details: the code the caller gives, or the one of its expression error. */
function v009Spec(details: ValidationErrorDetails): { prefix: string; details: Pick<ValidationErrorDetails, 'specCode'> } {
  const derived = expressionSpecCode(details.cause);
  const specCode = details.specCode ?? derived;
  if (specCode === undefined) return { prefix: '', details: {} };
  const shown = details.specCode !== undefined || CODES_SHOWN_IN_V009.has(specCode);
  return { prefix: shown ? `${specCode}: ` : '', details: { specCode } };
}

/** A validation failure as plain data (safe to send across a worker-thread boundary). */
export interface ValidationError {
  readonly kind: 'parse' | 'validation';
  readonly code: ValidationErrorCode;
  readonly message: string;
  readonly details: ValidationErrorDetails;
}

/** Who an asset-level message is about: `asset "x"` when the name is usable, else `asset 3`. */
export interface AssetSubject {
  readonly name?: string;
  /** 1-based. */
  readonly number: number;
}

function subject(who: AssetSubject): string {
  return who.name === undefined ? `asset ${who.number}` : `asset "${who.name}"`;
}

function subjectDetails(who: AssetSubject): Pick<ValidationErrorDetails, 'asset' | 'assetNumber'> {
  return who.name === undefined ? { assetNumber: who.number } : { asset: who.name, assetNumber: who.number };
}

function make(code: Exclude<ValidationErrorCode, 'PARSE'>, detail: string, details: ValidationErrorDetails): ValidationError {
  return { kind: 'validation', code, message: boundErrorMessage(`${code}: ${detail}`), details };
}


function list(values: readonly string[]): string {
  return values.join(', ');
}

/** Which quality suite a message is about: `quality suite "orders"` when it has a usable name, else `quality suite 2`. */
export interface QualitySubject {
  readonly name?: string;
  /** 1-based position in the `quality` list. */
  readonly number: number;
}

function suiteSubject(suite: QualitySubject): string {
  return suite.name === undefined ? `quality suite ${suite.number}` : `quality suite "${suite.name}"`;
}

function suiteDetails(suite: QualitySubject): Pick<ValidationErrorDetails, 'suite'> {
  return suite.name === undefined ? {} : { suite: suite.name };
}

/** Message builders, one per situation, grouped by code. */
export const validationErrors = {
  /** PARSE: `message` is a definition parse error's text, already `parse error: ...`. */
  parse: (message: string, details: ValidationErrorDetails = {}): ValidationError => ({
    kind: 'parse',
    code: 'PARSE',
    message: boundErrorMessage(message.startsWith('parse error: ') ? message : `parse error: ${message}`),
    details,
  }),

  /** V-001 */
  unknownReference: (who: AssetSubject, reference: string, details: ValidationErrorDetails = {}) =>
    make('V-001', `${subject(who)} references unknown asset "${reference}"`, {
      specCode: 'E-REF-001',
      ...subjectDetails(who),
      reference,
      ...details,
    }),

  /** V-001: a split's own name is not an asset (spec 8.21); its `pass` and `fail` assets are. */
  referencesSplit: (
    who: AssetSubject,
    split: string,
    outputs: { readonly pass: string; readonly fail: string },
    details: ValidationErrorDetails = {},
  ) =>
    make(
      'V-001',
      `${subject(who)} references split "${split}", which is not an asset: reference its pass asset "${outputs.pass}" or its fail asset "${outputs.fail}"`,
      { specCode: 'E-REF-001', ...subjectDetails(who), reference: split, ...details },
    ),

  /** V-002 */
  duplicateAsset: (name: string, firstNumber: number, secondNumber: number, details: ValidationErrorDetails = {}) =>
    make('V-002', `duplicate asset "${name}" (assets ${firstNumber} and ${secondNumber})`, {
      specCode: 'E-NAME-001',
      asset: name,
      assetNumber: secondNumber,
      assetNumbers: [firstNumber, secondNumber],
      ...details,
    }),

  /** V-003 */
  cycle: (cycle: readonly string[], details: ValidationErrorDetails = {}) =>
    make('V-003', `cycle: ${cycle.join(' -> ')}`, { specCode: 'E-CYCLE-001', cycle, ...details }),

  /** V-004 */
  invalidAssetName: (name: string, number: number, details: ValidationErrorDetails = {}) =>
    make(
      'V-004',
      `invalid asset name "${name}": must start with a letter and contain only letters, digits, "_" and "-" (at most 128 characters)`,
      { specCode: 'E-NAME-002', assetNumber: number, field: 'asset_ref', ...details },
    ),

  /** V-005: the source mapping has no key. */
  missingKind: (who: AssetSubject, expected: readonly string[], details: ValidationErrorDetails = {}) =>
    make('V-005', `${subject(who)}: source names no kind (expected one of ${list(expected)})`, {
      specCode: 'E-OP-001',
      ...subjectDetails(who),
      field: 'source',
      expected,
      ...details,
    }),

  /** V-005: the source mapping has several keys. */
  severalKinds: (who: AssetSubject, kinds: readonly string[], details: ValidationErrorDetails = {}) =>
    make(
      'V-005',
      `${subject(who)}: source names several kinds (${kinds.map((k) => `"${k}"`).join(', ')}); expected exactly one`,
      { specCode: 'E-OP-001', ...subjectDetails(who), field: 'source', ...details },
    ),

  /** V-005: the source's key is not a kind. */
  unknownKind: (who: AssetSubject, kind: string, expected: readonly string[], details: ValidationErrorDetails = {}) =>
    make('V-005', `${subject(who)}: unknown source kind "${kind}" (expected one of ${list(expected)})`, {
      specCode: 'E-OP-002',
      ...subjectDetails(who),
      field: 'source',
      expected,
      ...details,
    }),

  /** V-005: a kind that exists but is not allowed in this place (the gRPC ApplyTransform wants a transformation). */
  kindNotAllowed: (who: AssetSubject, kind: string, allowed: readonly string[], details: ValidationErrorDetails = {}) =>
    make('V-005', `${subject(who)}: source kind "${kind}" is not allowed here (expected one of ${list(allowed)})`, {
      ...subjectDetails(who),
      field: 'source',
      expected: allowed,
      ...details,
    }),

  /** V-006: a required field is absent. `owner` prefixes the message (an asset subject) or is omitted. */
  required: (owner: AssetSubject | undefined, field: string, details: ValidationErrorDetails = {}) =>
    make('V-006', `${prefix(owner)}${field} is required`, { specCode: 'E-REQ-001', ...ownerDetails(owner), field, ...details }),

  /** V-006: a field holds the wrong type of value. */
  wrongType: (
    owner: AssetSubject | undefined,
    field: string,
    expected: string,
    got: string,
    details: ValidationErrorDetails = {},
  ) => make('V-006', `${prefix(owner)}${field} must be ${expected} (got ${got})`, { ...ownerDetails(owner), field, ...details }),

  /** V-006: a list (spec E-LIST-001, given by the caller that knows it is one) or text that must not be empty is empty. */
  empty: (owner: AssetSubject | undefined, field: string, details: ValidationErrorDetails = {}) =>
    make('V-006', `${prefix(owner)}${field} must not be empty`, { ...ownerDetails(owner), field, ...details }),

  /** V-006: a field's value breaks another rule of its schema. */
  invalidField: (owner: AssetSubject | undefined, field: string, detail: string, details: ValidationErrorDetails = {}) =>
    make('V-006', `${prefix(owner)}${field} ${detail}`, { ...ownerDetails(owner), field, ...details }),

  /** V-006: a field that the place does not define. `place` names the mapping (`where`, `pipeline`), or is omitted. */
  unknownField: (
    owner: AssetSubject | undefined,
    field: string,
    place: string | undefined,
    expected: readonly string[],
    details: ValidationErrorDetails = {},
  ) =>
    make(
      'V-006',
      `${prefix(owner)}unknown ${place === undefined && owner === undefined ? 'top-level ' : ''}field "${field}"${
        place === undefined ? '' : ` in ${place}`
      } (expected ${list(expected)})`,
      { ...ownerDetails(owner), field: place === undefined ? field : `${place}.${field}`, expected, ...details },
    ),

  /** V-006: an entry of the asset list is not a mapping. */
  assetNotAMapping: (number: number, got: string, details: ValidationErrorDetails = {}) =>
    make('V-006', `asset ${number} must be a mapping (got ${got})`, { assetNumber: number, ...details }),

  /** V-006: both asset list places are used. */
  bothAssetLists: (details: ValidationErrorDetails = {}) =>
    make('V-006', 'both pipeline.assets and a top-level assets list are present (use pipeline.assets)', {
      field: 'assets',
      ...details,
    }),

  /** V-006: the asset shape and the Teckel shape are mixed in one document. */
  bothShapes: (details: ValidationErrorDetails = {}) =>
    make(
      'V-006',
      'the document mixes the asset shape (pipeline.assets or assets) and the Teckel shape (input, transformation, output lists); use one',
      { field: 'input', ...details },
    ),

  /** A rule the Teckel specification gives a code of its own: the message reads `<V-code>: <spec code>: <detail>`. */
  specRule: (code: 'V-001' | 'V-006', specCode: string, detail: string, details: ValidationErrorDetails = {}) =>
    make(code, `${specCode}: ${detail}`, { specCode, ...details }),

  /** V-006: a top-level part of the Teckel language this service does not run, and why. */
  notSupported: (field: string, why: string, details: ValidationErrorDetails = {}) =>
    make('V-006', `${field} is not supported by this service (${why})`, { field, ...details }),

  /** V-005: a kind of the Teckel language this service does not run, and why. */
  kindNotSupported: (who: AssetSubject, kind: string, why: string, details: ValidationErrorDetails = {}) =>
    make('V-005', `${subject(who)}: source kind "${kind}" is not supported by this service (${why})`, {
      ...subjectDetails(who),
      field: kind,
      ...details,
    }),

  /** V-005: a kind a pipeline runs but one session call cannot (a split makes two assets). */
  kindNotInSession: (who: AssetSubject, kind: string, why: string, details: ValidationErrorDetails = {}) =>
    make('V-005', `${subject(who)}: source kind "${kind}" cannot be applied in a session (${why})`, {
      ...subjectDetails(who),
      field: kind,
      ...details,
    }),

  /** V-006: the top-level `quality` value is not a list of suites. */
  qualityNotAList: (got: string, details: ValidationErrorDetails = {}) =>
    make('V-006', `quality must be a list of suites (got ${got})`, { field: 'quality', ...details }),

  /**
   * V-006: something is wrong in a quality suite. `where` names the place inside the suite
   * (`target`, `checks[1] (completeness): threshold`) and `detail` what is wrong with it.
   */
  qualityField: (suite: QualitySubject, where: string, detail: string, details: ValidationErrorDetails = {}) =>
    make('V-006', `${suiteSubject(suite)}: ${where} ${detail}`, { ...suiteDetails(suite), ...details }),

  /** V-006: a field a quality suite or check does not define. */
  qualityUnknownField: (suite: QualitySubject, where: string | undefined, field: string, expected: readonly string[], details: ValidationErrorDetails = {}) =>
    make('V-006', `${suiteSubject(suite)}: ${where === undefined ? '' : `${where}: `}unknown field "${field}" (expected ${list(expected)})`, {
      ...suiteDetails(suite),
      expected,
      ...details,
    }),

  /** V-001 / V-007: a suite's target or a referential check's reference names no usable asset. */
  qualityReference: (suite: QualitySubject, where: string, reference: string, problem: 'unknown' | 'output', details: ValidationErrorDetails = {}) =>
    problem === 'unknown'
      ? make('V-001', `${suiteSubject(suite)}: ${where} references unknown asset "${reference}"`, { specCode: 'E-REF-001', ...suiteDetails(suite), reference, ...details })
      : make('V-007', `${suiteSubject(suite)}: ${where} references output asset "${reference}" (name the asset it writes)`, {
          specCode: 'E-REF-002',
          ...suiteDetails(suite),
          reference,
          ...details,
        }),

  /** V-009: an expression of a quality suite (`filter`, a check's `condition`) does not parse or fit. */
  qualityExpression: (suite: QualitySubject, where: string, message: string, details: ValidationErrorDetails = {}) => {
    const spec = v009Spec(details);
    return make('V-009', `${spec.prefix}${suiteSubject(suite)}: ${where}: ${message}`, { ...spec.details, ...suiteDetails(suite), ...details });
  },

  /** V-006: a boolean option holds something other than true or false. */
  notBooleanOption: (who: AssetSubject, field: string, value: string, details: ValidationErrorDetails = {}) =>
    make('V-006', `${subject(who)}: ${field} must be "true" or "false" (got "${value}")`, {
      ...subjectDetails(who),
      field,
      ...details,
    }),

  /** V-007 */
  referencesOutput: (who: AssetSubject, output: string, details: ValidationErrorDetails = {}) =>
    make('V-007', `${subject(who)} references output asset "${output}"`, {
      specCode: 'E-REF-002',
      ...subjectDetails(who),
      reference: output,
      ...details,
    }),

  /** V-008: format. */
  unknownFormat: (who: AssetSubject, format: string, expected: readonly string[], details: ValidationErrorDetails = {}) =>
    make('V-008', `${subject(who)}: unknown format "${format}" (expected ${list(expected)})`, {
      specCode: 'E-FMT-001',
      ...subjectDetails(who),
      expected,
      ...details,
    }),

  /** V-008: mode. */
  unknownMode: (who: AssetSubject, mode: string, expected: readonly string[], details: ValidationErrorDetails = {}) =>
    make('V-008', `${subject(who)}: unknown mode "${mode}" (expected ${list(expected)})`, {
      specCode: 'E-MODE-001',
      ...subjectDetails(who),
      expected,
      ...details,
    }),

  /** V-009: `message` is the expression error's own (`unexpected token ")" at column 14`). */
  expression: (who: AssetSubject, field: string, message: string, details: ValidationErrorDetails = {}) => {
    const spec = v009Spec(details);
    return make('V-009', `${spec.prefix}${subject(who)}: ${field}: ${message}`, { ...spec.details, ...subjectDetails(who), field, ...details });
  },

  /** V-010: no supplied value and no default. `owner` is omitted for document-level fields. */
  unresolvedVariable: (
    name: string,
    owner: AssetSubject | undefined,
    field: string,
    details: ValidationErrorDetails = {},
  ) =>
    make('V-010', `unresolved variable "${name}" in ${located(owner, field)}`, {
      specCode: 'E-VAR-001',
      ...ownerDetails(owner),
      field,
      variable: name,
      ...details,
    }),

  /** V-010: a `${` that does not start a well-formed placeholder. */
  malformedVariable: (
    placeholder: string,
    owner: AssetSubject | undefined,
    field: string,
    details: ValidationErrorDetails = {},
  ) =>
    make('V-010', `malformed variable placeholder "${placeholder}" in ${located(owner, field)}`, {
      ...ownerDetails(owner),
      field,
      ...details,
    }),

  /** V-010: substituted values would make the document too large. */
  variableLimit: (limit: number, owner: AssetSubject | undefined, field: string, details: ValidationErrorDetails = {}) =>
    make('V-010', `variable substitution exceeds ${limit} characters in ${located(owner, field)}`, {
      ...ownerDetails(owner),
      field,
      ...details,
    }),

  /** V-010: the variables argument itself is not a mapping of strings. */
  invalidVariables: (detail: string, variable?: string) =>
    make('V-010', detail, variable === undefined ? {} : { variable }),

  /** V-011 */
  unsupportedVersion: (version: string, details: ValidationErrorDetails = {}) =>
    make('V-011', `unsupported version "${version}" (expected "3.0")`, { specCode: 'E-VERSION-001', field: 'version', ...details }),

  /** V-012: unknown option name. */
  unknownOption: (
    who: AssetSubject,
    option: string,
    format: string,
    accepted: readonly string[],
    details: ValidationErrorDetails = {},
  ) =>
    make('V-012', `${subject(who)}: unknown ${format} option "${option}" (expected one of ${list(accepted)})`, {
      ...subjectDetails(who),
      option,
      expected: accepted,
      ...details,
    }),

  /** V-012: two spellings of one option. */
  duplicateOption: (who: AssetSubject, option: string, first: string, details: ValidationErrorDetails = {}) =>
    make('V-012', `${subject(who)}: option "${option}" repeats option "${first}"`, {
      ...subjectDetails(who),
      option,
      ...details,
    }),

  /** V-013 */
  noOutput: (details: ValidationErrorDetails = {}) => make('V-013', 'pipeline has no output asset', details),

  /** V-014: `what` is a kind or function name; `reason` says why the backend does not run it. */
  /** A backend this server has not been configured to reach (spark without --spark-remote). */
  backendNotConfigured: (backend: string, setting: string) => make('V-014', `backend "${backend}" is not configured on this server (set ${setting})`, { backend }),
  unsupportedByBackend: (who: AssetSubject, what: string, backend: string, reason: string, details: ValidationErrorDetails = {}) =>
    make('V-014', `${subject(who)}: ${what} is not supported by backend "${backend}"`, {
      ...subjectDetails(who),
      backend,
      reason,
      ...details,
    }),
} as const;

function prefix(owner: AssetSubject | undefined): string {
  return owner === undefined ? '' : `${subject(owner)}: `;
}

function ownerDetails(owner: AssetSubject | undefined): Pick<ValidationErrorDetails, 'asset' | 'assetNumber'> {
  return owner === undefined ? {} : subjectDetails(owner);
}

function located(owner: AssetSubject | undefined, field: string): string {
  return owner === undefined ? `field "${field}"` : `${subject(owner)} field "${field}"`;
}

/** True when `value` looks like a ValidationError (plain data, e.g. after a worker-thread hop). */
export function isValidationError(value: unknown): value is ValidationError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<ValidationError>;
  return (
    (v.kind === 'parse' || v.kind === 'validation') &&
    typeof v.code === 'string' &&
    Object.hasOwn(VALIDATION_ERROR_CODES, v.code) &&
    typeof v.message === 'string' &&
    typeof v.details === 'object' &&
    v.details !== null
  );
}
