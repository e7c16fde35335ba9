/**
 * Rules of the top-level `quality` list (Teckel spec section 17): each suite in document order,
 * its fields in document order, then each check. Variables are substituted first (V-010); field
 * problems are V-006 (an unknown check type is spec E-QUALITY-002, a threshold outside 0..1
 * E-QUALITY-003), expressions V-009, a target or reference naming no asset V-001, an output V-007.
 * Every message names the suite, and the check by its position and type (`checks[1] (completeness)`).
 */
import {
  type CastType,
  checkExpression,
  describeNode,
  type Expr,
  globProblem,
  EXPRESSION_SPEC_CODES,
  type ExpressionErrorCode,
  isExpressionError,
  isRawList,
  isRawMap,
  parseExpression,
  QUALITY_CHECK_TYPES,
  QUALITY_SEVERITIES,
  type QualityBound,
  type QualityCheck,
  type QualityCheckType,
  type QualityRange,
  type QualitySeverity,
  type QualitySuite,
  type RawDocument,
  type RawNode,
  readTargetType,
  regexProblem,
  type Statistic,
  STATISTICS,
  substituteNode,
  type SubstitutionBudget,
  toJsonValue,
  VALIDITY_FORMATS,
  type ValidityFormat,
  type Variables,
} from '@pipeline/definition';
import { type QualitySubject, type ValidationError, type ValidationErrorDetails, validationErrors } from '../errors';
import { isExtensionKey } from './document-rules';
import type { ReferenceStatus } from './source-rules';
import { variableError } from './variable-errors';

/** Fields of a suite. */
export const SUITE_FIELDS = ['suite', 'description', 'target', 'filter', 'severity', 'checks'] as const;

/** Fields every check may carry. */
const COMMON_FIELDS = ['type', 'severity', 'escalate', 'description'] as const;

/** Fields of each check type besides the common ones. */
export const CHECK_FIELDS: { readonly [T in QualityCheckType]: readonly string[] } = {
  schema: ['columns', 'types'],
  completeness: ['column', 'threshold'],
  uniqueness: ['columns', 'threshold'],
  validity: ['column', 'acceptedValues', 'range', 'pattern', 'format', 'lengthBetween', 'threshold'],
  statistical: ['column', ...STATISTICS, 'quantiles'],
  volume: ['rowCount', 'columnCount'],
  freshness: ['column', 'maxAge'],
  referential: ['column', 'reference', 'threshold'],
  crossColumn: ['condition', 'threshold'],
  custom: ['condition', 'threshold'],
};

/** Check types that measure a fraction against a `threshold` (and so may `escalate`). */
const THRESHOLD_TYPES: ReadonlySet<QualityCheckType> = new Set(['completeness', 'uniqueness', 'validity', 'referential', 'crossColumn', 'custom']);

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

/** A problem found while reading a suite, thrown to stop at the first one. */
class Stop {
  constructor(readonly error: ValidationError) {}
}

type Json = Record<string, unknown>;

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
    if (c.type === 'referential') resolve(ctx, who, `checks[${i}] (referential): reference.asset`, c.reference.asset, place(`checks[${i}].reference.asset`));
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
    throw new Stop(validationErrors.qualityField(who, `${entry}.type`, `must be one of ${QUALITY_CHECK_TYPES.join(', ')} (got ${got})`, detailsOf('type')));
  }
  const checkType = type as QualityCheckType;
  const where = `${entry} (${checkType})`;
  const invalid = (field: string, detail: string): Stop => new Stop(validationErrors.qualityField(who, `${where}: ${field}`, detail, detailsOf(field)));
  const allowed = [...COMMON_FIELDS, ...CHECK_FIELDS[checkType]];
  for (const key of Object.keys(raw)) {
    if (isExtensionKey(key) || allowed.includes(key)) continue;
    throw new Stop(validationErrors.qualityUnknownField(who, where, key, allowed, detailsOf(key)));
  }
  const read = new Reader(raw, invalid);
  const severity = readSeverity(raw['severity'], (detail) => invalid('severity', detail)) ?? suiteSeverity;
  const description = optionalString(raw, 'description', (detail) => invalid('description', detail));
  const threshold = THRESHOLD_TYPES.has(checkType) ? (read.fraction('threshold') ?? 1) : undefined;
  let escalate: QualityCheck['escalate'];
  if (raw['escalate'] !== undefined) {
    if (threshold === undefined) throw invalid('escalate', 'applies only to checks with a threshold (completeness, uniqueness, validity, referential, crossColumn, custom)');
    const e = read.object('escalate') as Json;
    for (const key of Object.keys(e)) {
      if (key !== 'threshold' && key !== 'severity') throw new Stop(validationErrors.qualityUnknownField(who, `${where}: escalate`, key, ['threshold', 'severity'], detailsOf(`escalate.${key}`)));
    }
    const nested = new Reader(e, (field, detail) => invalid(`escalate.${field}`, detail));
    const at = nested.fraction('threshold');
    if (at === undefined) throw invalid('escalate.threshold', 'is required');
    if (at > threshold) throw invalid('escalate.threshold', `must not be above threshold (${at} > ${threshold})`);
    const to = readSeverity(e['severity'], (detail) => invalid('escalate.severity', detail));
    if (to === undefined) throw invalid('escalate.severity', 'is required');
    escalate = { threshold: at, severity: to };
  }
  const common = { severity, ...(escalate === undefined ? {} : { escalate }), ...(description === undefined ? {} : { description }) };
  const t = threshold ?? 1;

  switch (checkType) {
    case 'schema': {
      const columns = raw['columns'] === undefined ? {} : (read.object('columns') as Json);
      for (const key of Object.keys(columns)) {
        if (key !== 'required' && key !== 'forbidden') throw new Stop(validationErrors.qualityUnknownField(who, `${where}: columns`, key, ['required', 'forbidden'], detailsOf(`columns.${key}`)));
      }
      const nested = new Reader(columns, (field, detail) => invalid(`columns.${field}`, detail));
      const required = nested.names('required') ?? [];
      const forbidden = nested.names('forbidden') ?? [];
      forbidden.forEach((glob, i) => {
        const problem = globProblem(glob);
        if (problem !== undefined) throw invalid(`columns.forbidden[${i}]`, `${problem}; a glob is matched against every column name`);
      });
      const types: { column: string; type: CastType }[] = [];
      const written = raw['types'] === undefined ? {} : (read.object('types') as Json);
      for (const [column, text] of Object.entries(written)) {
        if (typeof text !== 'string') throw invalid(`types.${column}`, `must be a type name (got ${describeJson(text)})`);
        const type = readTargetType(text);
        if ('problem' in type) throw invalid(`types.${column}`, type.problem);
        types.push({ column, type });
      }
      if (required.length + forbidden.length + types.length === 0) throw invalid('columns', 'or types is required (the check has nothing to check)');
      return { type: 'schema', required, forbidden, types, ...common };
    }
    case 'completeness':
      return { type: 'completeness', column: read.column('column'), threshold: t, ...common };
    case 'uniqueness': {
      const columns = raw['columns'];
      const list = typeof columns === 'string' ? [columns] : read.names('columns');
      if (list === undefined) throw invalid('columns', 'is required');
      if (list.length === 0) throw invalid('columns', 'must not be empty');
      return { type: 'uniqueness', columns: list, threshold: t, ...common };
    }
    case 'validity': {
      const column = read.column('column');
      const accepted = raw['acceptedValues'];
      let acceptedValues: (string | number | boolean)[] | undefined;
      if (accepted !== undefined) {
        if (!Array.isArray(accepted) || accepted.length === 0) throw invalid('acceptedValues', `must be a non-empty list of values (got ${describeJson(accepted)})`);
        accepted.forEach((v: unknown, i) => {
          if (!(typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)))) {
            throw invalid(`acceptedValues[${i}]`, `must be text, a number or a boolean (got ${describeJson(v)})`);
          }
        });
        acceptedValues = accepted as (string | number | boolean)[];
      }
      const range = raw['range'] === undefined ? undefined : readRange(read.object('range') as Json, who, where, invalid, detailsOf);
      const pattern = optionalString(raw, 'pattern', (detail) => invalid('pattern', detail));
      if (pattern !== undefined) {
        const problem = regexProblem(pattern);
        if (problem !== undefined) throw invalid('pattern', `is not a regular expression RE2 accepts: ${problem}`);
      }
      const format = raw['format'];
      if (format !== undefined && (typeof format !== 'string' || !(VALIDITY_FORMATS as readonly string[]).includes(format))) {
        throw invalid('format', `must be one of ${VALIDITY_FORMATS.join(', ')} (got ${typeof format === 'string' ? `"${format}"` : describeJson(format)})`);
      }
      let lengthBetween: [number, number] | undefined;
      if (raw['lengthBetween'] !== undefined) {
        const pair = read.pair('lengthBetween');
        if (!Number.isInteger(pair[0]) || !Number.isInteger(pair[1]) || pair[0] < 0 || pair[0] > pair[1]) {
          throw invalid('lengthBetween', `must be [min, max] whole numbers with 0 <= min <= max (got [${pair.join(', ')}])`);
        }
        lengthBetween = pair;
      }
      if (acceptedValues === undefined && range === undefined && pattern === undefined && format === undefined && lengthBetween === undefined) {
        throw invalid('acceptedValues', 'range, pattern, format or lengthBetween is required (the check has nothing to check)');
      }
      return {
        type: 'validity',
        column,
        ...(acceptedValues === undefined ? {} : { acceptedValues }),
        ...(range === undefined ? {} : { range }),
        ...(pattern === undefined ? {} : { pattern }),
        ...(format === undefined ? {} : { format: format as ValidityFormat }),
        ...(lengthBetween === undefined ? {} : { lengthBetween }),
        threshold: t,
        ...common,
      };
    }
    case 'statistical': {
      const column = read.column('column');
      const bounds: { statistic: Statistic; bound: QualityBound }[] = [];
      for (const statistic of STATISTICS) {
        if (raw[statistic] !== undefined) bounds.push({ statistic, bound: read.bound(statistic) });
      }
      const quantiles: { fraction: number; bound: QualityBound }[] = [];
      if (raw['quantiles'] !== undefined) {
        const written = read.object('quantiles') as Json;
        const nested = new Reader(written, (field, detail) => invalid(`quantiles.${field}`, detail));
        for (const key of Object.keys(written)) {
          const fraction = Number(key);
          if (key.trim() === '' || !Number.isFinite(fraction) || fraction < 0 || fraction > 1) throw invalid(`quantiles.${key}`, 'must be keyed by a fraction from 0 to 1');
          quantiles.push({ fraction, bound: nested.bound(key) });
        }
      }
      if (bounds.length + quantiles.length === 0) throw invalid('mean', 'min, max, sum, stdev or quantiles is required (the check has nothing to check)');
      return { type: 'statistical', column, bounds, quantiles, ...common };
    }
    case 'volume': {
      const rowCount = raw['rowCount'] === undefined ? undefined : read.bound('rowCount');
      const columnCount = raw['columnCount'] === undefined ? undefined : read.bound('columnCount');
      if (rowCount === undefined && columnCount === undefined) throw invalid('rowCount', 'or columnCount is required (the check has nothing to check)');
      return { type: 'volume', ...(rowCount === undefined ? {} : { rowCount }), ...(columnCount === undefined ? {} : { columnCount }), ...common };
    }
    case 'freshness': {
      const column = read.column('column');
      const maxAge = raw['maxAge'];
      if (maxAge === undefined) throw invalid('maxAge', 'is required');
      if (typeof maxAge !== 'string') throw invalid('maxAge', `must be an ISO 8601 duration such as "PT24H" (got ${describeJson(maxAge)})`);
      const ms = durationMs(maxAge);
      if (typeof ms === 'string') throw invalid('maxAge', ms);
      return { type: 'freshness', column, maxAge, maxAgeMs: ms, ...common };
    }
    case 'referential': {
      const column = read.column('column');
      if (raw['reference'] === undefined) throw invalid('reference', 'is required');
      const reference = read.object('reference') as Json;
      for (const key of Object.keys(reference)) {
        if (key !== 'asset' && key !== 'column') throw new Stop(validationErrors.qualityUnknownField(who, `${where}: reference`, key, ['asset', 'column'], detailsOf(`reference.${key}`)));
      }
      const nested = new Reader(reference, (field, detail) => invalid(`reference.${field}`, detail));
      const asset = nested.column('asset');
      return { type: 'referential', column, reference: { asset, column: nested.column('column') }, threshold: t, ...common };
    }
    case 'crossColumn':
    case 'custom': {
      const text = raw['condition'];
      if (text === undefined) throw invalid('condition', 'is required');
      if (typeof text !== 'string') throw invalid('condition', `must be a string (got ${describeJson(text)})`);
      const condition = readCondition(text, who, `${where}: condition`, detailsOf('condition'));
      return { type: checkType, condition, text, threshold: t, ...common };
    }
  }
}

function readRange(
  range: Json,
  who: QualitySubject,
  where: string,
  invalid: (field: string, detail: string) => Stop,
  detailsOf: (field: string) => ValidationErrorDetails,
): QualityRange {
  const names = ['min', 'max', 'strictMin', 'strictMax'];
  for (const key of Object.keys(range)) {
    if (!names.includes(key)) throw new Stop(validationErrors.qualityUnknownField(who, `${where}: range`, key, names, detailsOf(`range.${key}`)));
  }
  const read = new Reader(range, (field, detail) => invalid(`range.${field}`, detail));
  const min = read.number('min');
  const max = read.number('max');
  if (min === undefined && max === undefined) throw invalid('range', 'needs min or max');
  if (min !== undefined && max !== undefined && min > max) throw invalid('range', `min must not be above max (${min} > ${max})`);
  return {
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    strictMin: read.flag('strictMin') ?? false,
    strictMax: read.flag('strictMax') ?? false,
  };
}

/** Typed reads of one mapping's fields; `invalid` words a problem with a field. */
class Reader {
  constructor(
    private readonly fields: Json,
    private readonly invalid: (field: string, detail: string) => Stop,
  ) {}

  number(field: string): number | undefined {
    const v = this.fields[field];
    if (v === undefined) return undefined;
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw this.invalid(field, `must be a number (got ${describeJson(v)})`);
    return n;
  }

  fraction(field: string): number | undefined {
    const n = this.number(field);
    if (n !== undefined && (n < 0 || n > 1)) throw this.invalid(field, `must be a number from 0 to 1 (got ${n})`);
    return n;
  }

  flag(field: string): boolean | undefined {
    const v = this.fields[field];
    if (v === undefined) return undefined;
    if (v === true || v === 'true') return true;
    if (v === false || v === 'false') return false;
    throw this.invalid(field, `must be true or false (got ${describeJson(v)})`);
  }

  column(field: string): string {
    const v = this.fields[field];
    if (v === undefined) throw this.invalid(field, 'is required');
    if (typeof v !== 'string' || v === '') throw this.invalid(field, `must be a non-empty string (got ${describeJson(v)})`);
    return v;
  }

  names(field: string): string[] | undefined {
    const v = this.fields[field];
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || v.some((n) => typeof n !== 'string' || n === '')) throw this.invalid(field, `must be a list of column names (got ${describeJson(v)})`);
    return v as string[];
  }

  object(field: string): Json {
    const v = this.fields[field];
    if (!isObject(v)) throw this.invalid(field, `must be a mapping (got ${describeJson(v)})`);
    return v;
  }

  pair(field: string): [number, number] {
    const v = this.fields[field];
    if (!Array.isArray(v) || v.length !== 2) throw this.invalid(field, `must be a list of two numbers (got ${describeJson(v)})`);
    const nested = new Reader({ 0: v[0], 1: v[1] }, (_f, detail) => this.invalid(field, detail));
    return [nested.number('0') as number, nested.number('1') as number];
  }

  /** A BoundSpec: `min`, `max`, or `between: [min, max]`. */
  bound(field: string): QualityBound {
    const spec = this.object(field);
    const nested = new Reader(spec, (f, detail) => this.invalid(`${field}.${f}`, detail));
    for (const key of Object.keys(spec)) {
      if (key !== 'min' && key !== 'max' && key !== 'between') throw this.invalid(`${field}.${key}`, 'is not a bound (expected min, max, between)');
    }
    let min = nested.number('min');
    let max = nested.number('max');
    if (spec['between'] !== undefined) {
      if (min !== undefined || max !== undefined) throw this.invalid(`${field}.between`, 'cannot be given with min or max');
      [min, max] = nested.pair('between');
    }
    if (min === undefined && max === undefined) throw this.invalid(field, 'needs min, max or between');
    if (min !== undefined && max !== undefined && min > max) throw this.invalid(field, `min must not be above max (${min} > ${max})`);
    return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  }
}

function readSeverity(value: unknown, invalid: (detail: string) => Stop): QualitySeverity | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (QUALITY_SEVERITIES as readonly string[]).includes(value)) return value as QualitySeverity;
  throw invalid(`must be one of ${QUALITY_SEVERITIES.join(', ')} (got ${typeof value === 'string' ? `"${value}"` : describeJson(value)})`);
}

function optionalString(fields: Json, field: string, invalid: (detail: string) => Stop): string | undefined {
  const v = fields[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`must be a string (got ${describeJson(v)})`);
  return v;
}

function readCondition(text: string, who: QualitySubject, where: string, details: ValidationErrorDetails): Expr {
  let tree: Expr;
  try {
    tree = parseExpression(text);
  } catch (error) {
    if (!isExpressionError(error)) throw error;
    throw new Stop(validationErrors.qualityExpression(who, where, error.message, { ...details, expressionColumn: error.details.column, cause: error.code, ...expressionSpecCode(error.code) }));
  }
  const problem = checkExpression(tree, { role: 'predicate' });
  if (problem !== undefined) {
    throw new Stop(validationErrors.qualityExpression(who, where, problem.message, { ...details, expressionColumn: problem.details.column, cause: problem.code }));
  }
  return tree;
}

const DURATION = /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Milliseconds of an ISO 8601 duration of weeks, days, hours, minutes and seconds, or what is wrong with it. */
export function durationMs(text: string): number | string {
  // Before the T, M counts months.
  if (/[YM]/.test(text.split('T')[0] ?? '')) {
    return `must not count years or months, which have no fixed length (got "${text}"; use days, such as "P30D")`;
  }
  const m = DURATION.exec(text);
  if (m === null || text === 'P' || text.endsWith('T')) return `must be an ISO 8601 duration such as "PT24H" or "P7D" (got "${text}")`;
  const [w, d, h, min, s] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  return Math.round((((w * 7 + d) * 24 + h) * 60 + min) * 60_000 + s * 1000);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeJson(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}

/** The spec's own code for an expression error (`E-EXPR-004`), as details, where it names one. */
function expressionSpecCode(code: ExpressionErrorCode): { specCode?: string } {
  const specCode = EXPRESSION_SPEC_CODES[code];
  return specCode === undefined ? {} : { specCode };
}
