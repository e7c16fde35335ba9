/**
 * JSON inputs read with their detected types pinned: the rules that decide it, and runs that
 * give the same rows whether the types were pinned (ISO dates) or left to DuckDB's detection
 * (dates in another format, nested dates, a date column empty in its first rows).
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { isoTexts, jsonTemporalChecks } from '@pipeline/engine-duckdb';

describe('jsonTemporalChecks', () => {
  it('pins plain columns at once and checks the dates and timestamps the options give no format for', () => {
    expect(jsonTemporalChecks([{ name: 'id', type: 'BIGINT' }, { name: 'tags', type: 'VARCHAR[]' }], {})).toEqual([]);
    expect(jsonTemporalChecks([{ name: 'd', type: 'DATE' }, { name: 't', type: 'TIMESTAMP' }, { name: 'n', type: 'DOUBLE' }], {})).toEqual([
      { name: 'd', kind: 'date' },
      { name: 't', kind: 'timestamp' },
    ]);
    expect(jsonTemporalChecks([{ name: 'd', type: 'DATE' }, { name: 't', type: 'TIMESTAMP WITH TIME ZONE' }], { dateFormat: 'MM/dd/yyyy' })).toEqual([{ name: 't', kind: 'timestamp' }]);
  });

  it('keeps detection for a time, or a date or timestamp inside a nested column', () => {
    expect(jsonTemporalChecks([{ name: 's', type: 'STRUCT(d DATE, n BIGINT)' }], {})).toBe('keep-detection');
    expect(jsonTemporalChecks([{ name: 'l', type: 'TIMESTAMP[]' }], {})).toBe('keep-detection');
    expect(jsonTemporalChecks([{ name: 'h', type: 'TIME' }], {})).toBe('keep-detection');
    expect(jsonTemporalChecks([{ name: 's', type: 'STRUCT("date" VARCHAR)' }], {})).toEqual([]);
  });
});

describe('isoTexts', () => {
  it.each<[string, 'date' | 'timestamp', unknown[], boolean]>([
    ['ISO dates', 'date', ['2020-01-02', null, '1999-12-31'], true],
    ['dates in another order', 'date', ['2020-01-02', '10-31-2006'], false],
    ['no value at all', 'date', [null, null], false],
    ['ISO timestamps with T, fractions and zones', 'timestamp', ['2020-01-02 03:04:05', '2020-01-02T03:04:05.123Z', '2020-01-02T03:04+02:00', '2020-01-02'], true],
    ['a timestamp in another format', 'timestamp', ['01/02/2020 03:04:05'], false],
  ])('%s', (_what, kind, values, expected) => {
    expect(isoTexts(kind, values)).toBe(expected);
  });
});

describe('JSON inputs with pinned or detected types', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
  });
  afterEach(() => root.cleanup());

  const run = async (file: string, filter: string): Promise<string> => {
    const yaml = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      `      source: { input: { format: json, path: ${file} } }`,
      '    - asset_ref: kept',
      `      source: { where: { from: raw, filter: "${filter}" } }`,
      '    - asset_ref: out',
      '      source: { output: { from: kept, format: csv, path: out.csv, mode: overwrite } }',
    ].join('\n');
    await executePlan(plan(yaml), { dataRoot: root.dir, backend: 'duckdb' });
    return root.read('out.csv');
  };

  it('reads ISO dates and timestamps as such (pinned)', async () => {
    root.write('iso.json', '{"id": 1, "d": "2020-01-02", "t": "2020-01-02 03:04:05"}\n{"id": 2, "d": "2021-06-30", "t": "2021-06-30 10:00:00"}\n');
    expect(await run('iso.json', "d >= DATE '2021-01-01' AND t > TIMESTAMP '2021-06-30 09:00:00'")).toBe('id,d,t\n2,2021-06-30,2021-06-30 10:00:00\n');
  });

  it('reads dates in a format DuckDB detected (10-31-2006) as dates, as without pinning', async () => {
    root.write('dashed.json', '{"id": 1, "d": "10-31-2006"}\n{"id": 2, "d": "11-01-2006"}\n');
    expect(await run('dashed.json', "d > DATE '2006-10-31'")).toBe('id,d\n2,2006-11-01\n');
  });

  it('reads nested dates, and a column whose first 100 rows are empty, as detected', async () => {
    root.write('nested.json', '{"id": 1, "s": {"d": "2020-01-02"}}\n{"id": 2, "s": {"d": "2021-01-02"}}\n');
    expect(await run('nested.json', "s.d > DATE '2020-06-01'")).toBe('id,s\n2,{\'d\': 2021-01-02}\n');
    const rows = Array.from({ length: 150 }, (_, i) => JSON.stringify({ id: i, d: i < 120 ? null : `12-${String(i - 100).padStart(2, '0')}-2020` }));
    root.write('late.json', `${rows.join('\n')}\n`);
    // DuckDB detects no date there (text); the run reads what detection read.
    expect(await run('late.json', "d = '12-25-2020'")).toBe('id,d\n125,12-25-2020\n');
  });
});
