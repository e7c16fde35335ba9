/**
 * Golden SQL: the statement the DuckDB backend generates for every transformation kind, from
 * sources read by the real validator, pinned in `__snapshots__`. A change of generated SQL shows
 * up as a reviewed diff of that file. User text (names, literals) only reaches DuckDB quoted: the
 * last tests run hostile names and literals against a real database.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { KIND_NAMES, type SourceKind, sourceUpstream, type TransformationSource } from '@pipeline/definition';
import { validatePipeline } from '@pipeline/validation';
import { type Column, bindSource, probeOf } from '@pipeline/engine-core';
import { DUCKDB_KINDS } from './index';
import type { DuckDbKind } from './duckdb-kind';

const EMP: Column[] = [
  { name: 'id', type: 'long' },
  { name: 'name', type: 'string' },
  { name: 'dept', type: 'string' },
  { name: 'salary', type: 'double' },
  { name: 'active', type: 'boolean' },
  { name: 'hired', type: 'date' },
];
const DEPT: Column[] = [
  { name: 'dept', type: 'string' },
  { name: 'region', type: 'string' },
];
/** The answer to a probe: two values (or rows) of one column. */
const PROBED = [['eng'], ["o'ps"]];
/** A dimension an earlier scd2 run wrote; valid_to held only NULLs, so it reads back as text. */
const DIM: Column[] = [
  { name: 'dept', type: 'string' },
  { name: 'region', type: 'string' },
  { name: 'valid_from', type: 'timestamp' },
  { name: 'valid_to', type: 'string' },
  { name: 'is_current', type: 'boolean' },
];
/** Nested columns (spec 10.1) for flatten, text to parse. */
const NESTED: Column[] = [
  { name: 'id', type: 'long' },
  { name: 'who', type: 'struct<name:string,`home town`:struct<city:string>>' },
  { name: 'orders', type: 'array<struct<sku:string,n:integer>>' },
  { name: 'payload', type: 'string' },
];
const INPUTS: Record<string, Column[]> = { emp: EMP, other: EMP, dept: DEPT, dim: DIM, nested: NESTED };

/** One source per case, in the asset shape's flow style, reading `emp`, `other` or `dept`. */
const CASES: Record<string, string> = {
  where: '{ where: { from: emp, filter: "salary > 100 AND name LIKE \'A%\'" } }',
  select: '{ select: { from: emp, columns: ["*", "upper(name) AS n", "hired + INTERVAL 1 MONTH AS later"] } }',
  group_by: '{ group: { from: emp, by: [dept], agg: ["count(*) AS n", "sum(salary) AS total", "percentile(salary, 0.5) AS med"] } }',
  order_by: '{ orderBy: { from: emp, columns: [ { column: salary, direction: desc, nulls: first }, name ] } }',
  join: '{ join: { left: emp, right: [ { name: dept, type: left, on: ["emp.dept = dept.dept"] } ] } }',
  union: '{ union: { sources: [emp, other], all: false, byName: true } }',
  intersect: '{ intersect: { sources: [emp, other], all: true } }',
  except: '{ except: { left: emp, right: other } }',
  distinct: '{ distinct: { from: emp, columns: [dept] } }',
  limit: '{ limit: { from: emp, count: 10 } }',
  add_columns: '{ addColumns: { from: emp, columns: [ { name: bonus, expression: "salary * 0.1" }, { name: name, expression: "lower(name)" } ] } }',
  drop_columns: '{ dropColumns: { from: emp, columns: [hired] } }',
  rename_columns: '{ renameColumns: { from: emp, mappings: { name: who } } }',
  cast_columns: '{ castColumns: { from: emp, columns: [ { name: salary, targetType: integer }, { name: hired, targetType: string } ] } }',
  sample: '{ sample: { from: emp, fraction: 0.5, seed: 42 } }',
  conditional: '{ conditional: { from: emp, outputColumn: band, branches: [ { condition: "salary > 100", value: "\'high\'" } ], otherwise: "\'low\'" } }',
  split: '{ split: { from: emp, condition: "active", pass: yes, fail: no } }',
  repartition: '{ repartition: { from: emp, numPartitions: 4 } }',
  coalesce: '{ coalesce: { from: emp, numPartitions: 1 } }',
  offset: '{ offset: { from: emp, count: 3 } }',
  tail: '{ tail: { from: emp, count: 3 } }',
  fill_na: '{ fillNa: { from: emp, values: { name: unknown, salary: 0 } } }',
  drop_na: '{ dropNa: { from: emp, columns: [name, salary], how: all } }',
  replace: '{ replace: { from: emp, columns: [dept], mappings: [ { old: eng, new: engineering } ] } }',
  hint: '{ hint: { from: emp, hints: [ { name: broadcast } ] } }',
  window:
    '{ window: { from: emp, partitionBy: [dept], orderBy: [ { column: salary, direction: desc } ], functions: [ { expression: "row_number()", alias: n }, { expression: "sum(salary)", alias: running }, { expression: "first_value(name)", alias: top } ] } }',
  rollup: '{ rollup: { from: emp, by: [dept, active], agg: ["sum(salary) AS total", "grouping(active) AS ga"] } }',
  cube: '{ cube: { from: emp, by: [dept, active], agg: ["count(*) AS n"] } }',
  grouping_sets: '{ groupingSets: { from: emp, sets: [[dept, active], [dept], [], [dept]], agg: ["count(*) AS n"] } }',
  unpivot: '{ unpivot: { from: emp, ids: [name], values: [salary, id], variableColumn: k, valueColumn: v } }',
  pivot: '{ pivot: { from: emp, groupBy: [dept], pivotColumn: active, values: ["true", "false"], agg: ["sum(salary) AS total", "count(*) AS n"] } }',
  crosstab: '{ crosstab: { from: emp, col1: active, col2: dept } }',
  describe: '{ describe: { from: emp, statistics: [count, mean, "50%"] } }',
  schema_enforce: '{ schemaEnforce: { from: emp, mode: evolve, columns: [ { name: salary, dataType: integer, nullable: false }, { name: bonus, dataType: double, default: "salary * 0.1" } ] } }',
  assertion: '{ assertion: { from: emp, checks: [ { column: id, rule: unique }, { rule: "salary > 0" } ], onFailure: drop } }',
  transpose: '{ transpose: { from: dept, indexColumns: [dept] } }',
  flatten: "{ flatten: { from: nested, separator: '.', explodeArrays: true } }",
  parse: '{ parse: { from: nested, column: payload, format: json, schema: [{ name: event, dataType: string }, { name: "it\'s", dataType: "map<string, array<int>>" }] } }',
  merge: '{ merge: { target: emp, source: other, on: ["emp.id = other.id"], whenMatched: [ { action: update, condition: "emp.salary < other.salary", set: { salary: "other.salary" } }, { action: delete } ], whenNotMatched: [ { action: insert, star: true } ], whenNotMatchedBySource: [ { action: update, set: { active: "false" } } ] } }',
  as_of_join: '{ asOfJoin: { left: emp, right: other, leftAsOf: hired, rightAsOf: hired, on: ["emp.dept = other.dept"], direction: nearest, tolerance: "INTERVAL 30 DAYS" } }',
  lateral_join: '{ lateralJoin: { left: emp, right: dept, type: left, on: ["emp.dept = dept.dept"] } }',
  scd2: '{ scd2: { current: dim, incoming: dept, keyColumns: [dept], trackColumns: [region], startDateColumn: valid_from, endDateColumn: valid_to, currentFlagColumn: is_current } }',
};

/** Reads `source` through the validator (as a document would be) and returns the typed source. */
function typedSource(source: string): TransformationSource {
  const yaml = [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    ...Object.keys(INPUTS).flatMap((n) => [`    - asset_ref: ${n}`, `      source: { input: { format: csv, path: ${n}.csv } }`]),
    '    - asset_ref: step',
    `      source: ${source}`,
    '    - asset_ref: out',
    '      source: { output: { from: emp, format: csv, path: out.csv } }',
  ].join('\n');
  const result = validatePipeline(yaml);
  if (!result.ok) throw new Error(result.error.message);
  const step = result.pipeline.assets.find((a) => a.ref === 'step');
  return step?.source as TransformationSource;
}

function sqlOf(source: TransformationSource): string {
  const reads = sourceUpstream(source);
  const upstream = reads.map((asset) => ({ asset, columns: INPUTS[asset] as Column[] }));
  const kind = DUCKDB_KINDS[source.kind] as DuckDbKind<typeof source.kind>;
  // A kind that reads its upstream first (pivot without values, crosstab, transpose) gets a fixed answer.
  const probed = probeOf('step', source, upstream) === undefined ? undefined : PROBED;
  return kind.sql(bindSource('step', source, upstream, probed) as never, reads.map((r) => `"${r}"`));
}

describe('golden DuckDB SQL per kind', () => {
  it('has a case for every transformation kind', () => {
    const transformations = KIND_NAMES.filter((k: SourceKind) => k !== 'input' && k !== 'output');
    expect(Object.keys(CASES).sort()).toEqual([...transformations].sort());
  });

  it.each(Object.entries(CASES))('%s', (_kind, source) => {
    expect(sqlOf(typedSource(source))).toMatchSnapshot();
  });
});

describe('user text reaches DuckDB only quoted', () => {
  const HOSTILE_NAME = 'x"; DROP TABLE victim; --';
  const HOSTILE_TEXT = "'); DROP TABLE victim; --";

  it('quotes identifiers and literals, doubling the quote characters', () => {
    const source = typedSource(
      `{ addColumns: { from: emp, columns: [ { name: '${HOSTILE_NAME}', expression: "concat(name, '${HOSTILE_TEXT.replace(/'/g, "''")}')" } ] } }`,
    );
    const sql = sqlOf(source);
    expect(sql).toContain('"x""; DROP TABLE victim; --"');
    expect(sql).toContain("'''); DROP TABLE victim; --'");
  });

  it('runs hostile names and literals as data on a real database', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      await conn.run('CREATE TABLE victim (v INTEGER)');
      await conn.run(`CREATE TABLE emp AS SELECT 1::BIGINT AS id, 'ann' AS name, 'eng' AS dept, 1.5::DOUBLE AS salary, true AS active, DATE '2020-01-01' AS hired`);
      const cases = [
        `{ addColumns: { from: emp, columns: [ { name: '${HOSTILE_NAME}', expression: "concat(name, '${HOSTILE_TEXT.replace(/'/g, "''")}')" } ] } }`,
        `{ replace: { from: emp, columns: [name], mappings: [ { old: ann, new: "${HOSTILE_TEXT}" } ] } }`,
        `{ fillNa: { from: emp, values: { name: "${HOSTILE_TEXT}" } } }`,
        `{ renameColumns: { from: emp, mappings: { name: '${HOSTILE_NAME}' } } }`,
        `{ conditional: { from: emp, outputColumn: '${HOSTILE_NAME}', branches: [ { condition: "active", value: "'${HOSTILE_TEXT.replace(/'/g, "''")}'" } ] } }`,
      ];
      for (const text of cases) {
        const rows = (await conn.runAndReadAll(sqlOf(typedSource(text)))).getRowsJson();
        expect(rows).toHaveLength(1);
        expect(JSON.stringify(rows)).toMatch(/DROP TABLE victim|ann/);
      }
      expect((await conn.runAndReadAll('SELECT count(*) FROM victim')).getRowsJson()).toEqual([['0']]);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});

describe('kinds that keep their column types', () => {
  /** The flag's claim, checked on a real database: DuckDB describes the SQL as the upstream's columns. */
  it('describe as exactly their upstream columns, so the backend may skip describing them', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      await conn.run(`CREATE TABLE emp (id BIGINT, name VARCHAR, dept VARCHAR, salary DOUBLE, active BOOLEAN, hired DATE)`);
      const describe = async (sql: string) => (await conn.runAndReadAll(`DESCRIBE ${sql}`)).getRowsJson().map((r) => [r[0], r[1]]);
      const upstream = await describe('SELECT * FROM emp');
      const cases = { ...CASES, select_columns: '{ select: { from: emp, columns: [dept, id] } }' };
      const checked: string[] = [];
      for (const [name, text] of Object.entries(cases)) {
        const source = typedSource(text);
        const bound = bindSource('step', source, sourceUpstream(source).map((asset) => ({ asset, columns: INPUTS[asset] as Column[] })));
        const kind = DUCKDB_KINDS[source.kind] as DuckDbKind<typeof source.kind>;
        if (kind.keepsColumnTypes?.(bound as never) !== true) continue;
        checked.push(name);
        const picked = bound.columns.map((c) => upstream.find(([n]) => n === c.name));
        expect([name, await describe(sqlOf(source))]).toEqual([name, picked]);
      }
      expect(checked.sort()).toEqual(['coalesce', 'distinct', 'hint', 'limit', 'offset', 'order_by', 'repartition', 'sample', 'select_columns', 'split', 'tail', 'where']);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });

  it('a select computing a column is described', () => {
    const source = typedSource(CASES.select);
    const bound = bindSource('step', source, [{ asset: 'emp', columns: EMP }]);
    expect((DUCKDB_KINDS.select as DuckDbKind<'select'>).keepsColumnTypes?.(bound as never)).toBe(false);
  });
});
