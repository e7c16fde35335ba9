/**
 * The rules of one asset's `source`, in their fixed order: kind (V-006/V-005), variables (V-010),
 * fields (V-006), format/mode/options (V-008/V-012/V-006), expressions (V-009), references
 * (V-001/V-007). Shared by whole-pipeline validation and by single-source validation (gRPC).
 */
import {
  type AnyKindDefinition,
  checkExpression,
  type CheckExpressionOptions,
  type ExpressionCheckError,
  type ExpressionError,
  expressionSlots,
  type ExpressionUse,
  checkFields,
  fieldIssues,
  checkGeneratorList,
  type Expr,
  type FieldIssue,
  findKind,
  FORMATS,
  isExpressionError,
  isFormat,
  isRawMap,
  isWriteMode,
  KIND_NAMES,
  type KindRole,
  DEFAULT_WRITE_MODE,
  describeNode,
  normalizeOptions,
  outputName,
  parseExpression,
  type RawNode,
  type Source,
  sourceUpstream,
  substituteNode,
  type SubstitutionBudget,
  type Variables,
  withTrees,
  WRITE_MODES,
} from '@pipeline/definition';
import { type AssetSubject, type ValidationError, type ValidationErrorDetails, validationErrors } from '../errors';
import { variableError } from './variable-errors';

/**
 * How a referenced asset resolves: usable, absent, an output (a sink), or the name of a split,
 * which only names its `pass` and `fail` assets.
 */
export type ReferenceStatus =
  | 'ok'
  | 'unknown'
  | 'output'
  | { readonly split: { readonly pass: string; readonly fail: string } };

/** Everything the source rules need to know about where the source sits. */
export interface SourceContext {
  readonly who: AssetSubject;
  /** Added to every error's details (the asset's line). */
  readonly details: ValidationErrorDetails;
  /** Variables to substitute; undefined means string values are taken literally. */
  readonly variables: Variables | undefined;
  readonly budget: SubstitutionBudget;
  resolveReference(ref: string): ReferenceStatus;
  /** Roles the source's kind may have; all roles when undefined. */
  readonly allowedRoles?: readonly KindRole[];
}

/**
 * A checked source: its typed form and the assets it reads, in the order it names them; or its
 * problems (`error` the first of `errors`), as many as can be told apart: every field the schema
 * refuses, every expression that does not parse or fit, every reference that does not resolve.
 */
export type SourceResult =
  | { readonly ok: true; readonly source: Source; readonly upstream: readonly string[] }
  | { readonly ok: false; readonly error: ValidationError; readonly errors: readonly ValidationError[] };

const fail = (error: ValidationError, ...more: ValidationError[]): SourceResult => ({ ok: false, error, errors: [error, ...more] });

/** Kinds of the Teckel language this service refuses, and why (decisions 7). */
export const REFUSED_KINDS: Readonly<Record<string, string>> = {
  sql: 'raw SQL would bypass validation and the data-root sandbox; use the transformation kinds',
  enrich: 'it calls network services, which the service does not reach from a pipeline',
  custom: 'it runs code the service cannot check',
};

/** Checks the value of an asset's `source` key (undefined when the key is absent). */
export function checkSource(sourceNode: RawNode | undefined, ctx: SourceContext): SourceResult {
  const { who, details } = ctx;
  if (sourceNode === undefined) return fail(validationErrors.required(who, 'source', details));
  if (!isRawMap(sourceNode)) {
    return fail(validationErrors.wrongType(who, 'source', 'a mapping', describeNode(sourceNode), details));
  }
  const keys = [...sourceNode.keys()];
  if (keys.length === 0) return fail(validationErrors.missingKind(who, KIND_NAMES, details));
  if (keys.length > 1) return fail(validationErrors.severalKinds(who, keys, details));
  const name = keys[0] as string;
  const kind = findKind(name);
  const refused = Object.hasOwn(REFUSED_KINDS, name) ? REFUSED_KINDS[name] : undefined;
  if (refused !== undefined) return fail(validationErrors.kindNotSupported(who, name, refused, details));
  if (kind === undefined) return fail(validationErrors.unknownKind(who, name, KIND_NAMES, details));
  if (ctx.allowedRoles !== undefined && !ctx.allowedRoles.includes(kind.role)) {
    const allowed = KIND_NAMES.filter((k) => ctx.allowedRoles?.includes((findKind(k) as AnyKindDefinition).role));
    return fail(validationErrors.kindNotAllowed(who, name, allowed, details));
  }

  let raw = sourceNode.get(name) as RawNode;
  if (ctx.variables !== undefined) {
    const substituted = substituteNode(raw, ctx.variables, ctx.budget);
    if (!substituted.ok) return fail(variableError(substituted.problem, who, details));
    raw = substituted.node;
  }

  const checked = checkFields(kind, raw);
  // Fields are named under the key as written (`orderBy.columns[1]` or `order_by.columns[1]`).
  if (!checked.ok) {
    const [first, ...more] = fieldIssues(kind, raw).map((issue) => fieldIssueError(issue, name, who, details));
    return fail(first as ValidationError, ...more);
  }
  const fields: Record<string, unknown> = { ...checked.fields };
  const broken = kind.check?.(fields as never);
  if (broken !== undefined) {
    return fail(validationErrors.invalidField(who, `${name}.${broken.field}`, broken.detail, broken.specCode === undefined ? details : { ...details, specCode: broken.specCode }));
  }

  const errors: ValidationError[] = [];
  if (kind.file !== undefined) {
    const error = checkFileFields(kind, fields, who, details);
    if (error !== undefined) errors.push(error);
  }

  const parsed = parseExpressionFields(kind, fields, who, details);
  if (!parsed.ok) errors.push(...parsed.errors);

  // References are checked even when an expression is broken: they are plain names, not expressions.
  const source = parsed.ok ? kind.build(parsed.fields as never, fields as never) : undefined;
  const upstream = source === undefined ? namedUpstream(kind, fields) : sourceUpstream(source);
  for (const ref of upstream) {
    const status = ctx.resolveReference(ref);
    if (status === 'unknown') errors.push(validationErrors.unknownReference(who, ref, details));
    else if (status === 'output') errors.push(validationErrors.referencesOutput(who, ref, details));
    else if (typeof status === 'object') errors.push(validationErrors.referencesSplit(who, ref, status.split, details));
  }
  if (errors.length > 0) return fail(...(errors as [ValidationError, ...ValidationError[]]));
  return { ok: true, source: source as Source, upstream };
}

/**
 * The assets a source names when its expressions did not parse: the kind built over the written
 * fields (expressions left as text, which no kind's `upstream` reads); none when that fails.
 */
function namedUpstream(kind: AnyKindDefinition, fields: Record<string, unknown>): readonly string[] {
  try {
    return kind.upstream(kind.build(fields as never, fields as never) as never).filter((ref): ref is string => typeof ref === 'string');
  } catch {
    return [];
  }
}

/** Words a schema issue of a kind's fields as V-006 (fields are named `<kind>.<field>`). */
function fieldIssueError(
  issue: FieldIssue,
  kind: string,
  who: AssetSubject,
  details: ValidationErrorDetails,
): ValidationError {
  const qualified = (field: string): string => (field === '' ? kind : `${kind}.${field}`);
  switch (issue.problem) {
    case 'not-a-mapping':
      return validationErrors.wrongType(who, kind, 'a mapping', issue.got, details);
    case 'unknown-field':
      return validationErrors.unknownField(who, issue.field, kind, issue.expected, details);
    case 'required':
      return validationErrors.required(who, qualified(issue.field), details);
    case 'type':
      return validationErrors.wrongType(who, qualified(issue.field), issue.expected, issue.got, details);
    case 'empty':
      return validationErrors.empty(who, qualified(issue.field), issue.list ? { specCode: 'E-LIST-001', ...details } : details);
    case 'invalid':
      // The schema's words for a value outside its enum (check-fields.ts).
      return validationErrors.invalidField(who, qualified(issue.field), issue.detail, issue.detail.startsWith('must be one of ') ? { specCode: 'E-ENUM-001', ...details } : details);
  }
}

/** Format (V-008), mode (V-008, defaulted), option names (V-012) and boolean option values (V-006). */
function checkFileFields(
  kind: AnyKindDefinition,
  fields: Record<string, unknown>,
  who: AssetSubject,
  details: ValidationErrorDetails,
): ValidationError | undefined {
  const format = fields['format'];
  if (!isFormat(format)) {
    return validationErrors.unknownFormat(who, String(format), FORMATS, { ...details, field: `${kind.kind}.format` });
  }
  if (kind.file?.mode) {
    const mode = fields['mode'] ?? DEFAULT_WRITE_MODE;
    if (!isWriteMode(mode)) {
      return validationErrors.unknownMode(who, String(mode), WRITE_MODES, { ...details, field: `${kind.kind}.mode` });
    }
    fields['mode'] = mode;
  }
  const written = (fields['options'] ?? {}) as Record<string, string>;
  const normalized = normalizeOptions(format, written);
  if (!normalized.ok) {
    const { issue } = normalized;
    const field = `${kind.kind}.options.${issue.name}`;
    switch (issue.kind) {
      case 'unknown':
        return validationErrors.unknownOption(who, issue.name, format, issue.accepted, { ...details, field });
      case 'duplicate':
        return validationErrors.duplicateOption(who, issue.name, issue.first, { ...details, field });
      case 'not-boolean':
        return validationErrors.notBooleanOption(who, field, issue.value, details);
    }
  }
  fields['options'] = normalized.options;
  return undefined;
}

type ParsedResult =
  | { readonly ok: true; readonly fields: Record<string, unknown> }
  | { readonly ok: false; readonly errors: readonly ValidationError[] };

/** The checker options of each refinement of the value role (`plain`: none). */
const VALUE_OPTIONS: Readonly<Record<NonNullable<Extract<ExpressionUse, { role: 'value' }>['entry']> | 'plain', CheckExpressionOptions>> = {
  plain: { role: 'value' },
  projection: { role: 'value', starAllowed: true, generatorAllowed: true },
  column: { role: 'value', generatorAllowed: true },
  'window-function': { role: 'value', windowStep: true },
};

/** The checker options an expression field's declared use asks for (grouping keys resolved). */
function checkOptions(use: ExpressionUse, fields: Record<string, unknown>, trees: ReadonlyMap<string, readonly Expr[]>): CheckExpressionOptions {
  switch (use.role) {
    case 'predicate':
      return use.qualified === true ? { role: 'predicate', qualifiedColumns: true } : { role: 'predicate' };
    case 'column':
      return { role: 'column' };
    case 'value':
      return VALUE_OPTIONS[use.entry ?? 'plain'];
    case 'aggregate': {
      const keys = use.groupKeys;
      if (keys === undefined) return { role: 'aggregate' };
      const groupKeys =
        'namesIn' in keys ? [fields[keys.namesIn] ?? []].flat(2).map(String) : [...trees].filter(([path]) => fieldOf(path) === keys.expressionsOf).flatMap(([, list]) => list.map((e) => outputName(e)));
      return { role: 'aggregate', groupKeys };
    }
  }
}

/** The field of the kind an expression path lies in (`right` for `right[].on[]`). */
const fieldOf = (path: string): string => path.split(/[.[{]/)[0] as string;

/** How many generators a list may hold: one per list (select) or one in each entry (addColumns). */
const GENERATORS: Readonly<Record<string, 'one' | 'each'>> = { projection: 'one', column: 'each' };

/**
 * Parses and role-checks every expression field, in the kind's declared order (V-009), and returns
 * the fields with a tree in place of each expression's text, or every expression's problem.
 */
function parseExpressionFields(
  kind: AnyKindDefinition,
  fields: Record<string, unknown>,
  who: AssetSubject,
  details: ValidationErrorDetails,
): ParsedResult {
  const trees = new Map<string, readonly Expr[]>();
  const errors: ValidationError[] = [];
  const expressionError = (label: string, error: ExpressionError | ExpressionCheckError): void => {
    errors.push(validationErrors.expression(who, label, error.message, { ...details, expressionColumn: error.details.column, cause: error.code }));
  };
  for (const slot of expressionSlots(kind.fields, fields)) {
    // Grouping keys read from another field's expressions are unknown once one of those broke.
    if (errors.length > 0 && slot.use.role === 'aggregate' && slot.use.groupKeys !== undefined && 'expressionsOf' in slot.use.groupKeys) continue;
    const options = checkOptions(slot.use, fields, trees);
    const parsed: Expr[] = [];
    let broken = false;
    for (const { label, text } of slot.written) {
      let tree: Expr;
      try {
        tree = parseExpression(text);
      } catch (error) {
        if (!isExpressionError(error)) throw error;
        expressionError(label, error);
        broken = true;
        continue;
      }
      const problem = checkExpression(tree, options);
      if (problem !== undefined) {
        expressionError(label, problem);
        broken = true;
        continue;
      }
      parsed.push(tree);
    }
    if (broken) continue;
    const generators = slot.use.role === 'value' && slot.use.entry !== undefined ? GENERATORS[slot.use.entry] : undefined;
    const listProblem = generators === undefined ? undefined : checkGeneratorList(parsed, generators);
    if (listProblem !== undefined) {
      expressionError((slot.written[listProblem.index] as { label: string }).label, listProblem.error);
      continue;
    }
    trees.set(slot.path, parsed);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, fields: withTrees(kind.fields, fields, trees) };
}
