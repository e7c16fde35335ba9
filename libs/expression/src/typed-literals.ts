/**
 * Checks the text of `DATE '...'` and `TIMESTAMP '...'` literals at parse time, so that both
 * engines receive only values they read the same way (no engine-specific leniency).
 */

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(?:Z|[+-](\d{2}):(\d{2}))?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** True when `text` is a real calendar date written `YYYY-MM-DD`. */
export function isValidDateText(text: string): boolean {
  const m = DATE_TEXT.exec(text);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * True when `text` is `YYYY-MM-DD[( |T)HH:MM[:SS[.ffffff]]][Z|+HH:MM|-HH:MM]` with every field
 * in range; with `zoneAllowed` false the zone part must be absent.
 */
export function isValidTimestampText(text: string, zoneAllowed = true): boolean {
  const m = TIMESTAMP_TEXT.exec(text);
  if (m === null || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (!zoneAllowed && /(Z|[+-]\d{2}:\d{2})$/.test(text)) return false;
  const [hour, minute, second, offsetHour, offsetMinute] = [m[4], m[5], m[6], m[7], m[8]].map((v) =>
    v === undefined ? 0 : Number(v),
  );
  return hour <= 23 && minute <= 59 && second <= 59 && offsetHour <= 23 && offsetMinute <= 59;
}
