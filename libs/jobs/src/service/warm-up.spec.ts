import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { prepareRehearsal } from './warm-up';

describe('prepareRehearsal', () => {
  let base: string;
  beforeEach(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'warm-up-spec-'));
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  it('plans its document (the whole validation path) and writes the input it reads into the folder it makes', () => {
    const folder = path.join(base, 'nested', 'warm-up');
    const rehearsal = prepareRehearsal(folder);
    expect(rehearsal?.dataRoot).toBe(folder);
    expect(rehearsal?.plan.steps.map((s) => s.ref)).toEqual(['raw', 'kept', 'slim', 'totals', 'sorted', 'out', 'kept_rows']);
    expect(fs.readdirSync(folder)).toEqual(['warm-up.csv']);
    const [header, ...rows] = fs.readFileSync(path.join(folder, 'warm-up.csv'), 'utf8').trim().split('\n');
    expect(header).toBe('region,status,amount');
    expect(rows).toHaveLength(12);
  });

  it('answers undefined when its folder cannot be made', () => {
    const blocker = path.join(base, 'a-file');
    fs.writeFileSync(blocker, '');
    expect(prepareRehearsal(path.join(blocker, 'warm-up'))).toBeUndefined();
  });
});
