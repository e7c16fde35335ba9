/**
 * A plan with a join reads its CSV inputs so that DuckDB estimates their row counts (types still
 * pinned, the sniffer on); a file the sniffer would read otherwise than the options say (a line
 * skipped, a comment, a timestamp pattern) keeps the read without sniffing, so the rows and errors
 * are those of a plan without a join.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../execute-plan';

const FILES: Record<string, string> = {
  'plain.csv': 'id,name\n1,a\n2,b\n',
  'skipped.csv': 'report of the day\nid,name\n1,a\n2,b\n',
  'commented.csv': 'id,name\n1,a\n# note\n2,b\n',
  'stamped.csv': 'id,t\n1,13/01/2020 10:00:00\n2,14/01/2020 11:00:00\n',
};

/** Copies `file` to out.csv, and when `withJoin` also writes a join of two other inputs. */
function pipeline(file: string, withJoin: boolean): string {
  const lines = [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: data',
    `      source: { input: { format: csv, path: ${file} } }`,
    '    - asset_ref: out',
    '      source: { output: { from: data, format: csv, path: out.csv, mode: overwrite } }',
  ];
  if (withJoin) {
    lines.push(
      ...['l', 'r'].flatMap((n) => [`    - asset_ref: ${n}`, '      source: { input: { format: csv, path: plain.csv } }']),
      '    - asset_ref: j',
      '      source: { join: { left: l, right: [ { name: r, type: inner, on: ["l.id = r.id"] } ] } }',
      '    - asset_ref: out_j',
      '      source: { output: { from: j, format: csv, path: j.csv, mode: overwrite } }',
    );
  }
  return lines.join('\n');
}

async function outcome(root: TempRoot, file: string, withJoin: boolean): Promise<string> {
  try {
    await executePlan(plan(pipeline(file, withJoin)), { dataRoot: root.dir, backend: 'duckdb' });
    return root.read('out.csv');
  } catch (e) {
    return `${(e as { code?: string }).code}: ${(e as Error).message}`;
  }
}

describe('CSV inputs of a plan with a join on DuckDB', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    for (const [name, text] of Object.entries(FILES)) root.write(name, text);
  });
  afterEach(() => root.cleanup());

  it.each(Object.keys(FILES))('%s reads as in a plan without a join', async (file) => {
    expect(await outcome(root, file, true)).toBe(await outcome(root, file, false));
  });

  it('a plain file reads to the same rows', async () => {
    expect(await outcome(root, 'plain.csv', true)).toBe('id,name\n1,a\n2,b\n');
  });
});
