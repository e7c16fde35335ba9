import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Io } from '../io';
import { PLAIN_STYLE } from '../output-style';
import { explainCommand } from './explain';
import { validateCommand } from './validate';

const BASE = 'version: "3.0"\ninput:\n  - {name: source, format: parquet, path: "${INPUT_PATH}"}\noutput:\n  - {name: source, format: parquet, mode: overwrite, path: "${OUTPUT_PATH}"}\n';
const DEV = 'input:\n  - {name: source, format: csv, path: data/in.csv}\noutput:\n  - {name: source, format: csv, mode: overwrite, path: data/out}\n';

let dir: string;
let out: string;
let io: Io;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-commands-'));
  fs.writeFileSync(path.join(dir, 'base.yaml'), BASE);
  fs.writeFileSync(path.join(dir, 'dev.yaml'), DEV);
  out = '';
  io = { out: { write: (t: string) => (out += t) }, err: { write: () => true }, cwd: dir, style: PLAIN_STYLE };
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('several files merged (spec 21)', () => {
  it('explain plans the merged pipeline: the overlay lists replace the base ones', () => {
    expect(explainCommand(['base.yaml', 'dev.yaml'], { graph: 'text' }, io)).toBe(0);
    expect(out).toContain('[source] format=csv, path=data/in.csv');
  });

  it('validate --merge checks the files as one pipeline; without it each on its own', async () => {
    expect(await validateCommand(['base.yaml', 'dev.yaml'], { merge: true }, io)).toBe(0);
    expect(out).toBe('base.yaml+dev.yaml: valid\n');
    out = '';
    // base.yaml alone needs its variables.
    expect(await validateCommand(['base.yaml', 'dev.yaml'], {}, io)).toBe(1);
    // Every problem of a file, each at its line: both of base.yaml's variables, then dev.yaml's.
    expect(out).toMatch(/^base\.yaml:3(:\d+)?: V-010: .*"INPUT_PATH".*\nbase\.yaml:5(:\d+)?: V-010: .*"OUTPUT_PATH".*\ndev\.yaml: V-006: version is required\n2 files: 0 valid, 2 invalid\n$/);
  });

  it('names the file and line of an error in the merged pipeline', async () => {
    fs.writeFileSync(path.join(dir, 'bad.yaml'), 'transformation:\n  - name: t\n    where: {from: nowhere, filter: "x > 1"}\n');
    expect(await validateCommand(['base.yaml', 'dev.yaml', 'bad.yaml'], { merge: true }, io)).toBe(1);
    expect(out).toMatch(/^bad\.yaml:3(:\d+)?: V-001: .*"nowhere"/);
    expect(() => explainCommand(['base.yaml', 'dev.yaml', 'bad.yaml'], { graph: 'text' }, io)).toThrow(/^bad\.yaml:3(:\d+)?: V-001/);
  });
});
