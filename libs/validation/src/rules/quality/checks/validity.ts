/** Validity checks (spec 17.3.4): accepted values, a range, a pattern, a built-in format, a length. */
import { type QualityRange, regexProblem, VALIDITY_FORMATS, type ValidityFormat } from '@pipeline/definition';
import type { CheckReading, QualityCheckRule } from '../check-rule';
import { THRESHOLD_ESCALATION } from '../escalations';
import { describeJson, type Json, optionalString, Reader } from '../read-fields';

/** The rule of `type: validity`. */
export const VALIDITY_RULE: QualityCheckRule<'validity'> = {
  type: 'validity',
  fields: ['column', 'acceptedValues', 'range', 'pattern', 'format', 'lengthBetween', 'threshold'],
  threshold: true,
  escalate: THRESHOLD_ESCALATION,
  read(r) {
    const { raw, read, invalid, threshold, common } = r;
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
    const range = raw['range'] === undefined ? undefined : readRange(read.object('range') as Json, r);
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
      threshold,
      ...common,
    };
  },
};

function readRange(range: Json, { invalid, unknownField }: CheckReading): QualityRange {
  const names = ['min', 'max', 'strictMin', 'strictMax'];
  for (const key of Object.keys(range)) {
    if (!names.includes(key)) throw unknownField('range', key, names);
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
