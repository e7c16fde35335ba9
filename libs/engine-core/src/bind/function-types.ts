/**
 * Result types of the catalogue's functions from their argument types, one entry per function
 * (`satisfies`, so a new catalogue function does not compile until it is typed here). A rule
 * returns the result type or a sentence saying what is wrong; the rule of a function with literal
 * arguments (check/call-params) also returns them resolved, the only place they are read.
 */
import type { FunctionName } from '@pipeline/definition';
import {
  decimalParts,
  decimalType,
  INTEGRAL_RANGE,
  isDecimal,
  isIntegral,
  isModelled,
  isNumeric,
  isTemporal,
  arrayType,
  mapType,
  isNested,
  nestedParts,
  structType,
  type DataType,
} from '../types/data-type';
import { commonElementType, holdsMap, zipFieldNames } from './array-types';
import { jsonDepthProblem, jsonNestsDeeperThan, parseReplacement, quotedTypeText, readDataType, readJsonPath, regexGroupCount, regexProblem, type JsonPathStep, type ReplacementPiece } from '@pipeline/definition';
import { internalError } from '../errors';
import { parseDatePattern, shownPattern, type DatePattern } from '../formats/date-pattern';
import { TRUNCATION_UNITS, type TruncationUnit } from '../values/truncate';
import type { BoundExpr, UntypedCall } from './bound-expr';
import type { CallParams, EditedField, ParamFunctionName } from './call-params';
import { arithmeticType, supertype, type ArithmeticOperator } from './supertype';

/** What the rule of function `N` gives: its result type, with its resolved literal arguments when it takes any. */
export type Typing<N extends FunctionName> = N extends ParamFunctionName ? { readonly type: DataType; readonly params: CallParams[N] } : DataType;

/** A typing rule: the argument types (and the call, for literal arguments) give the result type or a problem. */
export type FunctionTyping<R = DataType> = (args: readonly DataType[], call: UntypedCall) => R | { problem: string };

/** The result type with the parameters the binder resolved. */
const withParams = <P>(type: DataType, params: P): { readonly type: DataType; readonly params: P } => ({ type, params });

const problem = (text: string): { problem: string } => ({ problem: text });

function numericArg(name: string, t: DataType, position = 'its argument'): string | undefined {
  return t === 'null' || isNumeric(t) ? undefined : `${name} needs a number as ${position}, got ${t}`;
}

function stringArg(name: string, t: DataType, position = 'its argument'): string | undefined {
  return t === 'null' || t === 'string' ? undefined : `${name} needs a string as ${position}, got ${t}`;
}

function integralArg(name: string, t: DataType, position: string): string | undefined {
  return t === 'null' || isIntegral(t) ? undefined : `${name} needs a whole number as ${position}, got ${t}`;
}

/** The element type of an array argument (`null` for a NULL argument), or undefined when it is no array. */
function arrayElement(t: DataType): DataType | undefined {
  if (t === 'null') return 'null';
  const parts = nestedParts(t);
  return parts?.kind === 'array' ? parts.element : undefined;
}

/** array_distinct's rule: an array of elements that can be compared for equality; the same type back. */
function comparableArray(name: string, a: DataType): DataType | { problem: string } {
  const element = arrayElement(a);
  if (element === undefined) return problem(`${name} needs an array, got ${a}`);
  if (holdsMap(element)) return problem(`${name} cannot compare elements of type ${element}`);
  return arrayType(element === 'null' ? 'integer' : element);
}

/** array_union, array_intersect, array_except: two arrays of one element type (numbers widened); an array of it. */
function twoArrays(name: string, a: DataType, b: DataType): DataType | { problem: string } {
  const x = arrayElement(a);
  const y = arrayElement(b);
  if (x === undefined || y === undefined) return problem(`${name} needs two arrays, got ${a} and ${b}`);
  const element = commonElementType(x, y);
  if (element === undefined) return problem(`${name} needs arrays of one element type, got ${a} and ${b}`);
  return comparableArray(name, arrayType(element));
}

/** array_position, array_remove: the common type of the array's elements and the value looked for. */
function searchedElement(name: string, a: DataType, v: DataType): DataType | { problem: string } {
  const element = arrayElement(a);
  if (element === undefined) return problem(`${name} needs an array as its first argument, got ${a}`);
  const common = commonElementType(element, v);
  if (common === undefined) return problem(`${name} cannot look for ${v} in ${a}`);
  return holdsMap(common) ? problem(`${name} cannot compare elements of type ${common}`) : common;
}

function temporalArg(name: string, t: DataType, position = 'its argument'): string | undefined {
  return t === 'null' || isTemporal(t) ? undefined : `${name} needs a date or timestamp as ${position}, got ${t}`;
}

const sameNumeric =
  (name: string): FunctionTyping =>
  ([t]) =>
    numericArg(name, t) === undefined ? (t === 'null' ? 'integer' : t) : problem(numericArg(name, t) as string);

const toDouble =
  (name: string): FunctionTyping =>
  ([t]) => {
    const p = numericArg(name, t);
    return p === undefined ? 'double' : problem(p);
  };

const pairToDouble =
  (name: string): FunctionTyping =>
  ([y, x]) => {
    const p = numericArg(name, y, 'its first argument') ?? numericArg(name, x, 'its second argument');
    return p === undefined ? 'double' : problem(p);
  };

const stringToString =
  (name: string): FunctionTyping =>
  ([t]) => {
    const p = stringArg(name, t);
    return p === undefined ? 'string' : problem(p);
  };

const temporalToLong =
  (name: string): FunctionTyping =>
  ([t]) => {
    const p = temporalArg(name, t);
    return p === undefined ? 'long' : problem(p);
  };

const orderable =
  (name: string): FunctionTyping =>
  ([t]) =>
    isModelled(t) ? (t === 'null' ? 'integer' : t) : problem(`${name} cannot order values of type ${t}`);

function common(name: string, args: readonly DataType[]): DataType | { problem: string } {
  let acc: DataType = 'null';
  for (const t of args) {
    const next = commonElementType(acc, t);
    if (next === undefined) return problem(`${name} arguments have incompatible types ${acc} and ${t}`);
    acc = next;
  }
  return acc;
}

/** Whole-number literal value of a call argument (`-2` included), when it is one. */
function integerLiteralArg(call: Pick<UntypedCall, 'args'>, index: number): number | undefined {
  const a = call.args[index];
  return a === undefined ? undefined : integerLiteralValue(a);
}

/** The value of a whole-number literal (`2`, `-2`), or undefined for any other expression. */
function integerLiteralValue(e: BoundExpr): number | undefined {
  if (e.kind === 'number' && e.isInteger) return Number(e.text);
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number' && e.operand.isInteger) return -Number(e.operand.text);
  return undefined;
}

/**
 * The date pattern given as argument `index` of a call (`to_date(s, 'dd/MM/yyyy')`): undefined
 * when the argument is absent, a problem when it is not a text literal or not a usable pattern.
 */
function patternArg(call: Pick<UntypedCall, 'name' | 'args'>, index: number): DatePattern | { problem: string } | undefined {
  const a = call.args[index];
  if (a === undefined) return undefined;
  // The pattern decides what DuckDB's strptime is compiled with, so it must be known before running.
  if (a.kind !== 'string') return problem(`${call.name} needs a text literal as its pattern`);
  const parsed = parseDatePattern(a.value);
  return 'problem' in parsed ? problem(`${call.name} pattern ${shownPattern(a.value, "'")}${parsed.problem}`) : parsed;
}

/** A numeric literal argument's value (`0.25`, `1`), or undefined for any other expression. */
function numberLiteralArg(call: Pick<UntypedCall, 'args'>, index: number): number | undefined {
  const a = call.args[index];
  if (a?.kind === 'number') return Number(a.text);
  if (a?.kind === 'unary' && a.op === '-' && a.operand.kind === 'number') return -Number(a.operand.text);
  return undefined;
}

/** Typing of percentile / percentile_approx: a number, a fraction literal, an optional whole accuracy literal. */
const percentileOf =
  (name: 'percentile' | 'percentile_approx'): FunctionTyping<Typing<'percentile'>> =>
  ([t], call) => {
    const p = numericArg(name, t, 'its first argument');
    if (p !== undefined) return problem(p);
    const fraction = numberLiteralArg(call, 1);
    // DuckDB fixes the fraction when the query is planned, so it must be a literal.
    if (fraction === undefined || fraction < 0 || fraction > 1) return problem(`${name} needs a number literal between 0 and 1 as its percentage`);
    if (call.args.length > 2) {
      const accuracy = integerLiteralArg(call, 2);
      if (accuracy === undefined || accuracy <= 0) return problem(`${name} needs a positive whole-number literal as its accuracy`);
    }
    return withParams('double', { fraction });
  };

/** The unit named by a call's text literal argument (any case), or undefined when it names none. */
function truncationUnitArg(call: Pick<UntypedCall, 'args'>, index: number): TruncationUnit | undefined {
  const a = call.args[index];
  if (a?.kind !== 'string') return undefined;
  const unit = a.value.toLowerCase();
  return TRUNCATION_UNITS.find((u) => u === unit);
}

/** Typing of a function over one text and whole numbers after it (`left(text, n)`, `lpad(text, n[, pad])`). */
const textAndCount =
  (name: string, padded: boolean): FunctionTyping =>
  ([s, n, pad]) => {
    const p =
      stringArg(name, s, 'its first argument') ??
      integralArg(name, n, padded ? 'its length' : 'its count') ??
      (pad === undefined ? undefined : stringArg(name, pad, 'its padding'));
    return p === undefined ? 'string' : problem(p);
  };

/** Typing of a function over two texts (`starts_with(text, prefix)`, `instr(text, search)`). */
const twoTexts =
  (name: string, result: DataType, second: string): FunctionTyping =>
  ([a, b]) => {
    const p = stringArg(name, a, 'its first argument') ?? stringArg(name, b, second);
    return p === undefined ? result : problem(p);
  };

/** Typing of a logarithm or root of numbers: a double. */
const numbersToDouble =
  (name: string): FunctionTyping =>
  (args) => {
    const p = args.map((t, i) => numericArg(name, t, args.length === 1 ? 'its argument' : i === 0 ? 'its first argument' : 'its second argument')).find((x) => x !== undefined);
    return p === undefined ? 'double' : problem(p);
  };

/** The literal pattern (argument 1) of regexp_extract / regexp_replace, or a problem. */
function regexPatternArg(call: Pick<UntypedCall, 'name' | 'args'>): { pattern: string; groups: number } | { problem: string } {
  const a = call.args[1];
  // DuckDB compiles a constant pattern once; both backends check it before anything runs.
  if (a?.kind !== 'string') return problem(`${call.name} needs a text literal as its pattern`);
  const why = regexProblem(a.value);
  if (why !== undefined) return problem(why);
  return { pattern: a.value, groups: regexGroupCount(a.value) ?? 0 };
}

/** The replacement literal of regexp_replace, read (`$n` groups, `\` escapes), or a problem. */
function replacementArg(call: Pick<UntypedCall, 'name' | 'args'>, groups: number): readonly ReplacementPiece[] | { problem: string } {
  const a = call.args[2];
  if (a?.kind !== 'string') return problem(`${call.name} needs a text literal as its replacement`);
  return parseReplacement(a.value, groups);
}

/** months_between's roundOff: its boolean literal, true when absent. */
function roundOffArg(call: Pick<UntypedCall, 'args'>): boolean {
  const a = call.args[2];
  return a?.kind === 'boolean' ? a.value : true;
}

/** The weekday (ISO: 1 Monday .. 7 Sunday) a next_day literal names: 'Mon', 'monday', 'MO'. */
function weekdayArg(call: Pick<UntypedCall, 'args'>, index: number): number | undefined {
  const a = call.args[index];
  if (a?.kind !== 'string') return undefined;
  const text = a.value.trim().toLowerCase();
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const found = days.findIndex((d) => text.length >= 2 && (d === text || (text.length <= 3 && d.startsWith(text))));
  return found === -1 ? undefined : found + 1;
}

/** The pattern of from_unixtime / date_format: Spark's default 'yyyy-MM-dd HH:mm:ss' when absent. */
function writePatternArg(call: Pick<UntypedCall, 'name' | 'args'>, index: number): DatePattern | { problem: string } {
  const given = patternArg(call, index);
  if (given !== undefined) return given;
  const fallback = parseDatePattern('yyyy-MM-dd HH:mm:ss');
  return 'problem' in fallback ? problem(fallback.problem) : fallback;
}

/** Typing of the common type of arguments from `from` on (if, nvl2, greatest, least). */
function commonFrom(name: string, args: readonly DataType[], from: number): DataType | { problem: string } {
  const t = common(name, args.slice(from));
  return typeof t === 'string' && t === 'null' ? 'integer' : t;
}

const INTERVAL_PLACE = (name: string): string =>
  `${name} makes an interval, which can only be added to or subtracted from a date or timestamp, with number literals as its arguments`;

/** Typing of to_date / to_timestamp: text (with an optional pattern), or a date or timestamp without one. */
const parseTemporal =
  (name: 'to_date' | 'to_timestamp' | 'to_timestamp_ntz', result: 'date' | 'timestamp'): FunctionTyping<Typing<'to_date'>> =>
  ([t], call) => {
    const pattern = patternArg(call, 1);
    if (pattern !== undefined && 'problem' in pattern) return pattern;
    const accepted = pattern === undefined ? t === 'null' || t === 'string' || isTemporal(t) : t === 'null' || t === 'string';
    if (!accepted) return problem(`${name} needs ${pattern === undefined ? 'a text, date or timestamp' : 'a text'} as its first argument, got ${t}`);
    return withParams(result, { pattern });
  };

function fits(v: number, t: DataType): boolean {
  const range = INTEGRAL_RANGE[t];
  return range !== undefined && v >= range[0] && v <= range[1];
}

/**
 * Arithmetic result type where an integer literal adapts to the other side (DuckDB's rule: a short
 * column plus 1 stays short, a long column plus 1 is long).
 */
export function adaptiveArithmeticType(op: ArithmeticOperator, left: BoundExpr, lt: DataType, right: BoundExpr, rt: DataType): DataType {
  if (isIntegral(lt) && isIntegral(rt)) {
    const lv = integerLiteralValue(left);
    const rv = integerLiteralValue(right);
    if (rv !== undefined && lv === undefined && fits(rv, lt)) return lt;
    if (lv !== undefined && rv === undefined && fits(lv, rt)) return rt;
  }
  return arithmeticType(op, lt, rt);
}

/** The typing rule of every catalogue function. */
export const FUNCTION_TYPES = {
  count: () => 'long',
  sum: ([t]) => {
    const p = numericArg('sum', t);
    if (p !== undefined) return problem(p);
    if (t === 'null' || isIntegral(t)) return 'long';
    const dec = decimalParts(t);
    return dec === undefined ? 'double' : decimalType(38, dec.scale);
  },
  avg: toDouble('avg'),
  min: orderable('min'),
  max: orderable('max'),
  stddev: toDouble('stddev'),
  stddev_samp: toDouble('stddev_samp'),
  stddev_pop: toDouble('stddev_pop'),
  variance: toDouble('variance'),
  var_samp: toDouble('var_samp'),
  var_pop: toDouble('var_pop'),
  corr: pairToDouble('corr'),
  covar_pop: pairToDouble('covar_pop'),
  covar_samp: pairToDouble('covar_samp'),
  skewness: toDouble('skewness'),
  kurtosis: toDouble('kurtosis'),
  percentile: percentileOf('percentile'),
  percentile_approx: percentileOf('percentile_approx'),
  grouping: () => 'integer',
  // Spec 9.13.12: a bit per key, so at most 31 keys fit the integer.
  grouping_id: (args) => (args.length > 31 ? problem(`grouping_id takes at most 31 keys, got ${args.length}`) : 'integer'),
  median: ([t]) => {
    const p = numericArg('median', t);
    if (p !== undefined) return problem(p);
    return isDecimal(t) ? t : 'double';
  },

  concat: (args) => {
    const bad = args.find((t) => !isModelled(t));
    return bad === undefined ? 'string' : problem(`concat cannot turn a value of type ${bad} into text`);
  },
  upper: stringToString('upper'),
  lower: stringToString('lower'),
  trim: stringToString('trim'),
  ltrim: stringToString('ltrim'),
  rtrim: stringToString('rtrim'),
  length: ([t]) => {
    const p = stringArg('length', t);
    return p === undefined ? 'long' : problem(p);
  },
  substring: ([s, start, len]) => {
    const p =
      stringArg('substring', s, 'its first argument') ??
      integralArg('substring', start, 'its start') ??
      (len === undefined ? undefined : integralArg('substring', len, 'its length'));
    return p === undefined ? 'string' : problem(p);
  },
  replace: ([s, a, b]) => {
    const p =
      stringArg('replace', s, 'its first argument') ??
      stringArg('replace', a, 'its search text') ??
      stringArg('replace', b, 'its replacement');
    return p === undefined ? 'string' : problem(p);
  },

  substr: ([s, start, len]) => {
    const p =
      stringArg('substr', s, 'its first argument') ??
      integralArg('substr', start, 'its start') ??
      (len === undefined ? undefined : integralArg('substr', len, 'its length'));
    return p === undefined ? 'string' : problem(p);
  },
  concat_ws: (args) => {
    const p = stringArg('concat_ws', args[0], 'its separator');
    if (p !== undefined) return problem(p);
    const bad = args.slice(1).find((t) => !isModelled(t));
    return bad === undefined ? 'string' : problem(`concat_ws cannot turn a value of type ${bad} into text`);
  },
  lpad: textAndCount('lpad', true),
  rpad: textAndCount('rpad', true),
  left: textAndCount('left', false),
  right: textAndCount('right', false),
  reverse: stringToString('reverse'),
  repeat: textAndCount('repeat', false),
  initcap: stringToString('initcap'),
  starts_with: twoTexts('starts_with', 'boolean', 'its prefix'),
  ends_with: twoTexts('ends_with', 'boolean', 'its suffix'),
  instr: twoTexts('instr', 'long', 'its search text'),
  locate: ([search, s, start]) => {
    const p =
      stringArg('locate', search, 'its search text') ??
      stringArg('locate', s, 'its second argument') ??
      (start === undefined ? undefined : integralArg('locate', start, 'its start'));
    return p === undefined ? 'long' : problem(p);
  },
  split_part: ([s, delimiter, n]) => {
    const p = stringArg('split_part', s, 'its first argument') ?? stringArg('split_part', delimiter, 'its delimiter') ?? integralArg('split_part', n, 'its part number');
    return p === undefined ? 'string' : problem(p);
  },
  regexp_extract: ([s, , group], call) => {
    const p = stringArg('regexp_extract', s, 'its first argument');
    if (p !== undefined) return problem(p);
    const pattern = regexPatternArg(call);
    if ('problem' in pattern) return pattern;
    const n = group === undefined ? 1 : integerLiteralArg(call, 2);
    if (n === undefined || n < 0) return problem('regexp_extract needs a whole-number literal of at least 0 as its group');
    if (n > pattern.groups) return problem(`regexp_extract asks for group ${n}, but the pattern has ${pattern.groups === 1 ? '1 group' : `${pattern.groups} groups`}`);
    return withParams('string', { pattern: pattern.pattern, group: n });
  },
  regexp_replace: ([s], call) => {
    const p = stringArg('regexp_replace', s, 'its first argument');
    if (p !== undefined) return problem(p);
    const pattern = regexPatternArg(call);
    if ('problem' in pattern) return pattern;
    const pieces = replacementArg(call, pattern.groups);
    return 'problem' in pieces ? pieces : withParams('string', { pattern: pattern.pattern, replacement: pieces });
  },

  abs: sameNumeric('abs'),
  round: ([t, scale], call) => {
    const p = numericArg('round', t) ?? (scale === undefined ? undefined : integralArg('round', scale, 'its scale'));
    if (p !== undefined) return problem(p);
    const dec = decimalParts(t);
    if (dec === undefined) return t === 'null' ? 'integer' : t;
    if (scale === undefined) return decimalType(dec.precision, 0);
    const digits = integerLiteralArg(call, 1);
    if (digits === undefined) return problem('round of a decimal needs a whole-number literal as its scale');
    return decimalType(dec.precision, Math.max(0, Math.min(dec.scale, digits)));
  },
  floor: ([t]) => {
    const p = numericArg('floor', t);
    if (p !== undefined) return problem(p);
    const dec = decimalParts(t);
    return dec === undefined ? (t === 'null' ? 'integer' : t) : decimalType(dec.precision, 0);
  },
  ceil: ([t]) => {
    const p = numericArg('ceil', t);
    if (p !== undefined) return problem(p);
    const dec = decimalParts(t);
    return dec === undefined ? (t === 'null' ? 'integer' : t) : decimalType(dec.precision, 0);
  },
  power: ([a, b]) => {
    const p = numericArg('power', a, 'its base') ?? numericArg('power', b, 'its exponent');
    return p === undefined ? 'double' : problem(p);
  },
  sqrt: toDouble('sqrt'),
  pow: ([a, b]) => {
    const p = numericArg('pow', a, 'its base') ?? numericArg('pow', b, 'its exponent');
    return p === undefined ? 'double' : problem(p);
  },
  exp: toDouble('exp'),
  ln: toDouble('ln'),
  log: numbersToDouble('log'),
  log10: toDouble('log10'),
  log2: toDouble('log2'),
  cbrt: toDouble('cbrt'),
  sign: toDouble('sign'),
  signum: toDouble('signum'),
  greatest: (args) => {
    const t = commonFrom('greatest', args, 0);
    return typeof t === 'string' && !isModelled(t) ? problem(`greatest cannot order values of type ${t}`) : t;
  },
  least: (args) => {
    const t = commonFrom('least', args, 0);
    return typeof t === 'string' && !isModelled(t) ? problem(`least cannot order values of type ${t}`) : t;
  },
  pi: () => 'double',
  mod: ([a, b], call) => {
    const p = numericArg('mod', a, 'its first argument') ?? numericArg('mod', b, 'its divisor');
    return p === undefined ? adaptiveArithmeticType('%', call.args[0], a, call.args[1], b) : problem(p);
  },

  coalesce: (args) => common('coalesce', args),
  ifnull: (args) => common('ifnull', args),
  nvl: (args) => common('nvl', args),
  nvl2: (args) => commonFrom('nvl2', args, 1),
  if: ([c, ...rest]) => {
    if (c !== 'boolean' && c !== 'null') return problem(`if needs a true/false condition as its first argument, got ${c}`);
    return commonFrom('if', rest, 0);
  },
  iff: ([c, ...rest]) => {
    if (c !== 'boolean' && c !== 'null') return problem(`iff needs a true/false condition as its first argument, got ${c}`);
    return commonFrom('iff', rest, 0);
  },
  isnull: () => 'boolean',
  isnotnull: () => 'boolean',
  nullif: ([a, b]) => {
    if (supertype(a, b) === undefined) return problem(`nullif cannot compare ${a} with ${b}`);
    return a;
  },

  year: temporalToLong('year'),
  month: temporalToLong('month'),
  day: temporalToLong('day'),
  hour: temporalToLong('hour'),
  minute: temporalToLong('minute'),
  second: temporalToLong('second'),
  dayofweek: temporalToLong('dayofweek'),
  dayofyear: temporalToLong('dayofyear'),
  weekofyear: temporalToLong('weekofyear'),
  quarter: temporalToLong('quarter'),
  date_sub: ([d, n]) => {
    const p = temporalArg('date_sub', d, 'its first argument') ?? integralArg('date_sub', n, 'its number of days');
    return p === undefined ? 'date' : problem(p);
  },
  datediff: ([end, start]) => {
    const p = temporalArg('datediff', end, 'its end') ?? temporalArg('datediff', start, 'its start');
    return p === undefined ? 'long' : problem(p);
  },
  months_between: ([end, start, roundOff], call) => {
    const p = temporalArg('months_between', end, 'its end') ?? temporalArg('months_between', start, 'its start');
    if (p !== undefined) return problem(p);
    if (roundOff !== undefined && call.args[2]?.kind !== 'boolean') return problem('months_between needs TRUE or FALSE as its roundOff');
    return withParams('double', { roundOff: roundOffArg(call) });
  },
  next_day: ([d], call) => {
    const p = temporalArg('next_day', d, 'its first argument');
    if (p !== undefined) return problem(p);
    const weekday = weekdayArg(call, 1);
    if (weekday === undefined) return problem("next_day needs a day-of-week literal as its second argument, such as 'Mon' or 'monday'");
    return withParams('date', { weekday });
  },
  make_date: ([y, m, d]) => {
    const p = integralArg('make_date', y, 'its year') ?? integralArg('make_date', m, 'its month') ?? integralArg('make_date', d, 'its day');
    return p === undefined ? 'date' : problem(p);
  },
  unix_timestamp: ([t], call) => {
    const pattern = patternArg(call, 1);
    if (pattern !== undefined && 'problem' in pattern) return pattern;
    const accepted = pattern === undefined ? t === 'null' || t === 'string' || isTemporal(t) : t === 'null' || t === 'string';
    if (!accepted) return problem(`unix_timestamp needs ${pattern === undefined ? 'a text, date or timestamp' : 'a text'} as its first argument, got ${t}`);
    return withParams('long', { pattern });
  },
  from_unixtime: ([n], call) => {
    const p = integralArg('from_unixtime', n, 'its number of seconds');
    if (p !== undefined) return problem(p);
    const pattern = writePatternArg(call, 1);
    return 'problem' in pattern ? pattern : withParams('string', { pattern });
  },
  timestamp_seconds: ([n]) => {
    const p = integralArg('timestamp_seconds', n, 'its number of seconds');
    return p === undefined ? 'timestamp' : problem(p);
  },
  date_format: ([d], call) => {
    const p = temporalArg('date_format', d, 'its first argument');
    if (p !== undefined) return problem(p);
    if (call.args[1]?.kind !== 'string') return problem('date_format needs a text literal as its pattern');
    const pattern = writePatternArg(call, 1);
    return 'problem' in pattern ? pattern : withParams('string', { pattern });
  },
  add_months: ([d, n]) => {
    const p = temporalArg('add_months', d, 'its first argument') ?? integralArg('add_months', n, 'its number of months');
    return p === undefined ? 'date' : problem(p);
  },
  date_trunc: ([, d], call) => {
    const unit = truncationUnitArg(call, 0);
    if (unit === undefined) {
      return problem(`date_trunc needs a unit literal as its first argument: ${TRUNCATION_UNITS.map((u) => `'${u}'`).join(', ')}`);
    }
    const p = temporalArg('date_trunc', d, 'its second argument');
    return p === undefined ? withParams('timestamp', { unit }) : problem(p);
  },
  last_day: ([d]) => {
    const p = temporalArg('last_day', d);
    return p === undefined ? 'date' : problem(p);
  },
  date_add: ([d, n]) => {
    const p = temporalArg('date_add', d, 'its first argument') ?? integralArg('date_add', n, 'its number of days');
    return p === undefined ? 'date' : problem(p);
  },
  date_diff: ([end, start]) => {
    const p = temporalArg('date_diff', end, 'its end') ?? temporalArg('date_diff', start, 'its start');
    return p === undefined ? 'long' : problem(p);
  },
  to_date: parseTemporal('to_date', 'date'),
  to_timestamp: parseTemporal('to_timestamp', 'timestamp'),
  // A constructor with number literals is folded into an interval where it is added to a moment
  // (values/interval); bound anywhere else it has no value the columns could hold.
  make_interval: () => problem(INTERVAL_PLACE('make_interval')),
  make_ym_interval: () => problem(INTERVAL_PLACE('make_ym_interval')),
  make_dt_interval: () => problem(INTERVAL_PLACE('make_dt_interval')),
  // JSON (spec 9.13.10), variant (9.13.13), time of day and timestamp_ntz (9.13.11).
  from_json: ([t], call) => {
    const p = stringArg('from_json', t, 'its first argument');
    if (p !== undefined) return problem(p);
    const schema = schemaArg(call, 1, true);
    return typeof schema === 'string' ? withParams(schema, { schema }) : schema;
  },
  to_json: ([t]) => (t === 'null' || t === 'variant' || isNested(t) ? 'string' : problem(`to_json needs a struct, array, map or variant, got ${t}`)),
  get_json_object: ([t], call) => {
    const p = stringArg('get_json_object', t, 'its first argument');
    if (p !== undefined) return problem(p);
    const path = jsonPathArg(call, 1);
    return 'problem' in path ? path : withParams('string', { path });
  },
  schema_of_json: (_args, call) => {
    const a = call.args[0];
    if (a?.kind !== 'string') return problem('schema_of_json needs a JSON text literal as its argument');
    if (jsonNestsDeeperThan(a.value)) return problem(jsonDepthProblem('schema_of_json'));
    try {
      JSON.parse(a.value);
    } catch {
      return problem(`schema_of_json needs valid JSON, got '${a.value}'`);
    }
    return withParams('string', { json: a.value });
  },
  parse_json: ([t]) => {
    const p = stringArg('parse_json', t);
    return p === undefined ? 'variant' : problem(p);
  },
  variant_get: (args, call) => variantGet('variant_get', args, call),
  try_variant_get: (args, call) => variantGet('try_variant_get', args, call),
  is_variant_null: ([v]) => (v === 'null' || v === 'variant' ? 'boolean' : problem(`is_variant_null needs a variant, got ${v}`)),
  schema_of_variant: ([v]) => (v === 'null' || v === 'variant' ? 'string' : problem(`schema_of_variant needs a variant, got ${v}`)),
  current_time: () => 'time',
  make_time: ([h, m, sec]) => {
    const p = integralArg('make_time', h, 'its hour') ?? integralArg('make_time', m, 'its minute') ?? numericArg('make_time', sec, 'its second');
    return p === undefined ? 'time' : problem(p);
  },
  current_timestamp_ntz: () => 'timestamp',
  to_timestamp_ntz: parseTemporal('to_timestamp_ntz', 'timestamp'),
  current_date: () => 'date',
  current_timestamp: () => 'timestamp',
  size: ([t]) => {
    const kind = nestedParts(t)?.kind;
    return t === 'null' || kind === 'array' || kind === 'map' ? 'integer' : problem(`size needs an array or a map, got ${t}`);
  },
  array_contains: ([a, v]) => {
    const parts = nestedParts(a);
    if (a !== 'null' && parts?.kind !== 'array') return problem(`array_contains needs an array as its first argument, got ${a}`);
    if (parts?.kind === 'array' && v !== 'null' && supertype(parts.element, v) === undefined) return problem(`array_contains cannot look for ${v} in ${a}`);
    return 'boolean';
  },
  // Array functions (spec 9.13.7): an argument that is NULL (type null) stands for any array.
  array_distinct: ([a]) => comparableArray('array_distinct', a),
  array_sort: ([a]) => {
    const element = arrayElement(a);
    if (element === undefined) return problem(`array_sort needs an array, got ${a}`);
    // Ordering nested elements (arrays, structs) would need Spark's NULL-first order inside them; only scalars are sorted.
    return isModelled(element) ? arrayType(element === 'null' ? 'integer' : element) : problem(`array_sort cannot order elements of type ${element}`);
  },
  array_union: ([a, b]) => twoArrays('array_union', a, b),
  array_intersect: ([a, b]) => twoArrays('array_intersect', a, b),
  array_except: ([a, b]) => twoArrays('array_except', a, b),
  array_join: ([a, delimiter, replacement]) => {
    const element = arrayElement(a);
    if (element === undefined) return problem(`array_join needs an array as its first argument, got ${a}`);
    if (!isModelled(element)) return problem(`array_join cannot turn elements of type ${element} into text`);
    const p = stringArg('array_join', delimiter, 'its delimiter') ?? (replacement === undefined ? undefined : stringArg('array_join', replacement, 'its nullReplacement'));
    return p === undefined ? 'string' : problem(p);
  },
  array_position: ([a, v]) => {
    const element = searchedElement('array_position', a, v);
    return typeof element === 'string' ? 'long' : element;
  },
  array_remove: ([a, v]) => {
    const element = searchedElement('array_remove', a, v);
    return typeof element === 'string' ? arrayType(element === 'null' ? 'integer' : element) : element;
  },
  array_repeat: ([v, n]) => {
    if (!isModelled(v) && !isNested(v)) return problem(`array_repeat cannot hold values of type ${v}`);
    const p = integralArg('array_repeat', n, 'its count');
    return p === undefined ? arrayType(v === 'null' ? 'integer' : v) : problem(p);
  },
  arrays_zip: (args, call) => {
    const names = zipFieldNames(call);
    const fields: { name: string; type: DataType }[] = [];
    for (const [i, t] of args.entries()) {
      const element = arrayElement(t);
      if (element === undefined) return problem(`arrays_zip needs arrays, got ${t} as argument ${i + 1}`);
      const name = names[i] as string;
      if (fields.some((f) => f.name === name)) return problem(`arrays_zip would have two fields named "${name}"`);
      fields.push({ name, type: element === 'null' ? 'integer' : element });
    }
    return arrayType(structType(fields));
  },
  array_compact: ([a]) => {
    const element = arrayElement(a);
    return element === undefined ? problem(`array_compact needs an array, got ${a}`) : arrayType(element === 'null' ? 'integer' : element);
  },
  flatten: ([a]) => {
    const element = arrayElement(a);
    const inner = element === 'null' ? 'null' : element === undefined ? undefined : arrayElement(element);
    if (inner === undefined) return problem(`flatten needs an array of arrays, got ${a}`);
    return arrayType(inner === 'null' ? 'integer' : inner);
  },
  element_at: ([c, k]) => {
    const parts = nestedParts(c);
    if (parts?.kind === 'array') return k === 'null' || isIntegral(k) ? parts.element : problem(`element_at needs a whole-number position in an array, got ${k}`);
    if (parts?.kind === 'map') return k === 'null' || supertype(k, parts.key) === parts.key ? parts.value : problem(`element_at cannot look up a ${k} key in ${c}`);
    return problem(`element_at needs an array or a map as its first argument, got ${c}`);
  },
  // Generators (spec 9.13.7, 9.13.10): the type is the struct of the columns each row gets (generatorRow).
  explode: ([t]) => explodedRow('explode', t, false),
  explode_outer: ([t]) => explodedRow('explode_outer', t, false),
  posexplode: ([t]) => explodedRow('posexplode', t, true),
  json_tuple: ([json, ...keys], call) => {
    if (json !== 'string' && json !== 'null') return problem(`json_tuple needs JSON text as its first argument, got ${json}`);
    const written = call.args.findIndex((a, i) => i > 0 && a.kind !== 'string');
    if (written !== -1) return problem(`json_tuple needs each key as a text literal ('name'), got argument ${written + 1} of type ${keys[written - 1]}`);
    const texts = call.args.slice(1).flatMap((a) => (a.kind === 'string' ? [a.value] : []));
    return withParams(structType(keys.map((_, i) => ({ name: `c${i}`, type: 'string' }))), { keys: texts });
  },
  array: (args) => {
    const element = args.reduce<DataType | undefined>((acc, t) => (acc === undefined ? undefined : commonElementType(acc, t)), 'null');
    if (element === undefined) return problem(`array needs values of one type, got ${args.join(', ')}`);
    return arrayType(element === 'null' ? 'integer' : element);
  },
  struct: (args, call) => {
    const names = structFieldNames(call);
    const duplicate = names.find((n, i) => names.indexOf(n) !== i);
    if (duplicate !== undefined) return problem(`struct would have two fields named "${duplicate}"`);
    return structType(args.map((t, i) => ({ name: names[i], type: t === 'null' ? 'integer' : t })));
  },
  named_struct: (args, call) => {
    if (args.length % 2 !== 0) return problem('named_struct needs name, value pairs');
    const fields: { name: string; type: DataType }[] = [];
    for (let i = 0; i < args.length; i += 2) {
      const name = call.args[i];
      if (name?.kind !== 'string') return problem(`named_struct needs a text literal as field name ${i / 2 + 1}`);
      if (fields.some((f) => f.name === name.value)) return problem(`named_struct names the field "${name.value}" twice`);
      fields.push({ name: name.value, type: args[i + 1] === 'null' ? 'integer' : (args[i + 1] as DataType) });
    }
    return withParams(structType(fields), { names: fields.map((f) => f.name) });
  },
  // Typed by the binder with their lambdas (bindHigherOrder); a lambda argument's type is its body's.
  transform: ([, body]) => arrayType(body === undefined || body === 'null' ? 'integer' : body),
  filter: ([a]) => a ?? 'null',
  exists: () => 'boolean',
  // Map, higher-order and struct functions (spec 9.13.7, 9.13.8, 9.13.9); the lambda functions are
  // typed by the binder (bindHigherOrder), these rules only repeat its result.
  forall: () => 'boolean',
  map_keys: ([m]) => {
    const parts = mapParts('map_keys', m);
    return 'problem' in parts ? parts : arrayType(parts.key);
  },
  map_values: ([m]) => {
    const parts = mapParts('map_values', m);
    return 'problem' in parts ? parts : arrayType(parts.value);
  },
  map_entries: ([m]) => {
    const parts = mapParts('map_entries', m);
    return 'problem' in parts ? parts : arrayType(entryType(parts.key, parts.value));
  },
  map_concat: (args) => {
    let key: DataType = 'null';
    let value: DataType = 'null';
    for (const [i, t] of args.entries()) {
      const parts = mapParts('map_concat', t, `argument ${i + 1}`);
      if ('problem' in parts) return parts;
      const k = supertype(key, parts.key);
      const v = supertype(value, parts.value);
      if (k === undefined || v === undefined) return problem(`map_concat needs maps of one key type and one value type, got ${args.join(', ')}`);
      key = k;
      value = v;
    }
    return mapType(key, value);
  },
  map_from_arrays: ([k, v]) => {
    const keys = nestedParts(k);
    const values = nestedParts(v);
    if (keys?.kind !== 'array') return problem(`map_from_arrays needs an array of keys as its first argument, got ${k}`);
    if (values?.kind !== 'array') return problem(`map_from_arrays needs an array of values as its second argument, got ${v}`);
    const p = mapKeyProblem('map_from_arrays', keys.element);
    return p === undefined ? mapType(keys.element, values.element) : problem(p);
  },
  map_from_entries: ([a]) => {
    const fields = (() => {
      const parts = nestedParts(a);
      const entry = parts?.kind === 'array' ? nestedParts(parts.element) : undefined;
      return entry?.kind === 'struct' && entry.fields.length === 2 ? entry.fields : undefined;
    })();
    if (fields === undefined) return problem(`map_from_entries needs an array of two-field structs (struct<key,value>), got ${a}`);
    const key = fields[0]?.type ?? 'null';
    const p = mapKeyProblem('map_from_entries', key);
    return p === undefined ? mapType(key, fields[1]?.type ?? 'null') : problem(p);
  },
  transform_keys: ([m, body]) => {
    const parts = mapParts('transform_keys', m);
    if ('problem' in parts) return parts;
    const key = body === undefined || body === 'null' ? 'integer' : body;
    const p = mapKeyProblem('transform_keys', key);
    return p === undefined ? mapType(key, parts.value) : problem(p);
  },
  transform_values: ([m, body]) => {
    const parts = mapParts('transform_values', m);
    return 'problem' in parts ? parts : mapType(parts.key, body === undefined || body === 'null' ? 'integer' : body);
  },
  map_filter: ([m]) => {
    const parts = mapParts('map_filter', m);
    return 'problem' in parts ? parts : (m as DataType);
  },
  zip_with: ([, , body]) => arrayType(body === undefined || body === 'null' ? 'integer' : body),
  with_field: (args, call) => {
    const edited = editedStruct(call, args);
    return 'problem' in edited ? edited : withParams(structType(edited), { fields: edited });
  },
  drop_fields: (args, call) => {
    const edited = editedStruct(call, args);
    return 'problem' in edited ? edited : withParams(structType(edited), { fields: edited });
  },
  aggregate: ([, start, , finish]) => finish ?? start ?? 'null',
  map: (args) => {
    if (args.length % 2 !== 0) return problem('map needs key, value pairs');
    let key: DataType | undefined = 'null';
    let value: DataType | undefined = 'null';
    for (let i = 0; i < args.length; i += 2) {
      key = key === undefined ? undefined : supertype(key, args[i] as DataType);
      value = value === undefined ? undefined : args[i + 1] === value ? value : supertype(value, args[i + 1] as DataType);
    }
    if (key === undefined || key === 'null' || !isModelled(key)) return problem(`map needs keys of one type, got ${args.filter((_, i) => i % 2 === 0).join(', ')}`);
    if (value === undefined) return problem(`map needs values of one type, got ${args.filter((_, i) => i % 2 === 1).join(', ')}`);
    return mapType(key, value === 'null' ? 'integer' : value);
  },
} satisfies { readonly [N in FunctionName]: FunctionTyping<Typing<N>> };

/** The JSONPath literal given as argument `index` of a call (get_json_object, variant_get), or a problem. */
function jsonPathArg(call: Pick<UntypedCall, 'name' | 'args'>, index: number): readonly JsonPathStep[] | { problem: string } {
  const a = call.args[index];
  // The path decides the SQL compiled, so it must be known before running.
  if (a?.kind !== 'string') return problem(`${call.name} needs a JSONPath text literal such as '$.a.b[0]' as its path`);
  const steps = readJsonPath(a.value);
  return 'problem' in steps ? problem(`${call.name} ${steps.problem}`) : steps;
}

/**
 * The type literal given as argument `index` of a call (from_json's schema, variant_get's type),
 * read as the parse kind reads its schema; from_json's must be a struct, array or map.
 */
function schemaArg(call: Pick<UntypedCall, 'name' | 'args'>, index: number, nestedOnly: boolean): DataType | { problem: string } {
  const a = call.args[index];
  const what = nestedOnly ? 'schema' : 'type';
  if (a?.kind !== 'string') return problem(`${call.name} needs a type text literal such as '${nestedOnly ? 'struct<a:long>' : 'long'}' as its ${what}`);
  const t = readDataType(a.value);
  if (typeof t !== 'string') return problem(`${call.name} ${what} ${quotedTypeText(a.value)} ${t.problem}`);
  if (nestedOnly && !isNested(t)) return problem(`${call.name} needs a struct, array or map type as its schema, got ${t}`);
  return t;
}

function variantGet(name: 'variant_get' | 'try_variant_get', [v]: readonly DataType[], call: UntypedCall): Typing<'variant_get'> | { problem: string } {
  if (v !== 'null' && v !== 'variant') return problem(`${name} needs a variant as its first argument, got ${v}`);
  const path = jsonPathArg(call, 1);
  if ('problem' in path) return path;
  const type = schemaArg(call, 2, false);
  return typeof type === 'string' ? withParams(type, { path, type }) : type;
}

/**
 * The row an explode-family generator yields for an array (`col`) or a map (`key`, `value`),
 * after the 0-based `pos` for posexplode, as a struct type whose fields are the columns.
 */
function explodedRow(name: string, t: DataType, withPosition: boolean): DataType | { problem: string } {
  const parts = nestedParts(t);
  const position = withPosition ? [{ name: 'pos', type: 'integer' }] : [];
  if (parts?.kind === 'array') return structType([...position, { name: 'col', type: parts.element === 'null' ? 'integer' : parts.element }]);
  if (parts?.kind === 'map') return structType([...position, { name: 'key', type: parts.key }, { name: 'value', type: parts.value }]);
  return problem(`${name} needs an array or a map, got ${t}`);
}

/** The columns a generator call yields (its type is the struct of them, see explodedRow). */
export function generatorColumns(callType: DataType): readonly { readonly name: string; readonly type: DataType }[] {
  const parts = nestedParts(callType);
  if (parts?.kind !== 'struct') throw internalError(`a generator's type is a struct of its columns, got ${callType}`);
  return parts.fields;
}

/** The field names struct(...) gives its values: a column's (or struct field's) own name, else col1, col2, ... by position. */
export function structFieldNames(call: UntypedCall): string[] {
  return call.args.map((a, i) => (a.kind === 'column' ? a.name : a.kind === 'field' ? a.field : `col${i + 1}`));
}

/** The key and value types of a map argument, or a problem naming the function. */
function mapParts(name: string, t: DataType | undefined, position = 'its first argument'): { key: DataType; value: DataType } | { problem: string } {
  const parts = t === undefined ? undefined : nestedParts(t);
  return parts?.kind === 'map' ? parts : problem(`${name} needs a map as ${position}, got ${t}`);
}

/** Why `key` cannot be the key type of a map a function builds (a scalar, as map() requires), if it cannot. */
function mapKeyProblem(name: string, key: DataType): string | undefined {
  return key !== 'null' && isModelled(key) ? undefined : `${name} needs keys of a scalar type, got ${key}`;
}

/** `struct<key:K,value:V>`: an entry of map_entries, map_from_entries and the map functions' SQL. */
export function entryType(key: DataType, value: DataType): DataType {
  return structType([
    { name: 'key', type: key },
    { name: 'value', type: value },
  ]);
}

/** The field of `fields` named `name`: by its exact name, else ignoring case (DuckDB's struct names are). */
function fieldNamed<F extends { name: string }>(fields: readonly F[], name: string): F | undefined {
  return fields.find((f) => f.name === name) ?? fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
}

/**
 * The fields of with_field's or drop_fields' result, each with the input field it copies: the
 * struct first, then text literals naming fields (with_field: one name and the new value).
 */
function editedStruct(call: Pick<UntypedCall, 'name' | 'args'>, types: readonly DataType[]): EditedField[] | { problem: string } {
  const name = call.name;
  const parts = nestedParts(types[0] ?? 'null');
  if (parts?.kind !== 'struct') return problem(`${name} needs a struct as its first argument, got ${types[0]}`);
  const fields: EditedField[] = parts.fields.map((f) => ({ name: f.name, type: f.type, from: f.name }));
  const literal = (i: number): string | { problem: string } => {
    const a = call.args[i];
    return a?.kind === 'string' ? a.value : problem(`${name} needs a text literal naming a field as argument ${i + 1}`);
  };
  if (name === 'with_field') {
    const field = literal(1);
    if (typeof field !== 'string') return field;
    const type = types[2] === undefined || types[2] === 'null' ? 'integer' : types[2];
    const replaced = fieldNamed(fields, field);
    if (replaced === undefined) return [...fields, { name: field, type }];
    return fields.map((f) => (f === replaced ? { name: field, type } : f));
  }
  const dropped = new Set<EditedField>();
  for (let i = 1; i < call.args.length; i++) {
    const field = literal(i);
    if (typeof field !== 'string') return field;
    const found = fieldNamed(fields, field);
    if (found === undefined) return problem(`${name} cannot drop field "${field}": ${types[0]} has no such field (fields: ${fields.map((f) => f.name).join(', ')})`);
    if (dropped.has(found)) return problem(`${name} names the field "${field}" twice`);
    dropped.add(found);
  }
  const kept = fields.filter((f) => !dropped.has(f));
  if (kept.length === 0) return problem(`${name} cannot drop every field of ${types[0]} (a struct needs at least one)`);
  return kept;
}
