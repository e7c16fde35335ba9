/**
 * The wider scalar function catalogue (spec 9.13 and the functions this service adds): Teckel
 * documents whose steps call string, numeric, conditional and date functions run
 * on both backends, and each output equals an independent DuckDB SQL statement written by hand
 * with DuckDB's own functions over the same file. Functions only DuckDB computes run there and
 * are refused on danfo with V-014 before a job is accepted.
 */
import { openTeckelHarness, selectByIdDocument, varcharRows, type TeckelHarness } from '../__fixtures__/teckel-harness';
import type { BackendName } from '../index';

const PEOPLE = [
  'id,name,city,email,phone,stars,q1,q2,q3,bonus,joined,seen',
  '1,Ada,london,ada@example.com,+44 (20) 7946-0018,3,10,20,15,5,2024-01-31,2024-01-31 10:20:30',
  '2,Bob,paris,bob.b@mail.fr,06-12-34,0,-4,-9,,,2023-02-28,2023-02-28 23:59:59',
  '3,Zoë,zürich,zoe@post.ch,,5,7.5,7.5,1,2,2000-02-29,1999-12-31 23:00:00',
  '4,Ed,,ed@x.io,555,1,0,3,2,,2024-12-30,2024-12-30 00:00:00',
  '',
].join('\n');

interface Example {
  readonly name: string;
  /** The select step's column expressions over `people`. */
  readonly columns: readonly string[];
  /** The same columns in hand-written DuckDB SQL over the table `people`. */
  readonly sql: string;
}

const EXAMPLES: Example[] = [
  {
    name: 'string functions',
    columns: [
      'id',
      "concat_ws('-', name, city) AS tag",
      "lpad(CAST(id AS string), 4, '0') AS code",
      "rpad(name, 5, '.') AS padded",
      'left(name, 2) AS first2',
      'right(email, 3) AS last3',
      'reverse(name) AS backwards',
      'initcap(city) AS town',
      "instr(email, '@') AS at",
      "split_part(email, '@', 2) AS domain",
      "regexp_extract(email, '^([a-z]+)', 1) AS user",
      "regexp_replace(phone, '[^0-9]', '') AS digits",
      "regexp_replace(email, '([a-z]+)@', '$1 at ') AS spoken",
      "starts_with(name, 'A') AS a_name",
      "repeat('*', stars) AS rating",
      "locate('o', email, 3) AS o_after_2",
    ],
    sql: `SELECT id, concat_ws('-', name, city), lpad(CAST(id AS VARCHAR), 4, '0'), CASE WHEN length(name) >= 5 THEN name[1:5] ELSE rpad(name, 5, '.') END,
      name[1:2], email[-3:], reverse(name), upper(city[1]) || lower(city[2:]), strpos(email, '@'), string_split(email, '@')[2],
      regexp_extract(email, '^([a-z]+)', 1), regexp_replace(phone, '[^0-9]', '', 'g'), regexp_replace(email, '([a-z]+)@', '\\1 at ', 'g'),
      name LIKE 'A%', repeat('*', stars), CASE WHEN strpos(email[3:], 'o') = 0 THEN 0 ELSE strpos(email[3:], 'o') + 2 END
      FROM people ORDER BY id`,
  },
  {
    name: 'numeric and conditional functions',
    columns: [
      'id',
      'greatest(q1, q2, q3) AS best',
      'least(q1, q2, q3) AS worst',
      'sign(q1) AS direction',
      "if(q1 > q2, 'first', 'second') AS larger",
      'nvl(bonus, 0) AS bonus_or_zero',
      "nvl2(bonus, 'yes', 'no') AS has_bonus",
      'pow(q2, 2) AS squared',
      'isnull(city) AS no_city',
    ],
    sql: `SELECT id, greatest(q1, q2, q3), least(q1, q2, q3), CASE WHEN q1 > 0 THEN 1.0 WHEN q1 < 0 THEN -1.0 ELSE 0.0 END,
      CASE WHEN q1 > q2 THEN 'first' ELSE 'second' END, coalesce(bonus, 0), CASE WHEN bonus IS NULL THEN 'no' ELSE 'yes' END,
      q2 * q2, city IS NULL
      FROM people ORDER BY id`,
  },
  {
    name: 'date and time functions',
    columns: [
      'id',
      'dayofweek(joined) AS dow',
      'dayofyear(joined) AS doy',
      'weekofyear(joined) AS week',
      'quarter(seen) AS q',
      'date_sub(joined, 7) AS week_before',
      "datediff(joined, DATE '2024-01-01') AS days_since",
      "next_day(joined, 'Mon') AS next_monday",
      'make_date(year(joined), month(joined), 1) AS month_start',
      'unix_timestamp(seen) AS epoch',
      "from_unixtime(unix_timestamp(seen), 'dd/MM/yyyy HH:mm') AS seen_text",
      "date_format(joined, 'yyyy.MM.dd') AS joined_text",
      'extract(WEEK FROM seen) AS seen_week',
      // Both on the last day of their month (3), one day short of a whole year in 31-day months (4).
      "months_between(TIMESTAMP '1997-02-28 10:30:00', DATE '1996-10-30') AS spark_example",
      "months_between(joined, DATE '2023-12-31') AS months_in",
      'joined + make_interval(0, 1, 1) AS month_and_week_later',
    ],
    sql: `SELECT id, isodow(joined) % 7 + 1, dayofyear(joined), week(joined), quarter(seen), joined - 7, joined - DATE '2024-01-01',
      CAST(joined + to_days(CAST(8 - isodow(joined) AS INTEGER)) AS DATE), make_date(year(joined), month(joined), 1), CAST(epoch(seen) AS BIGINT),
      strftime(seen, '%d/%m/%Y %H:%M'), strftime(joined, '%Y.%m.%d'), week(seen), 3.94959677,
      CAST(CASE id WHEN 1 THEN 1 WHEN 2 THEN -10 WHEN 3 THEN -286 ELSE 11.96774194 END AS DOUBLE),
      CAST(joined + INTERVAL 1 MONTH + INTERVAL 7 DAY AS DATE)
      FROM people ORDER BY id`,
  },
];

/** Expressions only DuckDB computes (JavaScript's Math rounds some of their results otherwise). */
const DUCKDB_ONLY: Example = {
  name: 'logarithms and exp',
  columns: ['id', 'ln(stars) AS ln_stars', 'round(log10(stars * 10), 6) AS magnitude', 'exp(0) AS one', 'log(2, 8) AS three'],
  sql: 'SELECT id, CASE WHEN stars > 0 THEN ln(stars) END, round(CASE WHEN stars > 0 THEN log10(stars * 10) END, 6), 1.0, 3.0 FROM people ORDER BY id',
};

const document = (example: Example, out: string): string =>
  selectByIdDocument({ name: 'people', format: 'csv', path: 'people.csv' }, example.columns, { format: 'csv', path: out });

let h: TeckelHarness;

const rows = (sql: string): Promise<string[]> => varcharRows(h.duck, sql);

async function run(example: Example, backend: BackendName): Promise<string[]> {
  const out = `out/${backend}-${EXAMPLES.indexOf(example)}-${example.name.replace(/\W+/g, '-')}.csv`;
  await h.run(document(example, out), backend);
  return rows(`SELECT * FROM read_csv('${h.abs(out)}', all_varchar = true)`);
}

beforeAll(async () => {
  h = await openTeckelHarness();
  h.root.write('people.csv', PEOPLE);
  await h.duck.run("SET TimeZone = 'UTC'");
  await h.duck.run(`CREATE TABLE people AS SELECT * FROM read_csv('${h.abs('people.csv')}')`);
});

afterAll(() => h?.close());

describe.each(['duckdb', 'danfo'] as const)('scalar functions on %s', (backend) => {
  it.each(EXAMPLES.map((e) => [e.name, e] as const))('%s', async (_name, example) => {
    const written = await run(example, backend);
    expect(written).toEqual(await rows(example.sql));
    expect(written).toHaveLength(4);
  });
});

describe('functions only DuckDB computes', () => {
  it('runs them on duckdb', async () => {
    const written = await run(DUCKDB_ONLY, 'duckdb');
    expect(written).toEqual(await rows(DUCKDB_ONLY.sql));
    expect(written[1]).toBe('2|||1.0|3.0');
  });

  it('refuses them on danfo with V-014 before a job is accepted', () => {
    expect(h.refusal(document(DUCKDB_ONLY, 'out/never.csv'), 'danfo')).toBe('V-014: asset "computed": function "ln" is not supported by backend "danfo"');
    expect(h.root.exists('out/never.csv')).toBe(false);
  });
});
