/**
 * A DuckDB job over a file read before, and unchanged since, skips the DESCRIBE that sniffs it;
 * a file changed in between is sniffed again, so its new columns and types are the ones read.
 */
import * as fs from 'node:fs';
import { makeTempRoot, plan, type TempRoot } from '../__fixtures__/temp-root';
import { executePlan } from '../execute-plan';
import { recordStatements } from '../__fixtures__/recorded-statements';
import { stepPipeline } from '../__fixtures__/step-pipeline';
import { SETTLED_MS } from '../io/settled-file-cache';

/** Copies the input at `file` (with its options, if any) to out.csv. */
const copy = (file: string): string => stepPipeline('{ where: { from: raw, filter: "true" } }', 'raw', file);

describe('inputs DuckDB has read before', () => {
  let root: TempRoot;
  let statements: string[];
  beforeEach(() => {
    root = makeTempRoot();
    statements = recordStatements();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    root.cleanup();
  });

  const sniffs = (): number => statements.filter((s) => s.startsWith('DESCRIBE SELECT * FROM read_csv')).length;
  const runCopy = async (file: string): Promise<string> => {
    await executePlan(plan(copy(file)), { dataRoot: root.dir, backend: 'duckdb' });
    return root.read('out.csv');
  };
  /** Makes every file written so far look settled. */
  const settle = (): void => {
    const now = Date.now() + SETTLED_MS + 1_000;
    jest.spyOn(Date, 'now').mockReturnValue(now);
  };

  it('sniffs a settled, unchanged file once', async () => {
    root.write('people.csv', 'id,name\n1,ann\n2,bob\n');
    settle();
    expect(await runCopy('people.csv')).toBe('id,name\n1,ann\n2,bob\n');
    expect(await runCopy('people.csv')).toBe('id,name\n1,ann\n2,bob\n');
    expect(sniffs()).toBe(1);
  });

  it('sniffs a file again after it changed, and reads its new columns and types', async () => {
    const file = root.write('people.csv', 'id,name\n1,ann\n2,bob\n');
    // A whole second, which utimes sets exactly: the rewrite below keeps the same modification time.
    const stamp = Math.floor(Date.now() / 1000) - 60;
    fs.utimesSync(file, stamp, stamp);
    settle();
    await runCopy('people.csv');
    // The same size and modification time: only the change time tells.
    fs.writeFileSync(file, 'id,rate\n1,2.5\n2,3.5\n');
    expect(fs.statSync(file).size).toBe('id,name\n1,ann\n2,bob\n'.length);
    fs.utimesSync(file, stamp, stamp);
    expect(fs.statSync(file, { bigint: true }).mtimeNs).toBe(BigInt(stamp) * 1_000_000_000n);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + SETTLED_MS + 10_000);
    expect(await runCopy('people.csv')).toBe('id,rate\n1,2.5\n2,3.5\n');
    expect(sniffs()).toBe(2);
  });

  it('sniffs a file changed less than SETTLED_MS ago on every read', async () => {
    root.write('people.csv', 'id,name\n1,ann\n');
    await runCopy('people.csv');
    await runCopy('people.csv');
    expect(sniffs()).toBe(2);
  });

  it('keeps one entry per way of reading a file: other options sniff again', async () => {
    root.write('people.csv', 'id;name\n1;ann\n');
    settle();
    await runCopy('people.csv');
    await executePlan(plan(copy('people.csv, options: { sep: ";" }')), { dataRoot: root.dir, backend: 'duckdb' });
    expect(root.read('out.csv')).toBe('id,name\n1,ann\n');
    expect(sniffs()).toBe(2);
  });
});
