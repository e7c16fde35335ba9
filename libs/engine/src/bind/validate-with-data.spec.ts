import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { createBackend } from '../create-backend';
import { EMPLOYEES_CSV, makeTempRoot, type TempRoot } from '@pipeline/engine-core/testing';
import { type BackendName, SETTLED_MS, knownInputColumns, validatePipelineWithData } from '@pipeline/engine-core';
import { validatePipeline } from '@pipeline/validation';

let root: TempRoot;
beforeEach(() => {
  root = makeTempRoot();
  root.write('e.csv', EMPLOYEES_CSV);
});
afterEach(() => root.cleanup());

const doc = (input: string, ...steps: string[]) =>
  ['version: "3.0"', 'pipeline:', '  assets:', `    - ${input}`, ...steps.map((s) => `    - ${s}`), '    - {asset_ref: out, source: {output: {from: g, format: csv, path: o.csv}}}', ''].join('\n');
const RAW = '{asset_ref: raw, source: {input: {format: csv, path: e.csv}}}';
const AVG = (column: string) => `{asset_ref: g, source: {group_by: {from: raw, by: [department], agg: ["COUNT(*) AS n", "AVG(${column}) AS a"]}}}`;

describe('validatePipelineWithData', () => {
  it.each<BackendName>(['duckdb', 'danfo'])('refuses AVG(salry) on %s before running, at the expression, naming salary', async (backend) => {
    const yaml = doc(RAW, AVG('salry'));
    expect(validatePipeline(yaml).ok).toBe(true);
    const result = await validatePipelineWithData(yaml, {}, { dataRoot: root.dir, backend });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe(
      'V-009: E-COL-001: asset "g": agg[1]: column "salry" not found (columns: id, name, department, salary, status, hired) (did you mean "salary"?)',
    );
    // Line 5 holds the step; its value `AVG(salry) AS a` starts after `"COUNT(*) AS n", "`.
    const line = yaml.split('\n')[4] as string;
    expect(result.error.details).toMatchObject({ asset: 'g', field: 'agg[1]', line: 5, column: line.indexOf('"AVG(') + 1, expressionColumn: 5, suggestion: 'salary', specCode: 'E-COL-001' });
    expect(result.errors).toHaveLength(1);
  });

  it('passes a pipeline whose columns exist, and reports every unknown column of several assets', async () => {
    expect((await validatePipelineWithData(doc(RAW, AVG('salary')), {}, { dataRoot: root.dir })).ok).toBe(true);
    const yaml = doc(RAW, '{asset_ref: w, source: {where: {from: raw, filter: "statuss = \'active\'"}}}', AVG('salry'));
    const result = await validatePipelineWithData(yaml, {}, { dataRoot: root.dir });
    expect(result.ok ? [] : result.errors.map((e) => [e.details.asset, e.details.field, e.details.line, e.details.suggestion])).toEqual([
      ['w', 'filter', 5, 'status'],
      ['g', 'agg[1]', 6, 'salary'],
    ]);
  });

  it('leaves what cannot be known to the job: missing files, JSON, paths outside the root, spark', async () => {
    const cases = [
      '{asset_ref: raw, source: {input: {format: csv, path: missing.csv}}}',
      '{asset_ref: raw, source: {input: {format: json, path: e.json}}}',
      '{asset_ref: raw, source: {input: {format: csv, path: ../outside.csv}}}',
    ];
    root.write('e.json', '{"salary": 1, "department": "x"}\n');
    for (const input of cases) expect(await validatePipelineWithData(doc(input, AVG('salry')), {}, { dataRoot: root.dir })).toMatchObject({ ok: true });
    expect(await validatePipelineWithData(doc(RAW, AVG('salry')), {}, { dataRoot: root.dir, backend: 'spark' })).toMatchObject({ ok: true });
  });

  it('keeps the document\'s own errors first and alone (columns are looked at once the document is valid)', async () => {
    const yaml = doc(RAW, '{asset_ref: w, source: {where: {from: rw, filter: "salary > 1"}}}', AVG('salry'));
    const result = await validatePipelineWithData(yaml, {}, { dataRoot: root.dir });
    expect(result.ok ? [] : result.errors.map((e) => e.code)).toEqual(['V-001']);
  });

  it('does not wait on a FIFO named as an input', async () => {
    const fifo = `${root.dir}/pipe.csv`;
    require('node:child_process').execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const result = await validatePipelineWithData(doc('{asset_ref: raw, source: {input: {format: csv, path: pipe.csv}}}', AVG('salry')), {}, { dataRoot: root.dir });
    expect(result.ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('knownInputColumns', () => {
  const FILES: Record<string, { content: string | Buffer; options?: string }> = {
    plain: { content: EMPLOYEES_CSV },
    blanksAndRepeats: { content: 'a,,a,A,b\n1,2,3,4,5\n' },
    noHeader: { content: '1,x\n2,y\n', options: 'header: "false"' },
    semicolon: { content: 'x;y z\n1;2\n', options: 'sep: ";"' },
    gzip: { content: zlib.gzipSync('k,v\n1,2\n') },
    bom: { content: '\ufeffid,name\n1,a\n' },
    quotedHeader: { content: '"first name","a,b"\n1,2\n' },
    headerOnly: { content: 'p,q\n' },
  };

  it.each<BackendName>(['duckdb', 'danfo'])('names the columns as the %s backend reads them', async (backend) => {
    const b = await createBackend(backend, { dataRoot: root.dir });
    try {
      for (const [name, { content, options }] of Object.entries(FILES)) {
        const file = name === 'gzip' ? `${name}.csv.gz` : `${name}.csv`;
        root.write(file, content);
        const opts = options === undefined ? '' : `, options: {${options}}`;
        const yaml = `version: "3.0"\npipeline:\n  assets:\n    - {asset_ref: raw, source: {input: {format: csv, path: ${file}${opts}}}}\n    - {asset_ref: out, source: {output: {from: raw, format: csv, path: o.csv}}}\n`;
        const valid = validatePipeline(yaml);
        if (!valid.ok) throw new Error(valid.error.message);
        const looked = await knownInputColumns(valid.pipeline, { dataRoot: root.dir, backend });
        const input = valid.pipeline.assets[0]?.source as never;
        const read = await b.readInput('raw', input);
        expect([name, looked.get('raw')?.map((c) => c.name)]).toEqual([name, read.columns.map((c) => c.name)]);
        await b.release(read.id);
      }
    } finally {
      await b.close();
    }
  });

  it('reads no more than the head of a large file, and a header past it is not known', async () => {
    const wide = `${Array.from({ length: 20_000 }, (_, i) => `column_${i}`).join(',')}\n1\n`;
    root.write('wide.csv', wide);
    const yaml = doc('{asset_ref: raw, source: {input: {format: csv, path: wide.csv}}}', AVG('salry'));
    const valid = validatePipeline(yaml);
    if (!valid.ok) throw new Error(valid.error.message);
    expect((await knownInputColumns(valid.pipeline, { dataRoot: root.dir })).size).toBe(0);
    expect(fs.statSync(`${root.dir}/wide.csv`).size).toBeGreaterThan(64 * 1024);
  });
});

describe('the look at a CSV head, remembered', () => {
  it('does not open a settled file again while it is unchanged, and looks again once it changed', async () => {
    const file = root.write('settled.csv', 'salary,department\n1,x\n');
    // A file is remembered once it has been left alone for SETTLED_MS (its change time cannot be set back).
    await new Promise((resolve) => setTimeout(resolve, SETTLED_MS + 100));
    const yaml = doc('{asset_ref: raw, source: {input: {format: csv, path: settled.csv}}}', AVG('salry'));
    const valid = validatePipeline(yaml);
    if (!valid.ok) throw new Error(valid.error.message);
    const open = jest.spyOn(fs.promises, 'open');
    try {
      expect((await knownInputColumns(valid.pipeline, { dataRoot: root.dir })).get('raw')?.map((c) => c.name)).toEqual(['salary', 'department']);
      expect((await knownInputColumns(valid.pipeline, { dataRoot: root.dir })).get('raw')?.map((c) => c.name)).toEqual(['salary', 'department']);
      expect(open).toHaveBeenCalledTimes(1);
      fs.writeFileSync(file, 'pay,department\n1,x\n');
      expect((await knownInputColumns(valid.pipeline, { dataRoot: root.dir })).get('raw')?.map((c) => c.name)).toEqual(['pay', 'department']);
      expect(open).toHaveBeenCalledTimes(2);
    } finally {
      open.mockRestore();
    }
  });

  it('answers a settled, unchanged input from a stat of its path: the path is not resolved again', async () => {
    root.write('named.csv', 'salary,department\n1,x\n');
    await new Promise((resolve) => setTimeout(resolve, SETTLED_MS + 100));
    const valid = validatePipeline(doc('{asset_ref: raw, source: {input: {format: csv, path: named.csv}}}', AVG('salry')));
    if (!valid.ok) throw new Error(valid.error.message);
    const columns = async () => (await knownInputColumns(valid.pipeline, { dataRoot: root.dir })).get('raw')?.map((c) => c.name);
    expect(await columns()).toEqual(['salary', 'department']);
    // The module's own fs bindings cannot be spied on; realpathSync.native is a property of the shared function.
    const realpath = jest.spyOn(fs.realpathSync, 'native');
    try {
      expect(await columns()).toEqual(['salary', 'department']);
      expect(realpath).not.toHaveBeenCalled();
    } finally {
      realpath.mockRestore();
    }
  });

  it('resolves a remembered path again once it leads elsewhere: a link out of the data root is not looked through', async () => {
    root.write('moved.csv', 'salary,department\n1,x\n');
    const outside = makeTempRoot();
    try {
      outside.write('secret.csv', 'pay,department\n1,x\n');
      await new Promise((resolve) => setTimeout(resolve, SETTLED_MS + 100));
      const valid = validatePipeline(doc('{asset_ref: raw, source: {input: {format: csv, path: moved.csv}}}', AVG('salry')));
      if (!valid.ok) throw new Error(valid.error.message);
      const looked = async () => (await knownInputColumns(valid.pipeline, { dataRoot: root.dir })).get('raw')?.map((c) => c.name);
      expect(await looked()).toEqual(['salary', 'department']);
      fs.rmSync(`${root.dir}/moved.csv`);
      fs.symlinkSync(`${outside.dir}/secret.csv`, `${root.dir}/moved.csv`);
      expect(await looked()).toBeUndefined();
    } finally {
      outside.cleanup();
    }
  });
});
