/**
 * The JSON nesting bound (MAX_JSON_DEPTH, 1,000 levels) on DuckDB: every JSON and variant function
 * fails the job naming itself for a value nested deeper, before DuckDB's parsers see it
 * (schema_of_variant over 100,000 nested arrays SIGSEGV'd the process); values at the bound, wide
 * shallow values and brackets inside strings pass.
 */
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { shapedPipeline } from '../__fixtures__/shaped-pipeline';
import { executePlan } from '../index';

const objects = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const arrays = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const csvField = (text: string): string => `"${text.replaceAll('"', '""')}"`;

describe('JSON nesting bound on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => (root = makeTempRoot()));
  afterEach(() => root.cleanup());
  const run = (doc: string, columns: readonly string[]) => {
    root.write('docs.csv', `id,doc\n1,${csvField(doc)}\n`);
    return executePlan(plan(shapedPipeline(columns, { input: { asset: 'docs', path: 'docs.csv', format: 'csv' } })), { dataRoot: root.dir, backend: 'duckdb' });
  };

  it.each([
    ['from_json', "from_json(doc, 'struct<a:long>') AS v"],
    ['get_json_object', "get_json_object(doc, '$.a') AS v"],
    ['parse_json', 'parse_json(doc) AS v'],
    ['json_tuple', "json_tuple(doc, 'a')"],
  ])('%s fails the job with E_VALUE naming it for 1,001 levels, runs at 1,000', async (name, column) => {
    await expect(run(objects(1001), ['id', column])).rejects.toMatchObject({
      code: 'E_VALUE',
      message: `asset "shaped": columns: ${name} reads JSON nested at most 1000 levels deep; a value is nested deeper`,
    });
    await run(objects(1000), ['id', column]);
    expect(root.read('out.csv').startsWith('id,')).toBe(true);
  });

  it('schema_of_variant over 100,000 nested arrays fails the job instead of the process', async () => {
    await expect(run(arrays(100_000), ['schema_of_variant(parse_json(doc)) AS s'])).rejects.toMatchObject({
      code: 'E_VALUE',
      message: expect.stringContaining('parse_json reads JSON nested at most 1000 levels deep'),
    });
  });

  it('counts levels, not brackets: wide arrays, brackets in strings and mixed nesting at the bound pass', async () => {
    const wide = `[${'[1,{"b":[2]}],'.repeat(20_000)}[]]`;
    await run(wide, ["size(from_json(doc, 'array<array<long>>')) AS n"]);
    expect(root.read('out.csv')).toBe('n\n20001\n');
    const inString = `["${'['.repeat(5000)}\\"{{{", ${arrays(998)}]`;
    await run(inString, ["length(get_json_object(doc, '$[0]')) AS n"]);
    expect(root.read('out.csv')).toBe('n\n5004\n');
    const mixed = `${'{"a":['.repeat(500)}1${']}'.repeat(500)}`;
    await run(mixed, ["length(schema_of_variant(parse_json(doc))) AS n"]);
    expect(root.read('out.csv')).toBe(`n\n${'struct<a:array<'.length * 500 + 'long'.length + 2 * 500}\n`);
    await expect(run(`[${mixed}]`, ['schema_of_variant(parse_json(doc)) AS s'])).rejects.toMatchObject({ code: 'E_VALUE' });
    // Not only objects: json_tuple of a deep array fails as well (it would be NULL).
    await expect(run(arrays(1001), ["json_tuple(doc, 'a')"])).rejects.toMatchObject({ code: 'E_VALUE', message: expect.stringContaining('json_tuple reads JSON') });
  });

  it('refuses a written schema_of_json literal nested deeper when the expression is bound', async () => {
    await expect(run('[]', [`schema_of_json('${arrays(1001)}') AS s`])).rejects.toMatchObject({
      code: 'E_TYPE',
      message: expect.stringContaining('schema_of_json reads JSON nested at most 1000 levels deep'),
    });
  });

  it('leaves text that is not JSON to the function (NULL), however many brackets it opens', async () => {
    await run('['.repeat(50_000), ["from_json(doc, 'array<long>') IS NULL AS gone"]);
    expect(root.read('out.csv')).toBe('gone\ntrue\n');
  });

  it('refuses a deep text in the parse kind, naming it', async () => {
    root.write('docs.csv', `id,doc\n1,${csvField(objects(5000))}\n`);
    const text = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: docs',
      '      source: { input: { format: csv, path: docs.csv } }',
      '    - asset_ref: parsed',
      '      source: { parse: { from: docs, column: doc, format: json, schema: [{ name: a, dataType: string }] } }',
      '    - asset_ref: out',
      '      source: { output: { from: parsed, format: csv, path: out.csv, mode: overwrite } }',
    ].join('\n');
    await expect(executePlan(plan(text), { dataRoot: root.dir, backend: 'duckdb' })).rejects.toMatchObject({
      code: 'E_VALUE',
      message: expect.stringContaining('parse reads JSON nested at most 1000 levels deep'),
    });
  });
});
