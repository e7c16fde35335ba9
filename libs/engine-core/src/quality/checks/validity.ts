/** Validity checks: non-NULL values of the column meeting every constraint given (1 with none). */
import type { Expr, ValidityCheck } from '@pipeline/definition';
import type { Column } from '../../bind/bind-expression';
import { binary, call, caseWhen, chain, column, isNull, literal } from '../../bind/binders/built-expr';
import { typeError } from '../../errors';
import { isNumeric, type DataType } from '../../types/data-type';
import type { CheckPlanner } from '../check-planner';
import { formatNumber } from '../quality-result';

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

/** Plans `type: validity`. */
export const planValidity: CheckPlanner<'validity'> = (check, { asset, where, resolve, aggregate, fraction }) => {
  const c = resolve(`${where}: column`, check.column);
  const valid = validityCondition(check, c, where, asset);
  const present = aggregate(call('count', [column(c.name)]), where);
  const passing = aggregate(call('count', [caseWhen([{ when: binary('AND', isNull(column(c.name), true), valid), then: literal(1) }])]), where);
  return (m) => {
    const n = m.aggregates[present] ?? 0;
    const ok = m.aggregates[passing] ?? 0;
    const observed = n === 0 ? 1 : ok / n;
    const what = `${formatNumber(ok)} of ${formatNumber(n)} non-NULL values of "${c.name}" are valid, validity`;
    return [fraction(`validity(${c.name})`, observed, check.threshold, what, { rows: n - ok, of: n }, c.name)];
  };
};

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
