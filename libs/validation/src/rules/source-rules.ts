/**
 * The rules of one asset's `source`, in their fixed order: kind (V-006/V-005), variables (V-010),
 * fields (V-006), format/mode/options (V-008/V-012/V-006), expressions (V-009), references
 * (V-001/V-007). Shared by whole-pipeline validation and by single-source validation (gRPC).
 */
import {
  type AnyKindDefinition,
  checkExpression,
  checkFields,
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
  type ParsedExpressions,
  type RawNode,
  type Source,
  sourceUpstream,
  substituteNode,
  type SubstitutionBudget,
  type Variables,
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

/** A checked source: its typed form and the assets it reads, in the order it names them. */
export type SourceResult =
  | { readonly ok: true; readonly source: Source; readonly upstream: readonly string[] }
  | { readonly ok: false; readonly error: ValidationError };

const fail = (error: ValidationError): SourceResult => ({ ok: false, error });

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
  if (!checked.ok) return fail(fieldIssueError(checked.issue, name, who, details));
  const fields: Record<string, unknown> = { ...checked.fields };
  const broken = kind.check?.(fields as never);
  if (broken !== undefined) return fail(validationErrors.invalidField(who, `${name}.${broken.field}`, broken.detail, details));

  if (kind.file !== undefined) {
    const error = checkFileFields(kind, fields, who, details);
    if (error !== undefined) return fail(error);
  }

  const parsed = parseExpressionFields(kind, fields, who, details);
  if (!parsed.ok) return parsed;

  const source = kind.build(fields as never, parsed.expressions);
  const upstream = sourceUpstream(source);
  for (const ref of upstream) {
    const status = ctx.resolveReference(ref);
    if (status === 'unknown') return fail(validationErrors.unknownReference(who, ref, details));
    if (status === 'output') return fail(validationErrors.referencesOutput(who, ref, details));
    if (typeof status === 'object') return fail(validationErrors.referencesSplit(who, ref, status.split, details));
  }
  return { ok: true, source, upstream };
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
  | { readonly ok: true; readonly expressions: ParsedExpressions }
  | { readonly ok: false; readonly error: ValidationError };

/** Parses and role-checks every expression field, in the kind's declared order (V-009). */
function parseExpressionFields(
  kind: AnyKindDefinition,
  fields: Record<string, unknown>,
  who: AssetSubject,
  details: ValidationErrorDetails,
): ParsedResult {
  const expressions: Record<string, Expr | readonly Expr[]> = {};
  for (const spec of kind.expressions) {
    const value = fields[spec.field];
    // An optional expression field that is absent (`conditional.otherwise`) is simply not parsed.
    if (value === undefined) continue;
    const values: readonly unknown[] = spec.list ? (value as readonly unknown[]) : [value];
    // A list of objects holds its expression text under `item` (`addColumns.columns[0].expression`).
    const labels: string[] = [];
    const texts: string[] = [];
    values.forEach((v, i) => {
      const at = spec.list ? `${spec.field}[${i}]` : spec.field;
      if (spec.item === undefined) {
        labels.push(at);
        texts.push(v as string);
      } else if (spec.itemOptional === true && (v as Record<string, unknown>)[spec.item] === undefined) {
        // An optional expression an object leaves out (`merge.whenMatched[0].condition`) has no tree.
      } else if (spec.itemMap === true) {
        // A mapping of names to expressions in each object (`merge.whenMatched[0].set.name`), flattened in order.
        for (const [name, text] of Object.entries((v as Record<string, unknown>)[spec.item] as Record<string, string>)) {
          labels.push(`${at}.${spec.item}.${name}`);
          texts.push(text);
        }
      } else if (spec.itemList === true) {
        // A list of expressions in each object (`join.right[0].on[1]`), flattened in document order.
        ((v as Record<string, unknown>)[spec.item] as readonly string[]).forEach((text, j) => {
          labels.push(`${at}.${spec.item}[${j}]`);
          texts.push(text);
        });
      } else {
        const text = (v as Record<string, unknown>)[spec.item];
        // Objects without the property, or whose property is no expression (`rule: not_null`), hold none.
        if (text === undefined && spec.optionalItem === true) return;
        if (spec.skipItem?.(text) === true) return;
        labels.push(`${at}.${spec.item}`);
        texts.push(text as string);
      }
    });
    const groupKeys =
      spec.groupKeysFromNames !== undefined
        ? [fields[spec.groupKeysFromNames] ?? []].flat(2).map(String)
        : spec.groupKeysFrom === undefined
          ? undefined
          : ((expressions[spec.groupKeysFrom] ?? []) as readonly Expr[]).map((e) => outputName(e));
    const trees: Expr[] = [];
    for (let i = 0; i < texts.length; i++) {
      const label = labels[i] as string;
      let tree: Expr;
      try {
        tree = parseExpression(texts[i] as string);
      } catch (error) {
        if (!isExpressionError(error)) throw error;
        return {
          ok: false,
          error: validationErrors.expression(who, label, error.message, {
            ...details,
            expressionColumn: error.details.column,
            cause: error.code,
          }),
        };
      }
      const problem = checkExpression(tree, {
        role: spec.role,
        ...(groupKeys === undefined ? {} : { groupKeys }),
        ...(spec.starAllowed === true ? { starAllowed: true } : {}),
        ...(spec.qualifiedColumns === true ? { qualifiedColumns: true } : {}),
        ...(spec.windowStep === true ? { windowStep: true } : {}),
        ...(spec.generators === undefined ? {} : { generatorAllowed: true }),
      });
      if (problem !== undefined) {
        return {
          ok: false,
          error: validationErrors.expression(who, label, problem.message, {
            ...details,
            expressionColumn: problem.details.column,
            cause: problem.code,
          }),
        };
      }
      trees.push(tree);
    }
    const listProblem = spec.generators === undefined ? undefined : checkGeneratorList(trees, spec.generators);
    if (listProblem !== undefined) {
      const { index, error: problem } = listProblem;
      return {
        ok: false,
        error: validationErrors.expression(who, labels[index] as string, problem.message, {
          ...details,
          expressionColumn: problem.details.column,
          cause: problem.code,
        }),
      };
    }
    expressions[spec.item === undefined ? spec.field : `${spec.field}.${spec.item}`] = spec.list ? trees : (trees[0] as Expr);
  }
  return { ok: true, expressions };
}
