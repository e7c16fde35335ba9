/**
 * Typed reads of the fields of a quality suite or check (spec 17), shared by the suite reader and
 * every check rule: each read either returns the typed value or throws a `Stop` carrying the
 * V-0xx error, so reading stops at the first problem.
 */
import {
  checkExpression,
  type Expr,
  isExpressionError,
  parseExpression,
  QUALITY_SEVERITIES,
  type QualityBound,
  type QualitySeverity,
} from '@pipeline/definition';
import { type QualitySubject, type ValidationError, type ValidationErrorDetails, validationErrors } from '../../errors';

/** A problem found while reading a suite, thrown to stop at the first one. */
export class Stop {
  constructor(readonly error: ValidationError) {}
}

/** The same stop with the specification's code for its rule in the details. */
function withSpecCode(stop: Stop, specCode: string): Stop {
  return new Stop({ ...stop.error, details: { ...stop.error.details, specCode } });
}

/** A mapping as read from the document (variables substituted). */
export type Json = Record<string, unknown>;

/** Typed reads of one mapping's fields; `invalid` words a problem with a field. */
export class Reader {
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
    if (n !== undefined && (n < 0 || n > 1)) throw withSpecCode(this.invalid(field, `must be a number from 0 to 1 (got ${n})`), 'E-QUALITY-003');
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

/** A severity field, or undefined when absent. */
export function readSeverity(value: unknown, invalid: (detail: string) => Stop): QualitySeverity | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (QUALITY_SEVERITIES as readonly string[]).includes(value)) return value as QualitySeverity;
  throw invalid(`must be one of ${QUALITY_SEVERITIES.join(', ')} (got ${typeof value === 'string' ? `"${value}"` : describeJson(value)})`);
}

/** A string field, or undefined when absent. */
export function optionalString(fields: Json, field: string, invalid: (detail: string) => Stop): string | undefined {
  const v = fields[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`must be a string (got ${describeJson(v)})`);
  return v;
}

/** A row condition (a suite's filter, a check's condition): parsed and checked as a predicate. */
export function readCondition(text: string, who: QualitySubject, where: string, details: ValidationErrorDetails): Expr {
  let tree: Expr;
  try {
    tree = parseExpression(text);
  } catch (error) {
    if (!isExpressionError(error)) throw error;
    throw new Stop(validationErrors.qualityExpression(who, where, error.message, { ...details, expressionColumn: error.details.column, cause: error.code }));
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

/** Whether `value` is a mapping. */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a value is, for messages (`a list`, `a string`). */
export function describeJson(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}
