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
 * is short, else the first of 15, 16 or 17 significant digits (`format_string('%.14e')`, which
 * rounds Java's digits) that reads back as the same double; a float tries 6, 7, 8, then 9. Then
 * one `format_string` prints the value with that many digits: `%.{k-1}e` (Java's `%e` writes the
 * exponent as DuckDB does), or `%.{max(k-1-E, 1)}f` in the fixed range.
 *
 * Checked against DuckDB's CAST on 102,559 doubles (random bits, random digits at exponents -30
 * to 30, quotients, 1, 1.5, 2 and 8.41 at every exponent): one differs, the smallest subnormal
 * (`4.9e-324`, DuckDB `5e-324`: a subnormal's Java digits can be longer than its shortest). Of
 * 60,225 floats 518 differ: DuckDB's formatter prints some floats by their exact value
 * (102600704f as `102600704.0`, -219.546875f as `-219.546875`) where the shortest digits are
 * `102600700.0` and `-219.54688`, and subnormal floats keep six digits here.
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

/** The first of `digits` significant digits of `x` (in scientific notation) that reads back as `x` of `type`; else `last` digits. */
function shortest(x: string, type: 'DOUBLE' | 'FLOAT', digits: readonly number[], last: number): string {
  const text = (d: number): string => `format_string('%.${d - 1}e', ${x})`;
  const [d, ...rest] = digits;
  if (d === undefined) return text(last);
  return bind(text(d), `dt_${d}`, (c) => `CASE WHEN CAST(${c} AS ${type}) = ${x} THEN ${c} ELSE ${shortest(x, type, rest, last)} END`);
}

/**
 * `value` printed with DuckDB's layout for the shortest digits `s` (scientific notation, Java's
 * `1.5E20` or format_string's `1.50000e+20`): the Formatter's precision is the number of those
 * digits, in fixed notation (at least one decimal) when the exponent is -4 to 15.
 */
function duckdbLayout(s: string, value: string): string {
  const exponent = `CAST(substring_index(lower(${s}), 'e', -1) AS INT)`;
  // The significant digits: the mantissa without its trailing zeros, sign and point.
  const digits = `length(replace(replace(TRIM(TRAILING '0' FROM substring_index(lower(${s}), 'e', 1)), '-', ''), '.', ''))`;
  return bind(exponent, 'dt_e', (e) => {
    const pattern = `CASE WHEN ${e} BETWEEN -4 AND 15 THEN concat('%.', greatest(${digits} - 1 - ${e}, 1), 'f') ELSE concat('%.', ${digits} - 1, 'e') END`;
    return `format_string(${pattern}, ${value})`;
  });
}

/** DuckDB's text of the double or float `x` (Spark SQL of that type). */
export function floatingText(x: string, type: 'double' | 'float'): string {
  return bind(x, 'dt_x', (v) => {
    const special = (t: string): string =>
      `WHEN ${v} IS NULL THEN NULL WHEN isnan(${v}) THEN 'nan' WHEN ${v} = double('Infinity') THEN 'inf' WHEN ${v} = double('-Infinity') THEN '-inf' WHEN ${v} = 0 THEN ${t}`;
    if (type === 'float') {
      // The float's shortest digits, read as a double, are what is printed (123456792f prints 123456790.0).
      const layout = bind(shortest(v, 'FLOAT', [6, 7, 8], 9), 'dt_s', (s) => duckdbLayout(s, `CAST(${s} AS DOUBLE)`));
      return `CASE ${special(`CAST(${v} AS STRING)`)} ELSE ${layout} END`;
    }
    return bind(`CAST(${v} AS STRING)`, 'dt_t', (t) => {
      const layout = bind(`CASE WHEN length(${t}) < 17 THEN ${t} ELSE ${shortest(v, 'DOUBLE', [15, 16], 17)} END`, 'dt_s', (s) => duckdbLayout(s, v));
      return `CASE WHEN abs(${v}) < 1e7D AND length(${t}) < 17 AND instr(${t}, 'E') = 0 THEN ${t} ${special(t)} ELSE ${layout} END`;
    });
  });
}
