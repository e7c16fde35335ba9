/**
 * The array functions of spec 9.13.7 on DuckDB, run on real rows: Spark's rules where the spec is
 * terse (first-occurrence order, NULL as a value of its own when elements are compared, NULLs
 * sorted last, 1-based array_position with 0 when missing), NULL and empty arrays, repeats, and
 * the type errors naming the call.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { shapedPipeline } from '../__fixtures__/shaped-pipeline';
import { executePlan } from '../index';

const ROWS = [
  '{"id": 1, "xs": [3, 1, null, 3, null, 2], "ys": [2, 5, null, 5], "tags": ["b", "a", null, "b"], "nested": [[1, 2], [3]], "ds": [2.5, 1.0], "meta": {"lists": [[5], [6, 7]]}}',
  '{"id": 2, "xs": [], "ys": [1], "tags": [], "nested": [[1], null], "ds": [], "meta": {"lists": []}}',
  '{"id": 3, "xs": null, "ys": null, "tags": null, "nested": null, "ds": null, "meta": null}',
  '{"id": 4, "xs": [1, 1, 2], "ys": [], "tags": ["x"], "nested": [], "ds": [1.0, 3.5], "meta": {"lists": null}}',
].join('\n');

/** Selects `columns` into out.json, from `transform` (a source reading `events`) when given. */
function pipeline(columns: readonly string[], transform = ''): string {
  const output = { path: 'out.json', format: 'json' };
  if (transform === '') return shapedPipeline(columns, { output });
  return shapedPipeline(columns, { steps: ['    - asset_ref: shaped0', `      source: ${transform}`], from: 'shaped0', output });
}

describe('array functions on duckdb (spec 9.13.7)', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('events.json', ROWS);
  });
  afterEach(() => root.cleanup());
  // A stated memory limit: the run-time value limits follow it (array_repeat(id, 10000) needs 80 KB).
  const run = (columns: readonly string[], transform?: string) =>
    executePlan(plan(pipeline(columns, transform)), { dataRoot: root.dir, backend: 'duckdb', duckdb: { memoryLimit: '2GB' } });
  const rows = (): unknown[] =>
    root
      .read('out.json')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as unknown);

  it('array_distinct keeps each element at its first occurrence and one NULL; array_compact drops NULLs', async () => {
    await run(['id', 'array_distinct(xs) AS d', 'array_distinct(tags) AS t', 'array_compact(xs) AS c', 'array_distinct(nested) AS n']);
    expect(rows()).toEqual([
      { id: 1, d: [3, 1, null, 2], t: ['b', 'a', null], c: [3, 1, 3, 2], n: [[1, 2], [3]] },
      { id: 2, d: [], t: [], c: [], n: [[1], null] },
      { id: 3, d: null, t: null, c: null, n: null },
      { id: 4, d: [1, 2], t: ['x'], c: [1, 1, 2], n: [] },
    ]);
  });

  it('array_sort sorts ascending with NULL elements last and NaN above every number', async () => {
    // DuckDB writes NaN as text 'nan' (as concat does).
    await run(['id', 'array_sort(xs) AS s', 'array_sort(tags) AS t', "array_join(array_sort(array(2.0, CAST('NaN' AS double), NULL, -1.0)), ' ', 'null') AS f"]);
    expect(rows()).toEqual([
      { id: 1, s: [1, 2, 3, 3, null, null], t: ['a', 'b', 'b', null], f: '-1.0 2.0 nan null' },
      { id: 2, s: [], t: [], f: '-1.0 2.0 nan null' },
      { id: 3, s: null, t: null, f: '-1.0 2.0 nan null' },
      { id: 4, s: [1, 1, 2], t: ['x'], f: '-1.0 2.0 nan null' },
    ]);
  });

  it('array_union, array_intersect and array_except keep array1 order without repeats, NULL as a value; NULL for a NULL array', async () => {
    await run(['id', 'array_union(xs, ys) AS u', 'array_intersect(xs, ys) AS i', 'array_except(xs, ys) AS e', 'array_except(ys, xs) AS e2', 'array_union(xs, ds) AS w']);
    expect(rows()).toEqual([
      { id: 1, u: [3, 1, null, 2, 5], i: [null, 2], e: [3, 1], e2: [5], w: [3, 1, null, 2, 2.5] },
      { id: 2, u: [1], i: [], e: [], e2: [1], w: [] },
      { id: 3, u: null, i: null, e: null, e2: null, w: null },
      { id: 4, u: [1, 2], i: [], e: [1, 2], e2: [], w: [1, 2, 3.5] },
    ]);
  });

  it('composes with lambdas and with each other; a lambda parameter named like the helper values stays the caller\'s', async () => {
    await run(['id', 'transform(nested, __v -> array_distinct(array_union(__v, array(1)))) AS t', 'array_except(xs, array(3)) AS e', 'array_intersect(xs, array(3, 1)) AS i', 'size(array_distinct(array_compact(xs))) AS n']);
    expect(rows()).toEqual([
      { id: 1, t: [[1, 2], [3, 1]], e: [1, null, 2], i: [3, 1], n: 3 },
      { id: 2, t: [[1], null], e: [], i: [], n: 0 },
      { id: 3, t: null, e: null, i: null, n: null },
      { id: 4, t: [], e: [1, 2], i: [1], n: 2 },
    ]);
  });

  it('array_join writes the elements as text, skipping NULL elements or writing nullReplacement (by name too); NULL for any NULL argument', async () => {
    await run(['id', "array_join(tags, ',') AS j", "array_join(tags, ',', nullReplacement => '?') AS r", "array_join(xs, '-') AS n", "array_join(tags, ',', NULL) AS none"]);
    expect(rows()).toEqual([
      { id: 1, j: 'b,a,b', r: 'b,a,?,b', n: '3-1-3-2', none: null },
      { id: 2, j: '', r: '', n: '', none: null },
      { id: 3, j: null, r: null, n: null, none: null },
      { id: 4, j: 'x', r: 'x', n: '1-1-2', none: null },
    ]);
  });

  it('array_position is 1-based, 0 when missing and NULL for a NULL array or value; array_remove drops every equal element and keeps NULLs', async () => {
    await run(['id', 'array_position(xs, 3) AS p3', 'array_position(xs, 2) AS p2', 'array_position(ds, 1) AS pd', 'array_position(xs, NULL) AS pn', 'array_remove(xs, 3) AS r', "array_remove(tags, 'b') AS rt", 'array_remove(xs, NULL) AS rn']);
    expect(rows()).toEqual([
      { id: 1, p3: 1, p2: 6, pd: 2, pn: null, r: [1, null, null, 2], rt: ['a', null], rn: null },
      { id: 2, p3: 0, p2: 0, pd: 0, pn: null, r: [], rt: [], rn: null },
      { id: 3, p3: null, p2: null, pd: null, pn: null, r: null, rt: null, rn: null },
      { id: 4, p3: 0, p2: 3, pd: 1, pn: null, r: [1, 1, 2], rt: ['x'], rn: null },
    ]);
  });

  it('array_repeat makes count copies (NULL and arrays included), none below 1, NULL for a NULL count', async () => {
    await run(['id', 'array_repeat(id, 2) AS two', "array_repeat('ab', id - 2) AS few", 'array_repeat(NULL, 2) AS nulls', 'array_repeat(tags, 1) AS wrapped', 'array_repeat(id, NULL) AS none']);
    expect(rows()).toEqual([
      { id: 1, two: [1, 1], few: [], nulls: [null, null], wrapped: [['b', 'a', null, 'b']], none: null },
      { id: 2, two: [2, 2], few: [], nulls: [null, null], wrapped: [[]], none: null },
      { id: 3, two: [3, 3], few: ['ab'], nulls: [null, null], wrapped: [null], none: null },
      { id: 4, two: [4, 4], few: ['ab', 'ab'], nulls: [null, null], wrapped: [['x']], none: null },
    ]);
  });

  it('array_repeat makes at most 10000 copies: a larger count in the data fails the job, a written one is refused at validation', async () => {
    // Unbounded, array_repeat(id, 2000000000) took the whole process down (DuckDB builds lists beyond its memory limit).
    await expect(run(['id', 'array_repeat(id, id * 5000) AS many'])).rejects.toThrow('array_repeat makes at most 10000 copies of a value; a count in the data is larger');
    expect(() => run(['array_repeat(id, 2000000000) AS many'])).toThrow('V-009: asset "shaped": columns[0]: array_repeat could make an array of more than 10000 values');
    await run(['id', 'size(array_repeat(id, 10000)) AS n']);
    expect(rows()).toEqual([1, 2, 3, 4].map((id) => ({ id, n: 10000 })));
  });

  it('arrays_zip pairs elements by position in structs named after the columns (else 0, 1, ...), padding with NULL', async () => {
    await run(['id', 'arrays_zip(xs, tags) AS z', 'arrays_zip(ys, array(id, id * 10)) AS p']);
    expect(rows()).toEqual([
      {
        id: 1,
        z: [
          { xs: 3, tags: 'b' },
          { xs: 1, tags: 'a' },
          { xs: null, tags: null },
          { xs: 3, tags: 'b' },
          { xs: null, tags: null },
          { xs: 2, tags: null },
        ],
        p: [
          { ys: 2, '1': 1 },
          { ys: 5, '1': 10 },
          { ys: null, '1': null },
          { ys: 5, '1': null },
        ],
      },
      {
        id: 2,
        z: [],
        p: [
          { ys: 1, '1': 2 },
          { ys: null, '1': 20 },
        ],
      },
      { id: 3, z: null, p: null },
      {
        id: 4,
        z: [
          { xs: 1, tags: 'x' },
          { xs: 1, tags: null },
          { xs: 2, tags: null },
        ],
        p: [
          { ys: null, '1': 4 },
          { ys: null, '1': 40 },
        ],
      },
    ]);
  });

  it('flatten(array) joins the inner arrays one level, NULL when one of them is NULL; the flatten kind is unaffected', async () => {
    await run(['id', 'flatten(nested) AS f', 'flatten(array_repeat(xs, 2)) AS both', 'flatten(meta_lists) AS m'], '{ flatten: { from: events } }');
    expect(rows()).toEqual([
      { id: 1, f: [1, 2, 3], both: [3, 1, null, 3, null, 2, 3, 1, null, 3, null, 2], m: [5, 6, 7] },
      { id: 2, f: null, both: [], m: [] },
      { id: 3, f: null, both: null, m: null },
      { id: 4, f: [], both: [1, 1, 2, 1, 1, 2], m: null },
    ]);
  });

  it('refuses arguments of the wrong type with E_TYPE naming the call', async () => {
    await expect(run(['array_union(xs, tags)'])).rejects.toThrow('array_union needs arrays of one element type, got array<long> and array<string>: array_union(xs, tags)');
    await expect(run(['array_sort(nested)'])).rejects.toThrow('array_sort cannot order elements of type array<long>: array_sort(nested)');
    await expect(run(['flatten(xs)'])).rejects.toThrow('flatten needs an array of arrays, got array<long>: flatten(xs)');
    await expect(run(['arrays_zip(xs, xs)'])).rejects.toThrow('arrays_zip would have two fields named "xs": arrays_zip(xs, xs)');
    await expect(run(['array_position(tags, 1)'])).rejects.toThrow('array_position cannot look for integer in array<string>: array_position(tags, 1)');
    await expect(run(["array_join(nested, ',')"])).rejects.toThrow("array_join cannot turn elements of type array<long> into text: array_join(nested, ',')");
    await expect(run(['array_repeat(id, 1.5)'])).rejects.toThrow('array_repeat needs a whole number as its count, got double: array_repeat(id, 1.5)');
    await expect(run(['array_distinct(id)'])).rejects.toThrow('array_distinct needs an array, got long: array_distinct(id)');
  });
});
