/**
 * asOfJoin on both backends, at its edges: exact ties (allowed and not), several right rows at the
 * same instant (the first in right order), no earlier match, NULL keys and NULL as-of values
 * (never matching), matching by partition (`on`), the three directions with a tie for nearest
 * (the earlier wins), tolerance as an interval and as a number, inner and left.
 */
import { failure } from '../__fixtures__/failure';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const FILES: Record<string, string> = {
  'trades.csv': 'sym,t,qty\nA,2024-01-01 10:00:00,1\nA,2024-01-01 10:05:00,2\nB,2024-01-01 10:03:30,3\nA,2024-01-01 09:00:00,4\n,2024-01-01 10:05:00,5\nA,,6\n',
  'quotes.csv': 'sym,t,px\nA,2024-01-01 10:00:00,100\nA,2024-01-01 10:00:00,101\nA,2024-01-01 10:04:00,102\nB,2024-01-01 10:01:00,200\nB,2024-01-01 10:06:00,201\n,2024-01-01 10:04:00,300\nA,2024-01-01 10:07:00,103\n',
  'left.csv': 'id,x\n1,10\n2,15\n3,21\n',
  'right.csv': 'y,label\n10,a\n14,b\n20,c\n',
};

function pipeline(asOfJoin: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    ...['trades', 'quotes', 'left', 'right'].flatMap((n) => [`    - asset_ref: ${n}`, `      source: { input: { format: csv, path: ${n}.csv } }`]),
    '    - asset_ref: j',
    `      source: { asOfJoin: ${asOfJoin} }`,
    '    - asset_ref: out',
    '      source: { output: { from: j, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

const TQ = 'left: trades, right: quotes, leftAsOf: t, rightAsOf: t, on: ["trades.sym = quotes.sym"]';
const HEAD = 'trades.sym,trades.t,qty,quotes.sym,quotes.t,px\n';
/** The trades, each followed by the quote it got (`-` for none). */
function rows(...quotes: string[]): string {
  const trades = FILES['trades.csv'].trimEnd().split('\n').slice(1);
  const byPx = new Map(FILES['quotes.csv'].trimEnd().split('\n').slice(1).map((q) => [q.split(',')[2], q]));
  return HEAD + trades.map((t, i) => `${t},${quotes[i] === '-' ? ',,' : byPx.get(quotes[i])}\n`).join('');
}

const CASES: [string, string, string][] = [
  ['backward (default): exact tie allowed, the first of equal quotes, no earlier match, NULLs never match', `{ ${TQ} }`, rows('100', '102', '200', '-', '-', '-')],
  ['inner drops left rows without a match', `{ ${TQ}, type: inner }`, rows('100', '102', '200').split('\n').slice(0, 4).join('\n') + '\n'],
  ['backward without exact matches', `{ ${TQ}, allowExactMatches: false }`, rows('-', '102', '200', '-', '-', '-')],
  ['forward', `{ ${TQ}, direction: forward }`, rows('100', '103', '201', '100', '-', '-')],
  ['nearest: a tie either way goes to the earlier quote', `{ ${TQ}, direction: nearest }`, rows('100', '102', '200', '100', '-', '-')],
  ['backward within an interval tolerance', `{ ${TQ}, tolerance: "INTERVAL 2 MINUTES" }`, rows('100', '102', '-', '-', '-', '-')],
  ['nearest within a tolerance, exact matches excluded', `{ ${TQ}, direction: nearest, tolerance: "INTERVAL 1 MINUTE", allowExactMatches: false }`, rows('-', '102', '-', '-', '-', '-')],
  ['numbers without on, nearest within 1', '{ left: left, right: right, leftAsOf: x, rightAsOf: y, direction: nearest, tolerance: "1" }', 'id,x,y,label\n1,10,10,a\n2,15,14,b\n3,21,20,c\n'],
  ['numbers, nearest within 0.5', '{ left: left, right: right, leftAsOf: x, rightAsOf: y, direction: nearest, tolerance: "0.5" }', 'id,x,y,label\n1,10,10,a\n2,15,,\n3,21,,\n'],
];

describe.each(BACKENDS)('asOfJoin on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    for (const [name, text] of Object.entries(FILES)) root.write(name, text);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, asOfJoin, expected) => {
    await executePlan(plan(pipeline(asOfJoin)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('refuses as-of columns that cannot be ordered or compared, and a tolerance that is not constant', async () => {
    const fails = (asOfJoin: string) => failure(executePlan(plan(pipeline(asOfJoin)), { dataRoot: root.dir, backend }));
    expect(await fails('{ left: trades, right: quotes, leftAsOf: sym, rightAsOf: t }')).toEqual({
      code: 'E_TYPE',
      message: 'asset "j": E-EXPR-001: leftAsOf: column "sym" is string; an as-of column must be a number, a date or a timestamp',
    });
    expect(await fails('{ left: trades, right: quotes, leftAsOf: qty, rightAsOf: t }')).toEqual({
      code: 'E_TYPE',
      message: 'asset "j": E-EXPR-001: rightAsOf: cannot compare long column "qty" with timestamp column "t"',
    });
    expect(await fails(`{ ${TQ}, tolerance: "qty" }`)).toEqual({ code: 'E_TYPE', message: 'asset "j": E-EXPR-001: tolerance: the tolerance must be a constant, not a column ("qty")' });
    expect(await fails(`{ ${TQ}, tolerance: "5" }`)).toMatchObject({ code: 'E_TYPE' });
  });
});
