/**
 * Generators (spec 9.13.7 explode, explode_outer, posexplode; 9.13.10 json_tuple) on DuckDB: one
 * select entry (or addColumns expression) becomes the rows it yields, in input order, then
 * element order; their columns are named and typed by the binder; danfo refuses them (V-014).
 */
import { parseExpression, type Expr } from '@pipeline/definition';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { shapedPipeline } from '../__fixtures__/shaped-pipeline';
import { bindAddColumns, bindSelect } from '@pipeline/engine-core';
import { jsonDepthGuard, addColumnsSql, selectSql } from '@pipeline/engine-duckdb';
import { executePlan } from '../index';

const EVENTS = [
  '{"id": 1, "tags": ["a", "b"], "scores": [3, 4, 5], "doc": "{\\"name\\": \\"x\\\\\\"y\\", \\"n\\": 1.50, \\"big\\": 1e3, \\"obj\\": {\\"k\\": [1, 2]}, \\"nil\\": null, \\"ok\\": true}"}',
  '{"id": 2, "tags": [], "scores": null, "doc": "{bad"}',
  '{"id": 3, "tags": ["c", null], "scores": [10], "doc": "[1, 2]"}',
  '{"id": 4, "tags": null, "scores": [7, 7], "doc": null}',
  '{"id": 5, "tags": ["d"], "scores": [], "doc": "{\\"a/b\\": 1, \\"~t\\": 2, \\"\\": 3, \\"name\\": \\"first\\", \\"name\\": \\"second\\"}"}',
].join('\n');

const steps = (kind: 'select' | 'addColumns', entries: readonly string[], output = 'out.csv', format = 'csv'): string =>
  shapedPipeline(entries, { kind, output: { path: output, format } });

describe('generators on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('events.json', EVENTS);
  });
  afterEach(() => root.cleanup());
  const run = (text: string, backend: 'duckdb' | 'danfo' = 'duckdb') => executePlan(plan(text), { dataRoot: root.dir, backend });
  const select = async (...entries: string[]): Promise<string> => {
    await run(steps('select', entries));
    return root.read('out.csv');
  };

  it('explode gives one row per element in column col, in input then element order; a NULL or empty array gives none', async () => {
    expect(await select('id', 'explode(tags)')).toBe('id,col\n1,a\n1,b\n3,c\n3,\n5,d\n');
    expect(await select('explode(scores) AS score', 'id * 10 AS tenfold')).toBe('score,tenfold\n3,10\n4,10\n5,10\n10,30\n7,40\n7,40\n');
  });

  it('explode_outer keeps a NULL or empty array as one row whose col is NULL', async () => {
    expect(await select('id', 'explode_outer(tags) AS tag')).toBe('id,tag\n1,a\n1,b\n2,\n3,c\n3,\n4,\n5,d\n');
  });

  it('posexplode adds the 0-based position before col; AS (p, v) names both', async () => {
    expect(await select('id', 'posexplode(scores)')).toBe('id,pos,col\n1,0,3\n1,1,4\n1,2,5\n3,0,10\n4,0,7\n4,1,7\n');
    expect(await select('posexplode(tags) AS (i, `the tag`)', 'id')).toBe('i,the tag,id\n0,a,1\n1,b,1\n0,c,3\n1,,3\n0,d,5\n');
  });

  it('explodes a map into key and value, in entry order (posexplode: pos, key, value)', async () => {
    // NULL for id 2: the value of a missing key.
    const m = "element_at(map('k', map('x', id, 'y', id * 10)), CASE WHEN id = 2 THEN 'none' ELSE 'k' END)";
    expect(await select('id', `explode(${m})`)).toBe('id,key,value\n1,x,1\n1,y,10\n3,x,3\n3,y,30\n4,x,4\n4,y,40\n5,x,5\n5,y,50\n');
    expect(await select(`posexplode(${m}) AS (p, k, v)`, 'id')).toMatch(/^p,k,v,id\n0,x,1,1\n1,y,10,1\n0,x,3,3\n/);
    expect(await select('id', `explode_outer(${m}) AS (k, v)`)).toMatch(/^id,k,v\n1,x,1\n1,y,10\n2,,\n3,x,3\n/);
  });

  it('json_tuple gives text columns c0, c1, ...: texts unquoted, others compact JSON; NULL when missing, JSON null, invalid or no object', async () => {
    expect(await select('id', "json_tuple(doc, 'name', 'n', 'big', 'obj', 'nil', 'ok', 'missing')")).toBe(
      ['id,c0,c1,c2,c3,c4,c5,c6', '1,"x""y",1.5,1000.0,"{""k"":[1,2]}",,true,', '2,,,,,,,', '3,,,,,,,', '4,,,,,,,', '5,first,,,,,,', ''].join('\n'),
    );
    // Keys are matched whole ('/' and '~' are no path syntax); a repeated key reads its first value.
    expect(await select("json_tuple(doc, 'a/b', '~t', '', 'name') AS (slash, tilde, empty, name)")).toBe('slash,tilde,empty,name\n,,,"x""y"\n,,,\n,,,\n,,,\n1,2,3,first\n');
  });

  it('types the generated columns (JSON output keeps them)', async () => {
    await run(steps('select', ['id', 'posexplode(scores) AS (p, s)'], 'out.json', 'json'));
    expect(root.read('out.json').split('\n')[0]).toBe('{"id":1,"p":0,"s":3}');
    const columns = (entries: string[]) =>
      bindSelect('s', { kind: 'select', from: 'events', columns: entries.map((e) => parseExpression(e)) as Expr[] }, [
        {
          asset: 'events',
          columns: [
            { name: 'id', type: 'long' },
            { name: 'tags', type: 'array<string>' },
            { name: 'm', type: 'map<string,array<double>>' },
            { name: 'doc', type: 'string' },
            { name: '__gen_0', type: 'long' },
          ],
        },
      ]).columns.map((c) => `${c.name}:${c.type}`);
    expect(columns(['explode(tags)', '__gen_0'])).toEqual(['col:string', '__gen_0:long']);
    expect(columns(['posexplode(m)'])).toEqual(['pos:integer', 'key:string', 'value:array<double>']);
    expect(columns(['explode_outer(array(1, 2.5)) AS x'])).toEqual(['x:double']);
    expect(columns(["json_tuple(doc, 'a', 'b') AS (a, b)", 'id'])).toEqual(['a:string', 'b:string', 'id:long']);
  });

  it('keeps input order, then element order, over many rows', async () => {
    root.write('many.json', Array.from({ length: 3000 }, (_, i) => JSON.stringify({ id: i, xs: [i, -i] })).join('\n'));
    await run(steps('select', ['id', 'posexplode(xs) AS (p, x)']).replace('path: events.json', 'path: many.json'));
    const expected = ['id,p,x', ...Array.from({ length: 3000 }, (_, i) => [`${i},0,${i}`, `${i},1,${-i}`]).flat(), ''].join('\n');
    expect(root.read('out.csv')).toBe(expected);
  });

  it('runs a generator in addColumns: its one column appended or replacing in place, each step repeating the rows before it', async () => {
    root.write('events.json', ['{"id": 1, "xs": [1, 2], "ys": ["a", "b"]}', '{"id": 2, "xs": [], "ys": ["c"]}', '{"id": 3, "xs": [3], "ys": null}'].join('\n'));
    await run(steps('addColumns', ['{ name: xs, expression: "explode(xs)" }', '{ name: y, expression: "explode_outer(ys)" }', '{ name: n, expression: "xs * 10 + id" }']));
    expect(root.read('out.csv')).toBe('id,xs,ys,y,n\n1,1,"[a, b]",a,11\n1,1,"[a, b]",b,11\n1,2,"[a, b]",a,21\n1,2,"[a, b]",b,21\n3,3,,,33\n');
    root.write('events.json', '{"id": 1, "doc": "{\\"k\\": [1]}"}\n{"id": 2, "doc": "{\\"k\\": \\"v\\"}"}\n');
    await run(steps('addColumns', ["{ name: doc, expression: \"json_tuple(doc, 'k')\" }", '{ name: k, expression: "doc || \'!\'" }']));
    expect(root.read('out.csv')).toBe('id,doc,k\n1,[1],[1]!\n2,v,v!\n');
  });

  it('refuses wrong argument types and wrong alias counts (E_TYPE naming the asset and field)', async () => {
    await expect(select('explode(id)')).rejects.toThrow('asset "shaped": E-EXPR-001: columns: explode needs an array or a map, got long: explode(id)');
    await expect(select("posexplode(tags) AS x")).rejects.toThrow('asset "shaped": E-EXPR-001: columns: posexplode of array<string> yields 2 columns (pos, col), 1 named: give 2 names with AS (pos, col)');
    await expect(select('explode(tags) AS (a, b)')).rejects.toThrow('explode of array<string> yields 1 column (col), 2 named: give one name');
    await expect(select("json_tuple(doc, id)")).rejects.toThrow("json_tuple needs each key as a text literal ('name'), got argument 2 of type long");
    await expect(select("json_tuple(id, 'a')")).rejects.toThrow('json_tuple needs JSON text as its first argument, got long');
    await expect(run(steps('addColumns', ['{ name: kv, expression: "explode(map(\'a\', id))" }']))).rejects.toThrow(
      'asset "shaped": E-EXPR-001: columns[0].expression: explode of map<string,long> yields 2 columns (key, value), and an addColumns entry adds one: use a select',
    );
  });

  it('refuses a misplaced generator at validation (V-009)', () => {
    expect(() => plan(steps('select', ['id', 'explode(tags)', 'posexplode(scores)']))).toThrow(
      'V-009: asset "shaped": columns[2]: a select may hold one generator function: "posexplode" follows "explode" of entry 2 (explode in a later step) at column 1',
    );
    expect(() => plan(steps('select', ['upper(explode(tags))']))).toThrow(
      'asset "shaped": columns[0]: generator function "explode" yields rows: it is only allowed as a whole select or addColumns entry, not inside another expression at column 7',
    );
    expect(() => plan(steps('select', ['explode(tags)', 'row_number() OVER (ORDER BY id) AS r']))).toThrow(
      'columns[1]: a window expression cannot share a step with generator function "explode" (compute it in another step) at column 1',
    );
  });

  it('is refused on danfo with V-014', async () => {
    await expect(run(steps('select', ["json_tuple(doc, 'a')"]), 'danfo')).rejects.toThrow('function "json_tuple" is not supported by backend "danfo"');
  });
});

describe('generator SQL (golden)', () => {
  const upstream = [{ asset: 'raw', columns: [{ name: 'id', type: 'long' }, { name: 'xs', type: 'array<long>' }, { name: 'm', type: 'map<string,long>' }, { name: '__seq', type: 'string' }, { name: 'j', type: 'string' }] }];
  const selected = (...entries: string[]) => bindSelect('s', { kind: 'select', from: 'raw', columns: entries.map((e) => parseExpression(e)) }, upstream);

  it('numbers the input rows, joins a series per row and sorts by both, unless the order is unobserved', () => {
    const bound = selected('id', 'posexplode(m) AS (p, k, v)');
    const series =
      'SELECT "id" AS "id", "__gen_0" AS "p", "__gen_1" AS "k", "__gen_2" AS "v" FROM (SELECT t.*, g."__gen_index", CAST(g."__gen_index" - 1 AS INTEGER) AS "__gen_0", ' +
      'list_extract(map_keys(t."__gen_value"), g."__gen_index") AS "__gen_1", list_extract(map_values(t."__gen_value"), g."__gen_index") AS "__gen_2" ' +
      'FROM (SELECT *, "m" AS "__gen_value", row_number() OVER () AS "__seq_1" FROM "v") AS t CROSS JOIN LATERAL (SELECT unnest(generate_series(1, CAST(cardinality(t."__gen_value") AS BIGINT))) AS "__gen_index") AS g)';
    expect(selectSql.sql(bound, ['"v"'])).toBe(`${series} ORDER BY "__seq_1", "__gen_index"`);
    expect(selectSql.sql(bound, ['"v"'], { ordered: false })).toBe(series);
  });

  it('keeps one row per NULL or empty array for explode_outer', () => {
    expect(selectSql.sql(selected('explode_outer(xs)'), ['"v"'])).toContain('generate_series(1, CASE WHEN len(t."__gen_value") > 0 THEN len(t."__gen_value") ELSE 1 END)');
  });

  it('parses json_tuple text once, escaping keys as pointers and literals, with no series', () => {
    expect(selectSql.sql(selected("json_tuple(j, 'a/b', 'it''s~')"), ['"v"'])).toBe(
      'SELECT "__gen_0" AS "c0", "__gen_1" AS "c1" FROM (SELECT t.*, list_extract(t."__gen_value", 1) AS "__gen_0", list_extract(t."__gen_value", 2) AS "__gen_1" ' +
        `FROM (SELECT * REPLACE (CASE WHEN json_valid("__gen_value") THEN CASE WHEN json_type(${jsonDepthGuard('"__gen_value"', 'json_tuple')}) = 'OBJECT' THEN json_extract_string("__gen_value", ['/a~1b', '/it''s~0']) END END AS "__gen_value") ` +
        'FROM (SELECT *, "j" AS "__gen_value" FROM "v")) AS t)',
    );
  });

  it('carries the row number and each series position through addColumns steps, sorting at the end', () => {
    const definitions = [
      { name: 'x', expression: parseExpression('explode(xs)') },
      { name: 'y', expression: parseExpression('x + 1') },
    ];
    const bound = bindAddColumns('s', { kind: 'add_columns', from: 'raw', columns: definitions }, upstream);
    expect(bound.columns.map((c) => `${c.name}:${c.type}`)).toEqual(['id:long', 'xs:array<long>', 'm:map<string,long>', '__seq:string', 'j:string', 'x:long', 'y:long']);
    expect(addColumnsSql.sql(bound, ['"v"'])).toBe(
      'SELECT * EXCLUDE ("__seq_1", "__gen0_index") FROM (SELECT "id", "xs", "m", "__seq", "j", "x", ("x" + 1) AS "y", "__seq_1", "__gen0_index" FROM ' +
        '(SELECT "id", "xs", "m", "__seq", "j", "__gen0" AS "x", "__seq_1", "__gen0_index" FROM (SELECT t.*, g."__gen0_index", list_extract(t."__gen0_value", g."__gen0_index") AS "__gen0" ' +
        'FROM (SELECT *, "xs" AS "__gen0_value", row_number() OVER () AS "__seq_1" FROM "v") AS t CROSS JOIN LATERAL (SELECT unnest(generate_series(1, len(t."__gen0_value"))) AS "__gen0_index") AS g))) ' +
        'ORDER BY "__seq_1", "__gen0_index"',
    );
  });
});
