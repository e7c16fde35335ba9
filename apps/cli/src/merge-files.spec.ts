import { parseYaml, toJsonValue } from '@pipeline/definition';
import { validatePipeline } from '@pipeline/validation';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadPipeline, mergeNodes } from './merge-files';

const json = (text: string) => toJsonValue(parseYaml(text).root);
const merge = (...texts: string[]) => toJsonValue(texts.map((t) => parseYaml(t).root).reduce((base, overlay) => mergeNodes(base, overlay)));

describe('mergeNodes (spec 21.1)', () => {
  it('deep-merges mappings, the overlay winning per key', () => {
    expect(merge('pipeline: {name: a, owner: {name: x, email: x@y.z}}', 'pipeline: {owner: {email: dev@y.z}, namespace: dev}')).toEqual(
      json('pipeline: {name: a, owner: {name: x, email: dev@y.z}, namespace: dev}'),
    );
  });

  it('replaces sequences whole, their mappings not merged item by item', () => {
    expect(merge('input: [{name: s, format: parquet, path: p}]\ntags: [a, b]', 'input: [{name: s, path: q.csv}]\ntags: [c]')).toEqual(
      json('input: [{name: s, path: q.csv}]\ntags: [c]'),
    );
  });

  it('replaces scalars, and a mapping by a scalar or the other way round', () => {
    expect(merge('a: 1\nb: {c: 1}\nd: x', 'a: 2\nb: null\nd: {e: 1}')).toEqual(json('a: 2\nb: null\nd: {e: 1}'));
  });

  it('merges left to right, the rightmost winning (21.2)', () => {
    expect(merge('a: 1\nb: 1\nc: 1', 'a: 2\nb: 2', 'a: 3')).toEqual(json('a: 3\nb: 2\nc: 1'));
  });
});

describe('loadPipeline', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-files-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);

  const BASE = 'version: "3.0"\npipeline:\n  name: base\ninput:\n  - name: source\n    format: parquet\n    path: "${INPUT_PATH}"\noutput:\n  - name: source\n    format: parquet\n    mode: overwrite\n    path: "${OUTPUT_PATH}"\n';

  it('validates the spec 21.3 example merged: the overlay lists replace the base ones', () => {
    write('base.yaml', BASE);
    write('dev.yaml', 'input:\n  - name: source\n    format: csv\n    path: "data/local/input.csv"\n    options:\n      header: true\noutput:\n  - name: source\n    format: csv\n    mode: overwrite\n    path: "data/local/output"\n');
    const loaded = loadPipeline(['base.yaml', 'dev.yaml'], dir);
    expect(loaded.label).toBe('base.yaml+dev.yaml');
    const result = validatePipeline(loaded.yaml);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.pipeline.name).toBe('base');
    expect(result.pipeline.assets[0]?.source).toMatchObject({ kind: 'input', format: 'csv', path: 'data/local/input.csv' });
  });

  it('names the file and line an error comes from', () => {
    write('base.yaml', BASE);
    write('dev.yaml', 'pipeline:\n  namespace: dev\noutput:\n  - name: source\n    format: parquet\n    path: out\n\n  - name: nowhere\n    format: csv\n    mode: overwrite\n    path: out2\n');
    const loaded = loadPipeline(['base.yaml', 'dev.yaml'], dir);
    const result = validatePipeline(loaded.yaml, { INPUT_PATH: 'in', OUTPUT_PATH: 'out' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const located = loaded.locate(result.error);
    expect(located.file).toBe('dev.yaml');
    expect(located.error.details.line).toBe(8);
    expect(located.error.message).toContain('"nowhere"');
  });

  it('refuses a file whose top is not a mapping, naming it', () => {
    write('base.yaml', BASE);
    write('dev.yaml', '- a\n- b\n');
    expect(() => loadPipeline(['base.yaml', 'dev.yaml'], dir)).toThrow(/dev\.yaml.*mapping at the top/);
    write('bad.yaml', 'a: [\n');
    expect(() => loadPipeline(['base.yaml', 'bad.yaml'], dir)).toThrow(/bad\.yaml:\d+/);
  });

  it('reads one file as it is', () => {
    write('base.yaml', BASE);
    expect(loadPipeline(['base.yaml'], dir).yaml).toBe(BASE);
  });
});
