/**
 * Quality suites (spec 17) on either backend: a suite becomes one MeasureRequest over its target
 * (row counts, conditional counts and statistics as aggregate expressions, distinct keys,
 * reference look-ups), which the backend answers; judging the measures into results is shared, so
 * both backends report the same statuses, values and messages.
 */
import { compileGlob, type Expr, type QualityBound, type QualitySeverity, type QualitySuite, type SchemaCheck, type ValidityCheck } from '@pipeline/definition';
import { bindExpression, castTarget, type Column } from '../check/bind-expression';
import type { BoundExpr } from '../check/bound-expr';
import { binary, call, caseWhen, chain, column, isNull, literal } from '../check/binders/built-expr';
import { forEachRow } from '../danfo/row-loop';
import { columnNotFound, engineError, throwIfAborted, typeError, type EngineError } from '../errors';
import { isDecimal, isFloating, isIntegral, isNumeric, type DataType } from '../types/data-type';
import type { MeasureRequest, Measures } from './measure';
import { formatNumber, statusOf, type QualityResult } from './quality-result';

const AT = { start: 0, end: 0 };

/** Regular expressions of the built-in validity formats (spec 17.3.4.1), matched against the value as text. */
export const FORMAT_PATTERNS: Readonly<Record<ValidityCheck['format'] & string, string>> = {
  email: "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
  uuid: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
  url: '^[A-Za-z][A-Za-z0-9+.-]*://[^\\s/?#]+[^\\s]*$',
  ipv4: '^((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$',
  ipv6: '^(([0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}|(([0-9A-Fa-f]{1,4}:){0,6}[0-9A-Fa-f]{1,4})?::(([0-9A-Fa-f]{1,4}:){0,6}[0-9A-Fa-f]{1,4})?)$',
  date: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
  timestamp: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]+)?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?$',
  phone: '^\\+?[0-9][0-9 ().-]{5,18}[0-9]$',
};

/** A suite ready to measure, and how to judge what was measured. */
export interface SuitePlan {
  readonly request: MeasureRequest;
  /** The results of every check, in check order; `nowMs` is when the suite ran (freshness). */
  judge(measures: Measures, nowMs: number): QualityResult[];
}

type Judge = (m: Measures, nowMs: number) => QualityResult[];

/**
 * Binds `suite` to its target's `columns`; `columnsOf` gives the columns of a referenced asset.
 * Asynchronous because a schema check matches every forbidden glob against every column, which
 * for wide inputs and long lists is long work: it gives the event loop turns (a DuckDB session
 * runs on the server's) and stops with E_CANCELLED once `signal` aborts, also between checks.
 */
export async function planSuite(
  suite: QualitySuite,
  columns: readonly Column[],
  columnsOf: (asset: string) => readonly Column[],
  signal?: AbortSignal,
): Promise<SuitePlan> {
  const asset = suite.target;
  const aggregates: BoundExpr[] = [];
  const keys: string[][] = [];
  const references: { column: string; asset: string; referenceColumn: string }[] = [];
  const judges: Judge[] = [];
  const filter = suite.filter === undefined ? undefined : bindRow(suite.filter, `quality suite "${suite.suite}": filter`);
  if (filter !== undefined && filter.type !== 'boolean' && filter.type !== 'null') {
    throw typeError(asset, `quality suite "${suite.suite}": filter`, `must be a condition (got a value of type ${filter.type})`);
  }

  function bindRow(e: Expr, field: string): BoundExpr {
    return bindExpression(e, { asset, from: asset, columns, field, context: 'row' });
  }
  function aggregate(e: Expr, field: string): number {
    aggregates.push(bindExpression(e, { asset, from: asset, columns, field, context: 'aggregate', groupKeys: [] }));
    return aggregates.length - 1;
  }
  function resolve(field: string, name: string, within: readonly Column[] = columns, owner = asset): Column {
    const exact = within.find((c) => c.name === name);
    if (exact !== undefined) return exact;
    const matches = within.filter((c) => c.name.toLowerCase() === name.toLowerCase());
    if (matches.length === 1) return matches[0] as Column;
    throw columnNotFound(owner, name, within.map((c) => c.name), field);
  }

  const byName = columnsByName(columns);
  for (const [index, check] of suite.checks.entries()) {
    throwIfAborted(signal, asset);
    const where = `quality suite "${suite.suite}": checks[${index}] (${check.type})`;
    const result = (name: string, observed: number | null, expected: string, holds: boolean, message: string, severity = check.severity): QualityResult => ({
      suite: suite.suite,
      check: name,
      status: holds ? 'pass' : statusOf(severity),
      severity,
      observed,
      expected,
      message,
    });
    /** A fraction against the check's threshold, escalating below `escalate.threshold`. */
    const fraction = (name: string, observed: number, threshold: number, what: string): QualityResult => {
      const holds = observed >= threshold;
      const escalated = !holds && check.escalate !== undefined && observed < check.escalate.threshold ? check.escalate.severity : check.severity;
      return result(name, observed, `>= ${formatNumber(threshold)}`, holds, `${what}: ${formatNumber(observed)}, expected at least ${formatNumber(threshold)}`, escalated);
    };

    switch (check.type) {
      case 'schema': {
        const problems: string[] = [];
        for (const name of check.required) if (byName(name) === undefined) problems.push(`required column "${name}" is missing`);
        for (const name of await forbiddenPresent(check, columns, signal, asset)) problems.push(`forbidden column "${name}" is present`);
        for (const { column: name, type } of check.types) {
          const c = byName(name);
          const want = castTarget(type);
          if (c === undefined) problems.push(`typed column "${name}" is missing`);
          else if (family(c.type) !== family(want)) problems.push(`column "${c.name}" is ${c.type}, expected ${want}`);
        }
        judges.push(() => [
          result('schema', problems.length, 'no schema problems', problems.length === 0, problems.length === 0 ? 'the columns match' : `${problems.length} schema ${problems.length === 1 ? 'problem' : 'problems'}: ${problems.join('; ')}`),
        ]);
        continue;
      }
      case 'completeness': {
        const c = resolve(`${where}: column`, check.column);
        const count = aggregate(call('count', [column(c.name)]), where);
        judges.push((m) => {
          const present = m.aggregates[count] ?? 0;
          const observed = m.rows === 0 ? 1 : present / m.rows;
          return [fraction(`completeness(${c.name})`, observed, check.threshold, `${formatNumber(present)} of ${formatNumber(m.rows)} values of "${c.name}" are not NULL, completeness`)];
        });
        continue;
      }
      case 'uniqueness': {
        const named = check.columns.map((name, i) => resolve(`${where}: columns[${i}]`, name).name);
        const k = keys.push(named) - 1;
        judges.push((m) => {
          const counts = m.keys[k] ?? { keyedRows: 0, distinct: 0, duplicateRows: 0 };
          const observed = counts.keyedRows === 0 ? 1 : counts.distinct / counts.keyedRows;
          return [fraction(`uniqueness(${named.join(', ')})`, observed, check.threshold, `${formatNumber(counts.distinct)} distinct keys in ${formatNumber(counts.keyedRows)} rows, uniqueness`)];
        });
        continue;
      }
      case 'validity': {
        const c = resolve(`${where}: column`, check.column);
        const valid = validityCondition(check, c, where, asset);
        const present = aggregate(call('count', [column(c.name)]), where);
        const passing = aggregate(call('count', [caseWhen([{ when: binary('AND', isNull(column(c.name), true), valid), then: literal(1) }])]), where);
        judges.push((m) => {
          const n = m.aggregates[present] ?? 0;
          const ok = m.aggregates[passing] ?? 0;
          const observed = n === 0 ? 1 : ok / n;
          return [fraction(`validity(${c.name})`, observed, check.threshold, `${formatNumber(ok)} of ${formatNumber(n)} non-NULL values of "${c.name}" are valid, validity`)];
        });
        continue;
      }
      case 'statistical': {
        const c = resolve(`${where}: column`, check.column);
        if (!isNumeric(c.type)) throw typeError(asset, `${where}: column`, `"${c.name}" is ${c.type}; statistics need a numeric column`);
        const measured: { name: string; at: number; bound: QualityBound }[] = [];
        const fn = { mean: 'avg', min: 'min', max: 'max', sum: 'sum', stdev: 'stddev_samp' } as const;
        for (const { statistic, bound } of check.bounds) {
          measured.push({ name: statistic, at: aggregate(call(fn[statistic], [column(c.name)]), where), bound });
        }
        for (const { fraction: q, bound } of check.quantiles) {
          measured.push({ name: `quantile ${formatNumber(q)}`, at: aggregate(call('percentile', [column(c.name), literal(q)]), where), bound });
        }
        judges.push((m) =>
          measured.map(({ name, at, bound }) => {
            const observed = m.aggregates[at] ?? null;
            const holds = observed !== null && within(observed, bound);
            const label = `statistical(${c.name}) ${name}`;
            const said = observed === null ? `${name} of "${c.name}" is NULL (no values)` : `${name} of "${c.name}": ${formatNumber(observed)}`;
            return result(label, observed, boundText(bound), holds, `${said}, expected ${boundText(bound)}`);
          }),
        );
        continue;
      }
      case 'volume': {
        judges.push((m) => {
          const out: QualityResult[] = [];
          if (check.rowCount !== undefined) {
            const b = check.rowCount;
            out.push(result('volume rowCount', m.rows, boundText(b), within(m.rows, b), `${formatNumber(m.rows)} rows, expected ${boundText(b)}`));
          }
          if (check.columnCount !== undefined) {
            const b = check.columnCount;
            const n = columns.length;
            out.push(result('volume columnCount', n, boundText(b), within(n, b), `${n} columns, expected ${boundText(b)}`));
          }
          return out;
        });
        continue;
      }
      case 'freshness': {
        const c = resolve(`${where}: column`, check.column);
        if (c.type !== 'timestamp' && c.type !== 'date') {
          throw typeError(asset, `${where}: column`, `"${c.name}" is ${c.type}; freshness needs a timestamp or date column`);
        }
        const latest = aggregate(call('max', [column(c.name)]), where);
        const maxSeconds = check.maxAgeMs / 1000;
        judges.push((m, nowMs) => {
          const value = m.aggregates[latest] ?? null;
          // Dates count from the start of their day; timestamps are microseconds (UTC).
          const latestMs = value === null ? null : c.type === 'date' ? value * 86_400_000 : value / 1000;
          const age = latestMs === null ? null : Math.max(0, Math.round((nowMs - latestMs) / 1000));
          const expected = `<= ${formatNumber(maxSeconds)} s (${check.maxAge})`;
          const said = age === null ? `"${c.name}" has no values` : `latest "${c.name}" is ${formatNumber(age)} s old`;
          return [result(`freshness(${c.name})`, age, expected, age !== null && age <= maxSeconds, `${said}, expected at most ${check.maxAge}`)];
        });
        continue;
      }
      case 'referential': {
        const c = resolve(`${where}: column`, check.column);
        const other = resolve(`${where}: reference.column`, check.reference.column, columnsOf(check.reference.asset), check.reference.asset);
        if (family(c.type) !== family(other.type)) {
          throw typeError(asset, `${where}: reference.column`, `"${c.name}" is ${c.type} but "${check.reference.asset}"."${other.name}" is ${other.type}; they cannot be compared`);
        }
        const r = references.push({ column: c.name, asset: check.reference.asset, referenceColumn: other.name }) - 1;
        judges.push((m) => {
          const { checked, missing } = m.references[r] ?? { checked: 0, missing: 0 };
          const observed = checked === 0 ? 1 : (checked - missing) / checked;
          const name = `referential(${c.name} -> ${check.reference.asset}.${other.name})`;
          return [fraction(name, observed, check.threshold, `${formatNumber(missing)} of ${formatNumber(checked)} non-NULL values of "${c.name}" are not in ${check.reference.asset}.${other.name}, integrity`)];
        });
        continue;
      }
      case 'crossColumn':
      case 'custom': {
        const bound = bindRow(check.condition, `${where}: condition`);
        if (bound.type !== 'boolean' && bound.type !== 'null') throw typeError(asset, `${where}: condition`, `must be a condition (got a value of type ${bound.type})`);
        // A row whose condition is NULL does not satisfy it.
        const passing = aggregate(call('count', [caseWhen([{ when: check.condition, then: literal(1) }])]), `${where}: condition`);
        judges.push((m) => {
          const ok = m.aggregates[passing] ?? 0;
          const observed = m.rows === 0 ? 1 : ok / m.rows;
          return [fraction(`${check.type}(${check.text.trim()})`, observed, check.threshold, `${formatNumber(ok)} of ${formatNumber(m.rows)} rows satisfy the condition, fraction`)];
        });
        continue;
      }
    }
  }

  return {
    request: { asset, field: `quality suite "${suite.suite}"`, columns, ...(filter === undefined ? {} : { filter }), aggregates, keys, references },
    judge: (measures, nowMs) => judges.flatMap((j) => j(measures, nowMs)),
  };
}

/** The error failing a job whose error-severity checks failed: every such check named; undefined when none did. */
export function qualityFailure(results: readonly QualityResult[], all: readonly QualityResult[]): EngineError | undefined {
  const failed = results.filter((r) => r.status === 'fail');
  if (failed.length === 0) return undefined;
  const first = failed[0] as QualityResult;
  const named = failed.map((r) => `suite "${r.suite}" check ${r.check} failed: ${r.message}`).join('; ');
  return engineError('E_QUALITY', { problem: `quality ${named} (E-QUALITY-001)`, suite: first.suite, check: first.check, quality: [...all] });
}

/** The condition a non-NULL value of a validity check meets: every constraint given. */
function validityCondition(check: ValidityCheck, c: Column, where: string, asset: string): Expr {
  const value = column(c.name);
  const text: Expr = c.type === 'string' ? value : { kind: 'cast', operand: value, type: { name: 'string' }, safe: false, span: AT };
  const parts: Expr[] = [];
  if (check.acceptedValues !== undefined) {
    const list = check.acceptedValues.map((v) => literal(fitValue(v, c.type)));
    parts.push({ kind: 'in', operand: value, list, negated: false, span: AT });
  }
  if (check.range !== undefined) {
    if (!isNumeric(c.type)) throw typeError(asset, `${where}: range`, `"${c.name}" is ${c.type}; a range needs a numeric column`);
    const { min, max, strictMin, strictMax } = check.range;
    if (min !== undefined) parts.push(binary(strictMin ? '>' : '>=', value, literal(min)));
    if (max !== undefined) parts.push(binary(strictMax ? '<' : '<=', value, literal(max)));
  }
  const matches = (pattern: string): Expr => ({ kind: 'like', op: 'RLIKE', operand: text, pattern: literal(pattern), negated: false, span: AT });
  if (check.pattern !== undefined) parts.push(matches(check.pattern));
  if (check.format !== undefined) parts.push(matches(FORMAT_PATTERNS[check.format]));
  if (check.lengthBetween !== undefined) {
    const [low, high] = check.lengthBetween;
    parts.push({ kind: 'between', operand: call('length', [text]), low: literal(low), high: literal(high), negated: false, span: AT });
  }
  return chain('AND', parts);
}

/** An accepted value as the column's kind of value: numbers for numeric columns, text for text. */
function fitValue(v: string | number | boolean, type: DataType): string | number | boolean {
  if (isNumeric(type) && typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (type === 'string' && typeof v !== 'string') return String(v);
  return v;
}

/** Looks a column up by its exact name, else by its name ignoring case (the first such column). */
function columnsByName(columns: readonly Column[]): (name: string) => Column | undefined {
  const exact = new Map<string, Column>();
  const folded = new Map<string, Column>();
  for (const c of columns) {
    if (!exact.has(c.name)) exact.set(c.name, c);
    const key = c.name.toLowerCase();
    if (!folded.has(key)) folded.set(key, c);
  }
  return (name) => exact.get(name) ?? folded.get(name.toLowerCase());
}

/**
 * The columns some forbidden glob of `check` matches, in glob order then column order (a column
 * once per glob matching it), one (glob, column) pair at a time with turns of the event loop.
 */
async function forbiddenPresent(check: SchemaCheck, columns: readonly Column[], signal: AbortSignal | undefined, asset: string): Promise<string[]> {
  if (columns.length === 0) return [];
  const globs = check.forbidden.map(compileGlob);
  const found: string[] = [];
  await forEachRow(globs.length * columns.length, signal, asset, (i) => {
    const name = (columns[i % columns.length] as Column).name;
    if ((globs[Math.floor(i / columns.length)] as (n: string) => boolean)(name)) found.push(name);
  });
  return found;
}

/** The kind of a type, for type expectations: integral types are alike, float and double too, decimals too. */
function family(t: DataType): string {
  if (isIntegral(t)) return 'integral';
  if (isFloating(t)) return 'floating';
  if (isDecimal(t)) return 'decimal';
  return t;
}

function within(n: number, b: QualityBound): boolean {
  return (b.min === undefined || n >= b.min) && (b.max === undefined || n <= b.max);
}

function boundText(b: QualityBound): string {
  if (b.min !== undefined && b.max !== undefined) return `between ${formatNumber(b.min)} and ${formatNumber(b.max)}`;
  return b.min !== undefined ? `>= ${formatNumber(b.min)}` : `<= ${formatNumber(b.max ?? 0)}`;
}

/** The severity a result reports with (re-exported for callers that build results). */
export type { QualitySeverity };
