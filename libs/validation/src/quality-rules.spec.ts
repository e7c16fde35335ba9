/**
 * The top-level `quality` list (spec 17): the spec's valid example accepted as typed suites, and
 * malformed suites refused with exact V-0xx texts naming the suite and the check.
 */
import { validatePipeline } from './validate-pipeline';

const HEAD = `version: "3.0"
input:
  - name: orders
    format: csv
    path: orders.csv
  - name: customers
    format: csv
    path: customers.csv
output:
  - name: orders
    format: csv
    path: out.csv
`;

function message(quality: string, variables?: Record<string, string>): string {
  const result = validatePipeline(`${HEAD}quality:\n${quality}`, variables);
  return result.ok ? 'ok' : result.error.message;
}

/** One suite on `orders` with the given check (indented as a list entry under checks). */
const suite = (check: string): string => `  - suite: orders-q\n    target: orders\n    checks:\n${check}`;

describe('quality suites', () => {
  it("accepts the spec's 17.7 example (every check type) and types it", () => {
    const result = validatePipeline(`${HEAD}quality:
  - suite: orders-validation
    description: "Quality checks for the orders dataset"
    target: orders
    filter: "amount IS NOT NULL"
    severity: warn
    checks:
      - type: schema
        columns:
          required: [order_id, customer_id, amount, created_at]
          forbidden: [internal_id, "pii_*"]
        types: { order_id: integer }
      - type: completeness
        column: customer_id
        threshold: 0.99
        severity: warn
        escalate: { threshold: 0.9, severity: error }
      - type: uniqueness
        columns: [order_id]
      - type: validity
        column: status
        acceptedValues: [pending, confirmed, shipped, delivered, cancelled]
      - type: validity
        column: amount
        range: { min: 0, strictMin: true }
      - type: validity
        column: email
        format: email
        pattern: "@"
        lengthBetween: [3, 254]
      - type: statistical
        column: amount
        mean: { between: [50, 500] }
        stdev: { max: 1000 }
        quantiles:
          0.99: { max: 10000 }
      - type: volume
        rowCount: { between: [100, 10000000] }
      - type: freshness
        column: created_at
        maxAge: "PT48H"
      - type: referential
        column: customer_id
        reference: { asset: customers, column: id }
      - type: crossColumn
        condition: "shipped_at IS NULL OR shipped_at >= created_at"
        description: "Shipping date must be after order creation"
      - type: custom
        condition: "amount > 0 AND currency IS NOT NULL"
        threshold: 0.5
`);
    if (!result.ok) throw new Error(result.error.message);
    const [s] = result.pipeline.quality ?? [];
    expect(s?.suite).toBe('orders-validation');
    expect(s?.checks.map((c) => `${c.type}:${c.severity}`)).toEqual([
      'schema:warn',
      'completeness:warn',
      'uniqueness:warn',
      'validity:warn',
      'validity:warn',
      'validity:warn',
      'statistical:warn',
      'volume:warn',
      'freshness:warn',
      'referential:warn',
      'crossColumn:warn',
      'custom:warn',
    ]);
    expect(s?.checks[1]).toMatchObject({ threshold: 0.99, escalate: { threshold: 0.9, severity: 'error' } });
    expect(s?.checks[6]).toMatchObject({ bounds: [{ statistic: 'mean', bound: { min: 50, max: 500 } }, { statistic: 'stdev', bound: { max: 1000 } }], quantiles: [{ fraction: 0.99, bound: { max: 10000 } }] });
    expect(s?.checks[8]).toMatchObject({ maxAge: 'PT48H', maxAgeMs: 48 * 3600 * 1000 });
  });

  it('accepts escalate on volume and freshness checks, with wider bounds and a longer age (spec 17.6)', () => {
    const result = validatePipeline(`${HEAD}quality:
${suite(`      - { type: volume, rowCount: { between: [100, 1000] }, severity: warn, escalate: { rowCount: { min: 10 }, severity: error } }
      - { type: freshness, column: created_at, maxAge: PT24H, severity: info, escalate: { maxAge: P7D, severity: warn } }
`)}`);
    if (!result.ok) throw new Error(result.error.message);
    const [s] = result.pipeline.quality ?? [];
    expect(s?.checks[0]).toMatchObject({ type: 'volume', severity: 'warn', escalate: { rowCount: { min: 10 }, severity: 'error' } });
    expect(s?.checks[1]).toMatchObject({ type: 'freshness', severity: 'info', escalate: { maxAge: 'P7D', maxAgeMs: 7 * 86_400_000, severity: 'warn' } });
  });

  it('a document without quality has no suites', () => {
    const result = validatePipeline(HEAD);
    expect(result.ok && result.pipeline.quality).toBeUndefined();
  });

  it.each([
    ['quality not a list', '  suite: x\n', 'V-006: quality must be a list of suites (got a mapping)'],
    ['suite name missing', '  - target: orders\n    checks: [{ type: volume, rowCount: { min: 1 } }]\n', 'V-006: quality suite 1: suite is required'],
    ['unknown suite field', '  - suite: s\n    target: orders\n    owner: me\n    checks: [{ type: volume, rowCount: { min: 1 } }]\n', 'V-006: quality suite "s": unknown field "owner" (expected suite, description, target, filter, severity, checks)'],
    ['duplicate suite name', `${suite('      - { type: volume, rowCount: { min: 1 } }\n')}${suite('      - { type: volume, rowCount: { min: 1 } }\n')}`, 'V-006: quality suite "orders-q": suite repeats the name of quality[0]'],
    ['target missing', '  - suite: s\n    checks: [{ type: volume, rowCount: { min: 1 } }]\n', 'V-006: quality suite "s": target is required'],
    ['unknown target', '  - suite: s\n    target: order\n    checks: [{ type: volume, rowCount: { min: 1 } }]\n', 'V-001: quality suite "s": target references unknown asset "order"'],
    ['target an output', '  - suite: s\n    target: output_orders\n    checks: [{ type: volume, rowCount: { min: 1 } }]\n', 'V-007: quality suite "s": target references output asset "output_orders" (name the asset it writes)'],
    ['bad severity', '  - suite: s\n    target: orders\n    severity: fatal\n    checks: [{ type: volume, rowCount: { min: 1 } }]\n', 'V-006: quality suite "s": severity must be one of error, warn, info (got "fatal")'],
    ['checks empty', '  - suite: s\n    target: orders\n    checks: []\n', 'V-006: quality suite "s": checks must not be empty'],
    ['filter does not parse', '  - suite: s\n    target: orders\n    filter: "amount >"\n    checks: [{ type: volume, rowCount: { min: 1 } }]\n', 'V-009: quality suite "s": filter: unexpected end of expression at column 9'],
    ['unknown check type (E-QUALITY-002)', suite('      - type: accuracy\n'), 'V-006: quality suite "orders-q": checks[0].type must be one of schema, completeness, uniqueness, validity, statistical, volume, freshness, referential, crossColumn, custom (got "accuracy")'],
    ['check type missing', suite('      - column: amount\n'), 'V-006: quality suite "orders-q": checks[0].type is required'],
    ['threshold above 1 (E-QUALITY-003)', suite('      - { type: completeness, column: amount, threshold: 1.5 }\n'), 'V-006: quality suite "orders-q": checks[0] (completeness): threshold must be a number from 0 to 1 (got 1.5)'],
    ['threshold not a number', suite('      - { type: completeness, column: amount, threshold: most }\n'), 'V-006: quality suite "orders-q": checks[0] (completeness): threshold must be a number (got a string)'],
    ['completeness without column', suite('      - { type: completeness }\n'), 'V-006: quality suite "orders-q": checks[0] (completeness): column is required'],
    ['field of another type', suite('      - { type: completeness, column: amount, columns: [a] }\n'), 'V-006: quality suite "orders-q": checks[0] (completeness): unknown field "columns" (expected type, severity, escalate, description, column, threshold)'],
    ['uniqueness without columns', suite('      - { type: uniqueness }\n'), 'V-006: quality suite "orders-q": checks[0] (uniqueness): columns is required'],
    ['validity with nothing to check', suite('      - { type: validity, column: status }\n'), 'V-006: quality suite "orders-q": checks[0] (validity): acceptedValues range, pattern, format or lengthBetween is required (the check has nothing to check)'],
    ['validity unknown format', suite('      - { type: validity, column: email, format: mail }\n'), 'V-006: quality suite "orders-q": checks[0] (validity): format must be one of email, uuid, url, ipv4, ipv6, date, timestamp, phone (got "mail")'],
    ['validity bad pattern', suite('      - { type: validity, column: email, pattern: "(" }\n'), "V-006: quality suite \"orders-q\": checks[0] (validity): pattern is not a regular expression RE2 accepts: invalid regular expression '(': missing closing ): `(`"],
    ['validity range min above max', suite('      - { type: validity, column: amount, range: { min: 5, max: 1 } }\n'), 'V-006: quality suite "orders-q": checks[0] (validity): range min must not be above max (5 > 1)'],
    ['validity lengthBetween reversed', suite('      - { type: validity, column: code, lengthBetween: [10, 3] }\n'), 'V-006: quality suite "orders-q": checks[0] (validity): lengthBetween must be [min, max] whole numbers with 0 <= min <= max (got [10, 3])'],
    ['statistical with nothing to check', suite('      - { type: statistical, column: amount }\n'), 'V-006: quality suite "orders-q": checks[0] (statistical): mean min, max, sum, stdev or quantiles is required (the check has nothing to check)'],
    ['statistical bound with between and min', suite('      - { type: statistical, column: amount, mean: { between: [1, 2], min: 0 } }\n'), 'V-006: quality suite "orders-q": checks[0] (statistical): mean.between cannot be given with min or max'],
    ['statistical quantile key out of range', suite('      - type: statistical\n        column: amount\n        quantiles:\n          1.5: { max: 3 }\n'), 'V-006: quality suite "orders-q": checks[0] (statistical): quantiles.1.5 must be keyed by a fraction from 0 to 1'],
    [
      'schema forbidden glob longer than 1000 characters',
      suite(`      - { type: schema, columns: { forbidden: [ok_*, "${'*a'.repeat(500)}*c"] } }\n`),
      'V-006: quality suite "orders-q": checks[0] (schema): columns.forbidden[1] is longer than 1000 characters (got 1002); a glob is matched against every column name',
    ],
    ['volume with nothing to check', suite('      - { type: volume }\n'), 'V-006: quality suite "orders-q": checks[0] (volume): rowCount or columnCount is required (the check has nothing to check)'],
    ['freshness without maxAge', suite('      - { type: freshness, column: created_at }\n'), 'V-006: quality suite "orders-q": checks[0] (freshness): maxAge is required'],
    ['freshness in months', suite('      - { type: freshness, column: created_at, maxAge: P1M }\n'), 'V-006: quality suite "orders-q": checks[0] (freshness): maxAge must not count years or months, which have no fixed length (got "P1M"; use days, such as "P30D")'],
    ['freshness not a duration', suite('      - { type: freshness, column: created_at, maxAge: 24h }\n'), 'V-006: quality suite "orders-q": checks[0] (freshness): maxAge must be an ISO 8601 duration such as "PT24H" or "P7D" (got "24h")'],
    ['referential to an unknown asset', suite('      - { type: referential, column: customer_id, reference: { asset: clients, column: id } }\n'), 'V-001: quality suite "orders-q": checks[0] (referential): reference.asset references unknown asset "clients"'],
    ['referential without reference column', suite('      - { type: referential, column: customer_id, reference: { asset: customers } }\n'), 'V-006: quality suite "orders-q": checks[0] (referential): reference.column is required'],
    ['crossColumn without condition', suite('      - { type: crossColumn }\n'), 'V-006: quality suite "orders-q": checks[0] (crossColumn): condition is required'],
    ['custom condition does not parse', suite('      - { type: custom, condition: "amount >> 0" }\n'), 'V-009: quality suite "orders-q": checks[0] (custom): condition: unexpected token ">" at column 9'],
    ['custom condition holds an invalid literal (spec E-EXPR-004)', suite("      - { type: custom, condition: \"day > DATE '2024-02-30'\" }\n"), "V-009: E-EXPR-004: quality suite \"orders-q\": checks[0] (custom): condition: invalid DATE literal '2024-02-30' (expected YYYY-MM-DD) at column 12"],
    ['custom condition is an aggregate', suite('      - { type: custom, condition: "sum(amount) > 0" }\n'), 'V-009: quality suite "orders-q": checks[0] (custom): condition: aggregate function "sum" is not allowed in a filter at column 1'],
    ['escalate on a check that cannot escalate', suite('      - { type: statistical, column: amount, mean: { min: 1 }, escalate: { threshold: 0.5, severity: error } }\n'), 'V-006: quality suite "orders-q": checks[0] (statistical): escalate applies only to completeness, uniqueness, validity, volume, freshness, referential, crossColumn, custom checks'],
    ['escalate of volume with a threshold', suite('      - { type: volume, rowCount: { min: 1 }, escalate: { threshold: 0.5, severity: error } }\n'), 'V-006: quality suite "orders-q": checks[0] (volume): escalate: unknown field "threshold" (expected rowCount, columnCount, severity)'],
    ['escalate of volume narrower than the check', suite('      - { type: volume, rowCount: { min: 100 }, escalate: { rowCount: { min: 500 }, severity: error } }\n'), 'V-006: quality suite "orders-q": checks[0] (volume): escalate.rowCount must contain the check\'s rowCount (min 500 does not contain min 100)'],
    ['escalate of volume on a count the check does not bound', suite('      - { type: volume, rowCount: { min: 100 }, escalate: { columnCount: { min: 1 }, severity: error } }\n'), 'V-006: quality suite "orders-q": checks[0] (volume): escalate.columnCount needs the check\'s own columnCount'],
    ['escalate of volume without a bound', suite('      - { type: volume, rowCount: { min: 100 }, escalate: { severity: error } }\n'), 'V-006: quality suite "orders-q": checks[0] (volume): escalate.rowCount or columnCount is required'],
    ['escalate of freshness shorter than maxAge', suite('      - { type: freshness, column: created_at, maxAge: P2D, escalate: { maxAge: PT24H, severity: error } }\n'), 'V-006: quality suite "orders-q": checks[0] (freshness): escalate.maxAge must not be shorter than maxAge (PT24H < P2D)'],
    ['escalate of freshness without severity', suite('      - { type: freshness, column: created_at, maxAge: P2D, escalate: { maxAge: P7D } }\n'), 'V-006: quality suite "orders-q": checks[0] (freshness): escalate.severity is required'],
    ['escalate above threshold', suite('      - { type: completeness, column: a, threshold: 0.9, escalate: { threshold: 0.95, severity: error } }\n'), 'V-006: quality suite "orders-q": checks[0] (completeness): escalate.threshold must not be above threshold (0.95 > 0.9)'],
    ['schema with an unknown type', suite('      - { type: schema, types: { id: integr } }\n'), 'V-006: quality suite "orders-q": checks[0] (schema): types.id unknown type "integr"'],
  ])('refuses %s', (_name, quality, expected) => {
    expect(message(quality)).toBe(expected);
  });

  it('substitutes variables in suites and names an unresolved one', () => {
    expect(message(suite('      - { type: completeness, column: amount, threshold: "${T}" }\n'), { T: '0.5' })).toBe('ok');
    expect(message(suite('      - { type: completeness, column: "${COL}" }\n'))).toBe('V-010: unresolved variable "COL" in field "quality[0].checks[0].column"');
  });
});
