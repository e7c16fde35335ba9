/**
 * A property of the two growth bounds together: any expression built of growing calls (repeat,
 * replace, concat and its kin, nested transforms, aggregate folds) is refused by validation, or
 * fails the job with E_VALUE, or makes a value at most MAX_TEXT_GROWTH times the size of the
 * largest value it read. Expressions are random (fast-check, a fixed seed and a bounded number of
 * runs) over one row of small values, so a hole in either bound shows as a value past the limit, not as a
 * machine out of memory.
 */
import fc from 'fast-check';
import { MAX_TEXT_GROWTH } from '@pipeline/definition';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';

const ROW = { name: 'abcde', a: ['a', 'b'] };
/** The size of the largest value read (the array as JSON text): growth is measured against it. */
const VALUE_SIZE = JSON.stringify(ROW.a).length;

const COUNTS = [1, 2, 3, 10, 100, 1000, 5000, 10_000, 10_000] as const;

/** A text expression over `names` (columns or lambda parameters), `depth` levels deep at most. */
function text(names: readonly string[], depth: number): fc.Arbitrary<string> {
  const leaf = fc.oneof(fc.constantFrom(...names), fc.constant("'xy'"));
  if (depth === 0) return leaf;
  const inner = text(names, depth - 1);
  const arr = array(names, depth - 1);
  return fc.oneof(
    { weight: 1, arbitrary: leaf },
    { weight: 2, arbitrary: fc.tuple(inner, fc.constantFrom(...COUNTS)).map(([e, n]) => `repeat(${e}, ${n})`) },
    { weight: 2, arbitrary: fc.array(inner, { minLength: 2, maxLength: 6 }).map((es) => `concat(${es.join(', ')})`) },
    { weight: 1, arbitrary: fc.tuple(inner, inner).map(([l, r]) => `(${l} || ${r})`) },
    { weight: 1, arbitrary: fc.array(inner, { minLength: 2, maxLength: 4 }).map((es) => `concat_ws(${es.join(', ')})`) },
    { weight: 1, arbitrary: inner.map((e) => `replace(${e}, 'a', 'aaaa')`) },
    { weight: 1, arbitrary: arr.map((e) => `array_join(${e}, ',')`) },
    { weight: 2, arbitrary: fold(names, depth - 1) },
  );
}

/** An array-of-text expression over `names`. */
function array(names: readonly string[], depth: number): fc.Arbitrary<string> {
  const leaf = fc.constantFrom('a', `array(${names[0] ?? "'z'"}, 'q')`);
  if (depth === 0) return leaf;
  const param = `x${depth}`;
  return fc.oneof(
    { weight: 1, arbitrary: leaf },
    { weight: 2, arbitrary: fc.tuple(array(names, depth - 1), text([...names, param], depth - 1)).map(([arr, body]) => `transform(${arr}, ${param} -> ${body})`) },
    { weight: 1, arbitrary: fc.tuple(text(names, depth - 1), fc.constantFrom(...COUNTS)).map(([e, n]) => `array_repeat(${e}, ${n})`) },
    { weight: 1, arbitrary: fc.tuple(array(names, depth - 1), array(names, depth - 1)).map(([l, r]) => `flatten(array(${l}, ${r}))`) },
  );
}

/** An aggregate folding text over an array, its merge lambda a random text of the accumulator and the element. */
function fold(names: readonly string[], depth: number): fc.Arbitrary<string> {
  const [acc, x] = [`acc${depth}`, `el${depth}`];
  return fc
    .tuple(array(names, Math.max(0, depth - 1)), text(names, 0), text([acc, x], Math.min(depth, 2)))
    .map(([arr, start, merge]) => `aggregate(${arr}, ${start}, (${acc}, ${x}) -> ${merge})`);
}

function pipeline(column: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: raw',
    '      source: { input: { format: json, path: row.json } }',
    '    - asset_ref: grown',
    `      source: { select: { from: raw, columns: [${JSON.stringify(`length(${column}) AS n`)}] } }`,
    '    - asset_ref: out',
    '      source: { output: { from: grown, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

describe('growing expressions on duckdb', () => {
  let root: TempRoot;
  beforeAll(() => {
    root = makeTempRoot();
    root.write('row.json', `${JSON.stringify(ROW)}\n`);
  });
  afterAll(() => root.cleanup());

  it('are refused, fail with E_VALUE, or stay within the growth bound', async () => {
    const outcomes = { refused: 0, failed: 0, ran: 0 };
    await fc.assert(
      fc.asyncProperty(text(['name'], 3), async (expression) => {
        let checked;
        try {
          checked = plan(pipeline(expression));
        } catch (err) {
          // Refused by validation: a growth problem, or a type the random expression got wrong.
          expect(String(err)).toMatch(/V-0\d\d/);
          outcomes.refused++;
          return;
        }
        const ran = await executePlan(checked, { dataRoot: root.dir, backend: 'duckdb', duckdb: { threads: 1 } }).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (ran !== undefined) {
          expect(ran).toMatchObject({ code: 'E_VALUE' });
          outcomes.failed++;
          return;
        }
        const size = Number(root.read('out.csv').split('\n')[1]);
        expect(size).toBeLessThanOrEqual(MAX_TEXT_GROWTH * VALUE_SIZE);
        outcomes.ran++;
      }),
      { seed: 20261128, numRuns: 150 },
    );
    // The property says something only if many expressions get as far as running.
    expect(outcomes.ran).toBeGreaterThan(30);
    expect(outcomes.refused).toBeGreaterThan(10);
  }, 240_000);
});
