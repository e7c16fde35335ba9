/**
 * Rules of the top-level `quality` list (Teckel spec section 17): each suite in document order,
 * its fields in document order, then each check. Variables are substituted first (V-010); field
 * problems are V-006 (an unknown check type is spec E-QUALITY-002, a threshold outside 0..1
 * E-QUALITY-003), expressions V-009, a target or reference naming no asset V-001, an output V-007.
 * Every message names the suite, and the check by its position and type (`checks[1] (completeness)`).
 */
import {
  describeNode,
  type Expr,
  isRawList,
  isRawMap,
  QUALITY_CHECK_TYPES,
  type QualityCheck,
  type QualityCheckType,
  type QualitySeverity,
  type QualitySuite,
  type RawDocument,
  type RawNode,
  substituteNode,
  type SubstitutionBudget,
  toJsonValue,
  type Variables,
} from '@pipeline/definition';
import { type QualitySubject, type ValidationError, type ValidationErrorDetails, validationErrors } from '../errors';
import { isExtensionKey } from './document-rules';
import { checkRuleOf } from './quality/check-rules';
import { describeJson, isObject, type Json, optionalString, readCondition, Reader, readSeverity, Stop } from './quality/read-fields';
import type { ReferenceStatus } from './source-rules';
import { variableError } from './variable-errors';

/** Fields of a suite. */
export const SUITE_FIELDS = ['suite', 'description', 'target', 'filter', 'severity', 'checks'] as const;

/** Fields every check may carry. */
const COMMON_FIELDS = ['type', 'severity', 'escalate', 'description'] as const;

/** Check types that may `escalate` (spec 17.6), in registry order. */
const ESCALATING_TYPES: readonly QualityCheckType[] = QUALITY_CHECK_TYPES.filter((t) => checkRuleOf(t).escalate !== undefined);

/** What the quality rules need from the rest of the document. */
export interface QualityContext {
  readonly doc: RawDocument;
  readonly variables: Variables;
  readonly budget: SubstitutionBudget;
  resolveReference(ref: string): ReferenceStatus;
}

/** The typed suites, or the first error. */
export type QualityResult =
  | { readonly ok: true; readonly suites: readonly QualitySuite[] }
  | { readonly ok: false; readonly error: ValidationError };

/** Checks the value of the top-level `quality` key. */
export function checkQuality(node: RawNode, ctx: QualityContext): QualityResult {
  if (!isRawList(node)) return { ok: false, error: validationErrors.qualityNotAList(describeNode(node)) };
  const suites: QualitySuite[] = [];
  const names = new Map<string, number>();
  for (let i = 0; i < node.length; i++) {
    try {
      const suite = checkSuite(node[i] as RawNode, i, ctx, names);
      names.set(suite.suite, i);
      suites.push(suite);
    } catch (e) {
      if (e instanceof Stop) return { ok: false, error: e.error };
      throw e;
    }
  }
  return { ok: true, suites };
}

function checkSuite(raw: RawNode, index: number, ctx: QualityContext, names: ReadonlyMap<string, number>): QualitySuite {
  const at = isRawMap(raw) ? ctx.doc.positionOf(raw) : undefined;
  const base: ValidationErrorDetails = at === undefined ? {} : { line: at.line };
  let who: QualitySubject = { number: index + 1 };
  const place = (field: string): ValidationErrorDetails => ({ ...base, field: `quality[${index}]${field === '' ? '' : `.${field}`}` });
  if (!isRawMap(raw)) throw new Stop(validationErrors.qualityField(who, 'entry', `must be a mapping (got ${describeNode(raw)})`, place('')));
  const substituted = substituteNode(raw, ctx.variables, ctx.budget);
  if (!substituted.ok) throw new Stop(variableError(substituted.problem, undefined, base, `quality[${index}]`));
  const fields = toJsonValue(substituted.node) as Json;
  const name = fields['suite'];
  if (typeof name === 'string' && name.trim() !== '') who = { name, number: index + 1 };

  const invalid = (field: string, detail: string): Stop => new Stop(validationErrors.qualityField(who, field, detail, place(field)));
  for (const key of Object.keys(fields)) {
    if (isExtensionKey(key) || (SUITE_FIELDS as readonly string[]).includes(key)) continue;
    throw new Stop(validationErrors.qualityUnknownField(who, undefined, key, SUITE_FIELDS, place(key)));
  }
  if (name === undefined) throw invalid('suite', 'is required');
  if (typeof name !== 'string' || name.trim() === '') throw invalid('suite', `must be a non-empty string (got ${describeJson(name)})`);
  const earlier = names.get(name);
  if (earlier !== undefined) throw invalid('suite', `repeats the name of quality[${earlier}]`);
  const description = optionalString(fields, 'description', (detail) => invalid('description', detail));
  const target = fields['target'];
  if (target === undefined) throw invalid('target', 'is required');
  if (typeof target !== 'string' || target === '') throw invalid('target', `must be an asset name (got ${describeJson(target)})`);
  const severity = readSeverity(fields['severity'], (detail) => invalid('severity', detail)) ?? 'error';

  const filterText = fields['filter'];
  let filter: Expr | undefined;
  if (filterText !== undefined) {
    if (typeof filterText !== 'string') throw invalid('filter', `must be a string (got ${describeJson(filterText)})`);
    filter = readCondition(filterText, who, 'filter', place('filter'));
  }

  const checks = fields['checks'];
  if (checks === undefined) throw invalid('checks', 'is required');
  if (!Array.isArray(checks)) throw invalid('checks', `must be a list of checks (got ${describeJson(checks)})`);
  if (checks.length === 0) throw invalid('checks', 'must not be empty');
  const typed = checks.map((c: unknown, i) => checkOne(c, i, severity, who, (field) => place(`checks[${i}]${field === '' ? '' : `.${field}`}`)));

  // References last, so a suite's own mistakes are reported before what it points at.
  resolve(ctx, who, 'target', target, place('target'));
  typed.forEach((c, i) => {
    for (const { field, asset } of checkRuleOf(c.type).references?.(c) ?? []) {
      resolve(ctx, who, `checks[${i}] (${c.type}): ${field}`, asset, place(`checks[${i}].${field}`));
    }
  });
  return {
    suite: name,
    ...(description === undefined ? {} : { description }),
    target,
    ...(filter === undefined ? {} : { filter }),
    checks: typed,
  };
}

function resolve(ctx: QualityContext, who: QualitySubject, where: string, ref: string, details: ValidationErrorDetails): void {
  const status = ctx.resolveReference(ref);
  if (status === 'unknown' || typeof status === 'object') throw new Stop(validationErrors.qualityReference(who, where, ref, 'unknown', details));
  if (status === 'output') throw new Stop(validationErrors.qualityReference(who, where, ref, 'output', details));
}

function checkOne(
  raw: unknown,
  index: number,
  suiteSeverity: QualitySeverity,
  who: QualitySubject,
  place: (field: string) => ValidationErrorDetails,
): QualityCheck {
  const detailsOf = (field: string): ValidationErrorDetails => ({ ...place(field), check: index });
  const entry = `checks[${index}]`;
  if (!isObject(raw)) throw new Stop(validationErrors.qualityField(who, entry, `must be a mapping (got ${describeJson(raw)})`, detailsOf('')));
  const type = raw['type'];
  if (type === undefined) throw new Stop(validationErrors.qualityField(who, `${entry}.type`, 'is required', detailsOf('type')));
  if (typeof type !== 'string' || !(QUALITY_CHECK_TYPES as readonly string[]).includes(type)) {
    const got = typeof type === 'string' ? `"${type}"` : describeJson(type);
    throw new Stop(validationErrors.qualityField(who, `${entry}.type`, `must be one of ${QUALITY_CHECK_TYPES.join(', ')} (got ${got})`, { ...detailsOf('type'), specCode: 'E-QUALITY-002' }));
  }
  const rule = checkRuleOf(type as QualityCheckType);
  const where = `${entry} (${rule.type})`;
  const invalid = (field: string, detail: string): Stop => new Stop(validationErrors.qualityField(who, `${where}: ${field}`, detail, detailsOf(field)));
  const allowed = [...COMMON_FIELDS, ...rule.fields];
  for (const key of Object.keys(raw)) {
    if (isExtensionKey(key) || allowed.includes(key)) continue;
    throw new Stop(validationErrors.qualityUnknownField(who, where, key, allowed, detailsOf(key)));
  }
  const read = new Reader(raw, invalid);
  const severity = readSeverity(raw['severity'], (detail) => invalid('severity', detail)) ?? suiteSeverity;
  const description = optionalString(raw, 'description', (detail) => invalid('description', detail));
  const threshold = rule.threshold ? (read.fraction('threshold') ?? 1) : 1;
  const check = rule.read({
    raw,
    read,
    invalid,
    unknownField: (field, key, expected) => new Stop(validationErrors.qualityUnknownField(who, `${where}: ${field}`, key, expected, detailsOf(`${field}.${key}`))),
    condition: (text, field) => readCondition(text, who, `${where}: ${field}`, detailsOf(field)),
    common: { severity, ...(description === undefined ? {} : { description }) },
    threshold,
  });
  if (raw['escalate'] === undefined) return check;
  const escalation = rule.escalate;
  if (escalation === undefined) throw invalid('escalate', `applies only to ${ESCALATING_TYPES.join(', ')} checks`);
  const e = read.object('escalate');
  const fields = [...escalation.fields, 'severity'];
  for (const key of Object.keys(e)) {
    if (!fields.includes(key)) throw new Stop(validationErrors.qualityUnknownField(who, `${where}: escalate`, key, fields, detailsOf(`escalate.${key}`)));
  }
  const invalidIn = (field: string, detail: string): Stop => invalid(`escalate.${field}`, detail);
  const at = escalation.read({ raw: e, read: new Reader(e, invalidIn), invalid: invalidIn }, check);
  const to = readSeverity(e['severity'], (detail) => invalid('escalate.severity', detail));
  if (to === undefined) throw invalid('escalate.severity', 'is required');
  // The rule read `at` for this very check type, so the check with it is of the same type.
  return { ...check, escalate: { ...(at as object), severity: to } } as QualityCheck;
}

