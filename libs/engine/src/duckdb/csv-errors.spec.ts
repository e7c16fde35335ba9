/**
 * A CSV that DuckDB cannot read says what is wrong and where (row, expected and found column
 * counts), on both backends, without the data root or DuckDB's advice.
 */
import { makeTempRoot, type TempRoot, input, output } from '@pipeline/engine-core/testing';
import { createBackend } from '../create-backend';
import { type BackendName, MAX_CSV_LINE_BYTES } from '@pipeline/engine-core';
import { csvProblem } from '@pipeline/engine-duckdb';

describe.each(['duckdb', 'danfo'] as BackendName[])('%s: CSV rows with the wrong number of columns', (name) => {
  let root: TempRoot;
  beforeAll(() => {
    root = makeTempRoot();
    root.write('more.csv', 'a,b,c\n1,2,3\n4,5,6,7\n8,9,10\n');
    root.write('fewer.csv', 'a,b,c\n1,2,3\n4,5\n8,9,10\n');
    root.write('late.csv', `a,b,c\n${'1,2,3\n'.repeat(30000)}4,5,6,7\n`);
  });
  afterAll(() => root.cleanup());

  it.each([
    ['more.csv', 'row 3 has 4 fields, expected 3'],
    ['fewer.csv', 'row 3 has 2 fields, expected 3'],
    ['late.csv', 'row 30002 has 4 fields, expected 3'],
  ])('%s: %s', async (file, reason) => {
    const backend = await createBackend(name, { dataRoot: root.dir });
    try {
      const failure = await backend
        .readInput('r', input(file))
        .then((h) => backend.write(h.id, 'o', output('o.csv')))
        .then(
          (): Error & { code?: string } => new Error('expected a failure'),
          (e: unknown) => e as Error & { code?: string },
        );
      expect(failure.code).toBe('E_READ_FAILED');
      expect(failure.message).toMatch(new RegExp(`^asset "r": E-IO-001: cannot read (the input: )?${file.replace('.', '\\.')}: ${reason}$`));
      expect(failure.message).not.toContain(root.dir);
    } finally {
      await backend.close();
    }
  });
});

describe('csvProblem', () => {
  it('keeps the reason of a CSV error and drops its advice, settings and the offending line', () => {
    const raw = [
      'Conversion Error: CSV Error on Line: 7',
      'Original Line: x,7',
      'Error when converting column "a". Could not convert string "x" to \'BIGINT\'',
      '',
      'Possible solutions:',
      "* Override the type for this column manually by setting the type explicitly, e.g., types={'a': 'VARCHAR'}",
      '  file = data/in.csv',
    ].join('\n');
    expect(csvProblem(raw)).toBe('data/in.csv: row 7: Error when converting column "a". Could not convert string "x" to \'BIGINT\'');
    expect(csvProblem('Invalid Input Error: Error when sniffing file "x.csv".')).toBeUndefined();
  });
});

describe('duckdb: a CSV line longer than the limit', () => {
  it("names the service's limit, not DuckDB's advice or its miscounted size", async () => {
    const root = makeTempRoot();
    root.write('long.csv', `a,b\n1,${'x'.repeat(MAX_CSV_LINE_BYTES + 1000)}\n2,y\n`);
    const backend = await createBackend('duckdb', { dataRoot: root.dir });
    try {
      const failure = await backend.readInput('r', input('long.csv')).then(
        () => undefined,
        (e: unknown) => e as Error & { code?: string },
      );
      expect(failure?.code).toBe('E_READ_FAILED');
      expect(failure?.message).toBe(
        `asset "r": E-IO-001: cannot read the input: long.csv: a line is longer than ${MAX_CSV_LINE_BYTES} bytes, the most a CSV line may hold`,
      );
    } finally {
      await backend.close();
      root.cleanup();
    }
  });
});
