/**
 * merge on both backends: the first applicable action per row in each clause, update by set and
 * by star, deletes, inserts, target rows kept in order then inserted rows in source order, NULL
 * keys never matching (spec 11.7), values brought to the target's column types; a target row
 * matched twice fails alike; a qualifier naming the other input where it has no row is refused.
 */
import { failure } from '../__fixtures__/failure';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan, type BackendName } from '../index';

const BACKENDS: BackendName[] = ['duckdb', 'danfo'];
const FILES: Record<string, string> = {
  'tgt.csv': 'id,name,score,note\n1,ann,10,a\n2,bob,20,b\n3,cy,30,c\n,nul,40,d\n',
  'src.csv': 'id,name,score\n2,BOB,25\n3,CY,5\n5,ed,50\n,nobody,60\n',
};

function pipeline(merge: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: tgt',
    '      source: { input: { format: csv, path: tgt.csv } }',
    '    - asset_ref: src',
    '      source: { input: { format: csv, path: src.csv } }',
    '    - asset_ref: m',
    `      source: { merge: ${merge} }`,
    '    - asset_ref: out',
    '      source: { output: { from: m, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

const ON = 'target: tgt, source: src, on: ["tgt.id = src.id"]';
const CASES: [string, string, string][] = [
  ['no actions: the target unchanged', `{ ${ON} }`, 'id,name,score,note\n1,ann,10,a\n2,bob,20,b\n3,cy,30,c\n,nul,40,d\n'],
  [
    'upsert: update when newer, insert the rest (NULL keys never match)',
    `{ ${ON}, whenMatched: [ { action: update, condition: "tgt.score < src.score", set: { name: "src.name", score: "src.score" } } ], whenNotMatched: [ { action: insert, set: { id: "id", name: "name", score: "score" } } ] }`,
    'id,name,score,note\n1,ann,10,a\n2,BOB,25,b\n3,cy,30,c\n,nul,40,d\n5,ed,50,\n,nobody,60,\n',
  ],
  [
    'first matching action wins; delete; by source; conditional insert',
    `{ ${ON}, whenMatched: [ { action: delete, condition: "src.score < 10" }, { action: update, set: { note: "'m:' || src.name" } } ], whenNotMatched: [ { action: insert, condition: "score > 55", set: { id: "id * 100", name: "upper(name)" } } ], whenNotMatchedBySource: [ { action: update, condition: "score > 35", set: { note: "'gone'" } }, { action: delete } ] }`,
    'id,name,score,note\n2,bob,20,m:BOB\n,nul,40,gone\n,NOBODY,,\n',
  ],
  [
    'an assignment widens the column type',
    `{ ${ON}, whenMatched: [ { action: update, set: { score: "src.score / 2" } } ] }`,
    'id,name,score,note\n1,ann,10.0,a\n2,bob,12.5,b\n3,cy,2.5,c\n,nul,40.0,d\n',
  ],
  [
    'update star takes every target column the source has',
    `{ target: src, source: tgt, on: ["src.id = tgt.id"], whenMatched: [ { action: update, star: true } ] }`,
    'id,name,score\n2,bob,20\n3,cy,30\n5,ed,50\n,nobody,60\n',
  ],
];

describe.each(BACKENDS)('merge on %s', (backend) => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    for (const [name, text] of Object.entries(FILES)) root.write(name, text);
  });
  afterEach(() => root.cleanup());

  it.each(CASES)('%s', async (_name, merge, expected) => {
    await executePlan(plan(pipeline(merge)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(expected);
  });

  it('gives the same file when run again over its own output (the spec example is idempotent)', async () => {
    root.write('tgt.csv', 'id,name,updated_at\n1,ann,2024-01-01 00:00:00\n2,bob,2024-01-01 00:00:00\n');
    root.write('src.csv', 'id,name,updated_at\n2,BOB,2024-06-01 00:00:00\n3,cy,2024-06-01 00:00:00\n');
    const yaml = pipeline(
      '{ target: tgt, source: src, on: ["tgt.id = src.id"], whenMatched: [ { action: update, condition: "tgt.updated_at < src.updated_at", set: { name: "src.name", updated_at: "current_timestamp()" } } ], whenNotMatched: [ { action: insert, star: true } ] }',
    );
    await executePlan(plan(yaml), { dataRoot: root.dir, backend });
    const once = root.read('out.csv');
    expect(once).toMatch(/^id,name,updated_at\n1,ann,2024-01-01 00:00:00\n2,BOB,20\d\d-[^\n]+\n3,cy,2024-06-01 00:00:00\n$/);
    root.write('tgt.csv', once);
    await executePlan(plan(yaml), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe(once);
  });

  it('refuses a target row matched by several source rows when whenMatched has actions, alike on both backends', async () => {
    root.write('src.csv', 'id,name,score\n2,x,1\n2,y,2\n');
    expect(await failure(executePlan(plan(pipeline(`{ ${ON}, whenMatched: [ { action: delete } ] }`)), { dataRoot: root.dir, backend }))).toEqual({
      code: 'E_VALUE',
      message: 'asset "m": on: a row of target asset "tgt" matches several rows of source asset "src" (whenMatched needs at most one)',
    });
    // Without matched actions the row is only known to have a match: kept once.
    await executePlan(plan(pipeline(`{ ${ON}, whenNotMatchedBySource: [ { action: delete } ] }`)), { dataRoot: root.dir, backend });
    expect(root.read('out.csv')).toBe('id,name,score,note\n2,bob,20,b\n');
  });

  it('refuses columns that do not exist or have no row in the clause', async () => {
    const fails = (merge: string) => failure(executePlan(plan(pipeline(merge)), { dataRoot: root.dir, backend }));
    expect(await fails(`{ ${ON}, whenNotMatched: [ { action: insert, set: { id: "tgt.id" } } ] }`)).toEqual({
      code: 'E_COLUMN_NOT_FOUND',
      message: 'asset "m": E-COL-001: whenNotMatched[0].set.id: column "tgt.id" has no value in whenNotMatched (a source row without a match has no target row)',
    });
    expect(await fails(`{ ${ON}, whenMatched: [ { action: update, set: { nope: "src.name" } } ] }`)).toEqual({
      code: 'E_COLUMN_NOT_FOUND',
      message: 'asset "m": E-COL-001: whenMatched[0].set.nope: column "nope" not found (columns: id, name, score, note)',
    });
    expect(await fails(`{ ${ON}, whenMatched: [ { action: update, set: { name: "name" } } ] }`)).toEqual({
      code: 'E_COLUMN_NOT_FOUND',
      message: 'asset "m": E-COL-001: whenMatched[0].set.name: column "name" not found (columns: tgt.id, tgt.name, tgt.score, tgt.note, src.id, src.name, src.score)',
    });
    expect(await fails(`{ ${ON}, whenNotMatched: [ { action: insert, star: true } ] }`)).toEqual({
      code: 'E_COLUMN_NOT_FOUND',
      message: 'asset "m": E-COL-001: whenNotMatched[0].star: column "note" not found (columns: id, name, score)',
    });
    expect(await fails(`{ ${ON}, whenMatched: [ { action: update, set: { score: "src.name" } } ] }`)).toMatchObject({ code: 'E_TYPE' });
  });
});
