/**
 * DuckDB's text of a double or a float, computed in Spark SQL: what a CSV output holds and what a
 * cast to text (CAST, concat, `||`) gives, so that Spark writes what DuckDB writes.
 *
 * DuckDB spells a value by its shortest round-trip digits: `nan`, `inf`, `-inf`; fixed notation
 * when the decimal exponent E (value = d.ddd x 10^E) is -4 <= E <= 15, with `.0` when whole
 * (`0.0001`, `123456789.0`, `1000000000000000.0`, `-0.0`); otherwise scientific, the mantissa
 * without a trailing `.0`, the exponent signed and at least two digits (`1e+16`, `1.5e+300`,
 * `1e-05`, `1.23e-07`). Floats follow the same rule with the float's shortest digits
 * (`0.33333334`, `123456790.0`, `1e+16`). Spark writes Java's `Double.toString`: fixed only for
 * -3 <= E <= 6 (`1.0E7`, `1.0E-4`, `1.0E20`, `NaN`, `Infinity`), and the digits of Java 17 are
 * not always the shortest (`8.409999999999999E21` for 8.41e+21, `9.999999999999999E22` for 1e+23,
 * 18 digits at times; for floats often: `9.9999999E14` for 1e+15, `1.23456792E8`).
 *
 * So a double's Java text is kept when it is short and fixed (|x| < 1e7, fewer than 17
 * characters, no `E`: at most 15 digits, which Java 17 gives shortest, in DuckDB's layout): most
 * values, one `abs`, `length` and `instr` per cell. Otherwise the digits are Java's when its text
 * is short, else the first of 15 or 16 significant digits that reads back as the same double,
 * rounded half up from the 17 of one `format_string('%.16e')` (what `%.14e` and `%.15e` print:
 * Java's Formatter rounds the same digits), or the 16 cut short where Java's 17th rounds them past
 * the double, else those 17; a float tries 6, 7 and 8 digits, then 9, the same way. The text is then laid
 * out from the digits and the exponent with string functions: fixed (at least one decimal) when
 * -4 <= E <= 15, else scientific.
 *
 * Checked against DuckDB's CAST on 90,222 doubles (random bits, random digits at exponents -30 to
 * 30, quotients, rand(), 1, 1.5, 2 and 8.41 at every exponent): two differ, 17-digit ones where
 * Java's 17th digit is not the nearest (`-2.7088615931360416e+25`, DuckDB
 * `-2.7088615931360417e+25`; both read back as the same double). The smallest subnormal differs
 * too (`4.9e-324`, DuckDB `5e-324`: a subnormal's Java digits can be longer than its shortest). Of
 * 56,333 floats 380 differ: 378 that DuckDB prints with the shortest digits of the float's value
 * as a double (474327.625f as `474327.625`, 102600704f as `102600704.0`, where the float's shortest
 * are `474327.63` and `102600700.0`): DuckDB's fmt (6.x) finds a float's shortest digits with
 * Grisu and the float's boundaries, and where Grisu cannot decide (its round_weed fails, about 1
 * float in 150) it falls back to an exact algorithm that takes the double's boundaries (a TODO
 * there: "handle float"); which floats those are depends on Grisu's 64-bit products with cached
 * powers of ten, which Spark SQL has no cheap way to reproduce. The other 2 are subnormal floats,
 * which keep six digits here (`-9.62244e-41`, DuckDB `-9.6224e-41`).
 */
/**
 * `body` over `value` evaluated once: Spark evaluates an expression as often as its SQL repeats it
 * (a CASE's branches are not shared), so the operand, Java's text and the digits are each bound to
 * a lambda variable of a one-element array instead of being repeated (a cast over a division
 * repeated the whole division about 40 times, and a 1M-row CSV of averages took 66-86 s against
 * 2-4 s plain). The names are distinct per binding: an operand is always outside the lambdas of
 * the text around it, so no binding shadows another.
 */
function bind(value: string, name: string, body: (v: string) => string): string {
  return `transform(array(${value}), ${name} -> ${body(name)})[0]`;
}

/**
 * The shortest digits of `x` of `type` from one `format_string('%.16e')`, the 17 digits of Java's
 * Formatter (a float's are its double's): a double tries 15 and 16 digits, a float 6, 7 and 8,
 * then 9. Rounded half up from the 17 they are what `%.14e` or `%.5e` print (the Formatter rounds
 * the same digits); where Java's 17th digit rounds a double's 16 up past it (5077966558064531000
 * is `5.0779665580645315e+18`), the 16 cut short are tried too. A mantissa rounded up to 10 moves
 * to the next exponent (the double 1e+23 has the 17 digits `9.99...e+22`).
 */
function shortest(x: string, type: 'DOUBLE' | 'FLOAT'): string {
  return bind(`format_string('%.16e', ${x})`, 'dt_f', (f) => {
    const mantissa = `substring_index(${f}, 'e', 1)`;
    const exponent = `CAST(substring_index(${f}, 'e', -1) AS INT)`;
    const rounded = (digits: number): [string, string] => [
      `dt_${digits}`,
      bind(`round(CAST(${mantissa} AS DECIMAL(17,16)), ${digits - 1})`, `dt_r${digits}`, (r) => `CASE WHEN abs(${r}) >= 10 THEN concat(CASE WHEN ${r} < 0 THEN '-' ELSE '' END, '1e', ${exponent} + 1) ELSE concat(CAST(${r} AS STRING), 'e', ${exponent}) END`),
    ];
    const cut: [string, string] = ['dt_c', `concat(substring(${mantissa}, 1, CASE WHEN ${x} < 0 THEN 18 ELSE 17 END), 'e', ${exponent})`];
    const first = (candidates: readonly [string, string][]): string => {
      const [[name, c], ...rest] = candidates as [[string, string], ...[string, string][]];
      return rest.length === 0 ? c : bind(c, name, (v) => `CASE WHEN CAST(${v} AS ${type}) = ${x} THEN ${v} ELSE ${first(rest)} END`);
    };
    return first(type === 'DOUBLE' ? [rounded(15), rounded(16), cut, ['dt_17', f]] : [rounded(6), rounded(7), rounded(8), rounded(9)]);
  });
}

/**
 * DuckDB's layout of the shortest digits `s` (scientific notation: Java's `1.5E20`, `-1.5e+20` or
 * format_string's `1.50000e+20`), built from its digits and exponent: fixed notation (at least one
 * decimal) when the exponent is -4 to 15, else the digits, `e`, a sign and two or more digits.
 */
function duckdbLayout(s: string): string {
  const exponent = `CAST(substring_index(lower(${s}), 'e', -1) AS INT)`;
  // The significant digits: the mantissa without its sign, point and trailing zeros.
  const digits = `TRIM(TRAILING '0' FROM replace(replace(substring_index(lower(${s}), 'e', 1), '-', ''), '.', ''))`;
  return bind(exponent, 'dt_e', (e) =>
    bind(digits, 'dt_d', (d) => {
      const sign = `CASE WHEN startswith(${s}, '-') THEN '-' ELSE '' END`;
      const fixed = `CASE WHEN ${e} >= length(${d}) - 1 THEN concat(${d}, repeat('0', ${e} - length(${d}) + 1), '.0') WHEN ${e} >= 0 THEN concat(substring(${d}, 1, ${e} + 1), '.', substring(${d}, ${e} + 2)) ELSE concat('0.', repeat('0', -${e} - 1), ${d}) END`;
      const scientific = `concat(substring(${d}, 1, 1), CASE WHEN length(${d}) > 1 THEN concat('.', substring(${d}, 2)) ELSE '' END, 'e', CASE WHEN ${e} < 0 THEN '-' ELSE '+' END, CASE WHEN abs(${e}) < 10 THEN '0' ELSE '' END, abs(${e}))`;
      return `concat(${sign}, CASE WHEN ${e} BETWEEN -4 AND 15 THEN ${fixed} ELSE ${scientific} END)`;
    }),
  );
}

/** Java's text of `x` where it is DuckDB's too: short and fixed (see above). */
const javaTextFits = (x: string, t: string): string => `abs(${x}) < 1e7D AND length(${t}) < 17 AND instr(${t}, 'E') = 0`;

/** A column reference (sql-text's backtick identifier): cheap to repeat. */
const COLUMN = /^`(?:[^`]|``)+`$/;

/** DuckDB's text of the double or float `x` (Spark SQL of that type). */
export function floatingText(x: string, type: 'double' | 'float'): string {
  const text = bind(x, 'dt_x', (v) => {
    const special = (t: string): string =>
      `WHEN ${v} IS NULL THEN NULL WHEN isnan(${v}) THEN 'nan' WHEN ${v} = double('Infinity') THEN 'inf' WHEN ${v} = double('-Infinity') THEN '-inf' WHEN ${v} = 0 THEN ${t}`;
    if (type === 'float') {
      // The float's shortest digits, read as a double, are what is printed (123456792f prints 123456790.0).
      const layout = bind(shortest(v, 'FLOAT'), 'dt_s', (s) => duckdbLayout(s));
      return `CASE ${special(`CAST(${v} AS STRING)`)} ELSE ${layout} END`;
    }
    return bind(`CAST(${v} AS STRING)`, 'dt_t', (t) => {
      const layout = bind(`CASE WHEN length(${t}) < 17 THEN ${t} ELSE ${shortest(v, 'DOUBLE')} END`, 'dt_s', (s) => duckdbLayout(s));
      return `CASE WHEN ${javaTextFits(v, t)} THEN ${t} ${special(t)} ELSE ${layout} END`;
    });
  });
  if (type === 'float' || !COLUMN.test(x)) return text;
  // A column's short doubles (most values) skip the lambdas, which cost more than its repeated
  // Java text (1M two-decimal doubles: 5.2 s through them against 3.3 s without, one loaded run).
  const t = `CAST(${x} AS STRING)`;
  return `CASE WHEN ${javaTextFits(x, t)} THEN ${t} ELSE ${text} END`;
}
