/**
 * The array functions of spec 9.13.7: Teckel documents using them on arrays read from JSON, each output equal to an independent DuckDB SQL statement written by hand over
 * the same file (subqueries over element positions, not the lambdas the compiler writes), with
 * Spark's rules: first-occurrence order, NULL as a value of its own, NULLs sorted last, 1-based
 * positions. A wrong argument type fails with a message naming the call, a wrong argument count
 * is V-009, and danfo refuses the functions with V-014 (both before a job is accepted).
 */
import { openTeckelHarness, selectByIdDocument, varcharRows, type TeckelHarness } from '../__fixtures__/teckel-harness';
import type { BackendName } from '../index';

const EVENTS = [
  '{"id": 1, "xs": [3, 1, null, 3, null, 2], "ys": [2, 5, null, 5], "tags": ["b", "a", null, "b"], "nested": [[1, 2], [3]]}',
  '{"id": 2, "xs": [], "ys": [1], "tags": [], "nested": [[1], null]}',
  '{"id": 3, "xs": null, "ys": null, "tags": null, "nested": null}',
  '{"id": 4, "xs": [1, 1, 2], "ys": [], "tags": ["x"], "nested": []}',
  '',
].join('\n');

/** Positions 1..len(a) of a list, as rows p. */
const positions = (a: string, upTo = `len(${a})`): string => `generate_series(1, ${upTo}) AS g(p)`;

/** The elements of `a` at the positions `where` keeps, in order, without repeats (NULL a single value), NULL for a NULL list. */
function keptOnce(a: string, where = 'TRUE'): string {
  const firstOccurrence = `NOT EXISTS (SELECT 1 FROM generate_series(1, p - 1) AS h(q) WHERE ${a}[q] IS NOT DISTINCT FROM ${a}[p])`;
  return `CASE WHEN ${a} IS NULL THEN NULL ELSE coalesce((SELECT list(${a}[p] ORDER BY p) FROM ${positions(a)} WHERE ${firstOccurrence} AND ${where}), []) END`;
}

/** Whether list `b` holds the element of `a` at position p (NULL matching NULL). */
const holds = (b: string, a: string): string => `EXISTS (SELECT 1 FROM unnest(${b}) AS u(w) WHERE w IS NOT DISTINCT FROM ${a}[p])`;

interface Example {
  readonly name: string;
  readonly columns: readonly string[];
  /** The same columns in hand-written DuckDB SQL over the table `events`. */
  readonly sql: string;
}

const EXAMPLES: Example[] = [
  {
    name: 'distinct, sort, compact and the set functions',
    columns: ['id', 'array_distinct(xs) AS d', 'array_sort(tags) AS s', 'array_compact(xs) AS c', 'array_union(xs, ys) AS u', 'array_intersect(xs, ys) AS i', 'array_except(xs, ys) AS e'],
    sql: `SELECT id, ${keptOnce('xs')},
      CASE WHEN tags IS NULL THEN NULL ELSE coalesce((SELECT list(v ORDER BY v NULLS LAST) FROM unnest(tags) AS u(v)), []) END,
      [x for x in xs if x IS NOT NULL],
      CASE WHEN ys IS NULL THEN NULL ELSE ${keptOnce('list_concat(xs, ys)')} END,
      CASE WHEN ys IS NULL THEN NULL ELSE ${keptOnce('xs', holds('ys', 'xs'))} END,
      CASE WHEN ys IS NULL THEN NULL ELSE ${keptOnce('xs', `NOT ${holds('ys', 'xs')}`)} END
      FROM events ORDER BY id`,
  },
  {
    name: 'join, position and remove',
    columns: ['id', "array_join(tags, ', ') AS j", "array_join(tags, '/', nullReplacement => '?') AS r", 'array_position(xs, 2) AS p', 'array_position(ys, 9) AS missing', 'array_remove(xs, 3) AS rm'],
    sql: `SELECT id,
      CASE WHEN tags IS NULL THEN NULL ELSE coalesce((SELECT string_agg(tags[p], ', ' ORDER BY p) FROM ${positions('tags')} WHERE tags[p] IS NOT NULL), '') END,
      CASE WHEN tags IS NULL THEN NULL ELSE coalesce((SELECT string_agg(coalesce(tags[p], '?'), '/' ORDER BY p) FROM ${positions('tags')}), '') END,
      CASE WHEN xs IS NULL THEN NULL ELSE coalesce((SELECT min(p) FROM ${positions('xs')} WHERE xs[p] = 2), 0) END,
      CASE WHEN ys IS NULL THEN NULL ELSE coalesce((SELECT min(p) FROM ${positions('ys')} WHERE ys[p] = 9), 0) END,
      [x for x in xs if x IS NULL OR x <> 3]
      FROM events ORDER BY id`,
  },
  {
    name: 'repeat, zip and flatten',
    columns: ['id', "array_repeat('ab', id - 2) AS rep", 'arrays_zip(xs, tags) AS z', 'flatten(nested) AS f'],
    sql: `SELECT id, repeat(['ab'], greatest(id - 2, 0)),
      CASE WHEN xs IS NULL OR tags IS NULL THEN NULL
        ELSE coalesce((SELECT list({'xs': xs[p], 'tags': tags[p]} ORDER BY p) FROM ${positions('xs', 'greatest(len(xs), len(tags))')}), []) END,
      CASE WHEN nested IS NULL OR EXISTS (SELECT 1 FROM unnest(nested) AS u(v) WHERE v IS NULL) THEN NULL ELSE flatten(nested) END
      FROM events ORDER BY id`,
  },
];

const document = (columns: readonly string[], out: string): string =>
  selectByIdDocument({ name: 'events', format: 'json', path: 'events.json' }, columns, { format: 'parquet', path: out });

let h: TeckelHarness;

const rows = (sql: string): Promise<string[]> => varcharRows(h.duck, sql);

const refusal = (columns: readonly string[], backend: BackendName = 'duckdb'): string | undefined => h.refusal(document(columns, 'out/never.parquet'), backend);

beforeAll(async () => {
  h = await openTeckelHarness();
  h.root.write('events.json', EVENTS);
  await h.duck.run(`CREATE TABLE events AS SELECT * FROM read_json('${h.abs('events.json')}')`);
});

afterAll(() => h?.close());

describe('array functions on duckdb (spec 9.13.7)', () => {
  it.each(EXAMPLES.map((e, i) => [e.name, e, i] as const))('%s', async (_name, example, i) => {
    const out = `out/arrays-${i}.parquet`;
    await h.run(document(example.columns, out), 'duckdb');
    const written = await rows(`SELECT * FROM read_parquet('${h.abs(out)}')`);
    expect(written).toEqual(await rows(example.sql));
    expect(written).toHaveLength(4);
  });

  it('writes the rules pinned above for the first row', async () => {
    // Spot values, so that a hand-written statement that drifted along with the compiler would show.
    const written = await rows(`SELECT d, s, u, i, e, j, r, p FROM read_parquet('${h.abs('out/arrays-0.parquet')}') POSITIONAL JOIN read_parquet('${h.abs('out/arrays-1.parquet')}') LIMIT 1`);
    expect(written).toEqual(['[3, 1, NULL, 2]|[a, b, b, NULL]|[3, 1, NULL, 2, 5]|[NULL, 2]|[3, 1]|b, a, b|b/a/?/b|6']);
  });

  it('fails a run whose call has arguments of the wrong type, naming the call', async () => {
    const yaml = document(['id', 'array_union(xs, tags) AS u'], 'out/never.parquet');
    expect(await h.failure(yaml, 'duckdb')).toContain('array_union needs arrays of one element type, got array<long> and array<string>: array_union(xs, tags)');
  });

  it('refuses a wrong argument count with V-009 before a job is accepted', () => {
    expect(refusal(['id', 'array_join(tags) AS j'])).toBe('V-009: asset "computed": columns[1]: function "array_join" takes 2 to 3 arguments, got 1 at column 1');
  });
});

describe('array functions on danfo', () => {
  it('refuses them with V-014 before a job is accepted', () => {
    expect(refusal(['id', "array_join(array(CAST(id AS string)), ',') AS j"], 'danfo')).toBe('V-014: asset "computed": function "array_join" is not supported by backend "danfo"');
  });
});
