/**
 * schemaEnforce (spec 8.27) and assertion (8.28) on both backends, with hand-computed outputs:
 * strict and evolve modes, conversions to NULL, defaults, not-nullable columns; assertion's
 * not_null, unique and condition rules with onFailure fail, warn and drop.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const DATA = ['id,amount,note', '1,10,a', '2,x,b', '2,30,', '4,,d', ''].join('\n');

function doc(step: string): string {
  return ['version: "3.0"', 'input:', '  - { name: raw, format: csv, path: raw.csv }', 'transformation:', `  - name: s\n    ${step}`, 'output:', '  - { name: s, format: csv, path: out.csv, mode: overwrite }'].join('\n');
}

describe.each(BACKENDS)('schemaEnforce and assertion on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('raw.csv', DATA);
  });
  afterEach(() => root.cleanup());
  const run = (step: string) => executePlan(plan(doc(step)), { dataRoot: root.dir, backend });
  const out = (): string[] => root.read('out.csv').trimEnd().split('\n');
  const failure = async (step: string): Promise<string> => {
    try {
      await run(step);
    } catch (e) {
      return `${(e as { code: string }).code}: ${(e as Error).message}`;
    }
    return 'no failure';
  };

  it('strict: declared order, declared types (a value that does not convert is NULL)', async () => {
    await run('schemaEnforce: { from: raw, columns: [ { name: note, dataType: string }, { name: amount, dataType: double }, { name: id, dataType: string } ] }');
    expect(out()).toEqual(['note,amount,id', 'a,10.0,1', 'b,,2', ',30.0,2', 'd,,4']);
  });

  it('strict: missing and undeclared columns fail naming them (E-SCHEMA-004, E-SCHEMA-003)', async () => {
    expect(await failure('schemaEnforce: { from: raw, columns: [ { name: id, dataType: long }, { name: amount, dataType: string }, { name: note, dataType: string }, { name: email, dataType: string } ] }')).toBe(
      'E_SCHEMA_MISMATCH: asset "s": E-SCHEMA-004: columns: mode strict: declared column "email" missing from "raw"',
    );
    expect(await failure('schemaEnforce: { from: raw, columns: [ { name: id, dataType: long } ] }')).toBe(
      'E_SCHEMA_MISMATCH: asset "s": E-SCHEMA-003: columns: mode strict: columns "amount", "note" of "raw" not declared',
    );
  });

  it('evolve: extra columns kept in place, missing ones appended from their default or NULL', async () => {
    await run('schemaEnforce: { from: raw, mode: evolve, columns: [ { name: amount, dataType: integer }, { name: twice, dataType: long, default: "id * 2" }, { name: tag, dataType: string } ] }');
    expect(out()).toEqual(['id,amount,note,twice,tag', '1,10,a,2,', '2,,b,4,', '2,30,,4,', '4,,d,8,']);
  });

  it('nullable: false fails on a NULL (also one a conversion made), writing nothing', async () => {
    expect(await failure('schemaEnforce: { from: raw, mode: evolve, columns: [ { name: amount, dataType: double, nullable: false } ] }')).toBe(
      'E_QUALITY: asset "s": E-QUALITY-001: columns[0].nullable: column "amount" is not nullable but 2 of 4 rows hold NULL',
    );
    expect(root.exists('out.csv')).toBe(false);
    const result = await run('schemaEnforce: { from: raw, mode: evolve, columns: [ { name: id, dataType: integer, nullable: false } ] }');
    expect(result.outputs[0]?.rowsWritten).toBe(4);
  });

  it('assertion fail: rows pass through when every check holds; else the job fails naming each failing check', async () => {
    const ok = await run('assertion: { from: raw, checks: [ { column: id, rule: not_null }, { rule: "id > 0" } ] }');
    expect(out()).toEqual(['id,amount,note', '1,10,a', '2,x,b', '2,30,', '4,,d']);
    expect(ok.quality?.map((q) => [q.check, q.status, q.observed])).toEqual([
      ['not_null(id)', 'pass', 0],
      ['id > 0', 'pass', 0],
    ]);
    expect(await failure('assertion: { from: raw, checks: [ { column: id, rule: unique }, { column: note, rule: not_null }, { rule: "id < 4" } ] }')).toBe(
      'E_QUALITY: asset "s": E-QUALITY-001: checks[0].column: assertion unique(id) failed on 2 of 4 rows; assertion not_null(note) failed on 1 of 4 rows; assertion id < 4 failed on 1 of 4 rows',
    );
  });

  it('assertion warn: rows unchanged, failing counts reported', async () => {
    const result = await run('assertion: { from: raw, checks: [ { column: id, rule: unique }, { rule: "note <> \'b\'", description: not b } ], onFailure: warn }');
    expect(out()).toHaveLength(5);
    const shared = { suite: 's', checkType: 'assertion', target: 's', status: 'warn', severity: 'warn', observed: 2, expected: '0 failing rows', failingRows: 2, failingPercent: 50, message: '2 of 4 rows fail', timestamp: expect.stringMatching(/Z$/) };
    expect(result.quality).toEqual([
      { ...shared, check: 'unique(id)', column: 'id' },
      // A NULL note makes the condition NULL: that row fails too.
      { ...shared, check: "note <> 'b'" },
    ]);
  });

  it('assertion drop: rows failing any check removed, input order kept, and recorded as passing (severity info, spec 17.4)', async () => {
    const result = await run('assertion: { from: raw, checks: [ { column: id, rule: unique }, { column: note, rule: not_null } ], onFailure: drop }');
    expect(out()).toEqual(['id,amount,note', '1,10,a', '4,,d']);
    expect(result.quality?.map((q) => [q.check, q.status, q.message])).toEqual([
      ['unique(id)', 'pass', '2 of 4 rows fail; they are dropped'],
      ['not_null(note)', 'pass', '1 of 4 rows fail; they are dropped'],
    ]);
  });
});
