/**
 * Type inference parity: the same CSV and JSON files inspected by both backends give the same
 * columns and types (DuckDB's sniffer against the JavaScript inference).
 */
import { makeTempRoot, type TempRoot, input } from '@pipeline/engine-core/testing';
import { createBackend } from '../create-backend';

const COLUMNS: Record<string, string[]> = {
  bools: ['true', 'FALSE', 't', 'f'],
  yesno: ['yes', 'no', 'true', 'no'],
  yn: ['y', 'n', 'y', 'n'],
  ints: ['1', '-0', ' 12', '9223372036854775807'],
  zeros: ['007', '1', '2', '3'],
  plus: ['+5', '1', '2', '3'],
  doubles: ['1.', '.5', '1e3', '-2.25'],
  bigint: ['9223372036854775808', '1', '2', '3'],
  specials: ['inf', 'nan', '1.5', '2'],
  dates: ['2024-01-02', '2024-1-2', '1999-12-31', '2000-02-29'],
  baddate: ['2024-02-30', '2024-01-01', '2024-01-02', '2024-01-03'],
  stamps: ['2024-01-02 03:04:05', '2024-01-02T03:04', '2024-01-02 03:04:05.123456', '2024-01-02'],
  zoned: ['2024-01-02 03:04:05Z', '2024-01-02 03:04:05', '2024-01-02 03:04:05', '2024-01-02 03:04:05'],
  mixed: ['1', 'true', '2024-01-01', 'x'],
  nulls: ['', '', '', ''],
  some: ['', '3', '', '4'],
  text: ['a', 'b', ' c ', 'NULL'],
};

describe('CSV and JSON type inference agree', () => {
  let root: TempRoot;
  beforeAll(() => {
    root = makeTempRoot();
    const names = Object.keys(COLUMNS);
    const rows = [0, 1, 2, 3].map((i) => names.map((n) => COLUMNS[n][i]).join(','));
    root.write('t.csv', `${names.join(',')}\n${rows.join('\n')}\n`);
    root.write('empty.csv', '');
    root.write('header.csv', 'a,b\n');
    root.write('empty.json', '');
    root.write('empty-array.json', '[]');
    root.write(
      't.json',
      [
        '{"i":1,"d":1.5,"x":1,"s":"a","dt":"2024-01-02","ts":"2024-01-02 03:04:05","b":true,"n":null,"m":1}',
        '{"i":2,"d":2,"x":2.0,"s":"b","dt":"2024-01-03","ts":"2024-01-03 00:00:00","b":false,"n":null,"m":"two"}',
      ].join('\n'),
    );
  });
  afterAll(() => root.cleanup());

  it.each(['t.csv', 't.json', 'empty.csv', 'header.csv', 'empty.json', 'empty-array.json'])('%s', async (file) => {
    const format = file.endsWith('.csv') ? 'csv' : 'json';
    const results = [];
    for (const name of ['duckdb', 'danfo'] as const) {
      const backend = await createBackend(name, { dataRoot: root.dir });
      try {
        results.push(await backend.inspect(input(file, format)));
      } finally {
        await backend.close();
      }
    }
    expect(results[1]).toEqual(results[0]);
  });
});
