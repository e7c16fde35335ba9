/**
 * The kind parity cases: the files every backend reads and one pipeline step per case, compared
 * cell by cell between backends (parity/kind-parity.spec.ts for DuckDB and danfo,
 * spark/kind-parity.spark.spec.ts for Spark).
 */
import type { SourceKind } from '@pipeline/definition';

export const EMP = [
  'id,name,dept,salary,active,hired,seen,mixed',
  '1,Ann,eng,120.5,true,2020-01-02,2020-01-02 10:00:00,1',
  '2,Bob,ops,,false,2019-05-06,,x',
  '3,,eng,95,true,,2021-03-04 05:06:07,2.5',
  '1,Ann,eng,120.5,true,2020-01-02,2020-01-02 10:00:00,1',
  '4,Di,,70,,2022-12-31,2022-12-31 23:59:59,',
  '5,Ed,ops,-3.25,false,2018-07-08,2018-07-08 00:00:00,true',
  '6,Flo,hr,95,true,2018-07-08,2019-01-01 00:00:00,-7',
  '',
].join('\n');
export const OTHER = [
  'id,name,dept,salary,active,hired,seen,mixed',
  '1,Ann,eng,120.5,true,2020-01-02,2020-01-02 10:00:00,1',
  '7,Gus,ops,80,false,2017-02-03,2017-02-03 04:05:06,y',
  '7,Gus,ops,80,false,2017-02-03,2017-02-03 04:05:06,y',
  '',
].join('\n');
export const DEPT = ['dept,region,budget', 'eng,EU,10', 'ops,US,', 'hr,,5', 'eng,APAC,3', ''].join('\n');
/** A dimension written by an earlier scd2 run, keyed by dept and region (NULL a value of the key). */
export const DIM = [
  'dept,region,budget,valid_from,valid_to,is_current',
  'eng,EU,10,2024-01-01 00:00:00,,true',
  'ops,US,7,2024-01-01 00:00:00,,true',
  'hr,,5,2023-01-01 00:00:00,2024-01-01 00:00:00,false',
  'hr,,4,2024-01-01 00:00:00,,true',
  '',
].join('\n');
export const HEADER_ONLY = (text: string): string => `${text.split('\n')[0]}\n`;

export interface Case {
  readonly name: string;
  readonly kind: SourceKind;
  /** The step's source, reading `emp` (and `other` or `dept`); a split's pass asset is `step`. */
  readonly step: string;
  /** True when the step's rows have a defined order (compared in order). */
  readonly ordered?: boolean;
  /** True when the step stamps rows with the run's time: a timestamp no input holds reads NOW. */
  readonly stamped?: boolean;
}

export const CASES: Case[] = [
  { kind: 'where', name: 'where with OR and IS NULL', step: '{ where: { from: emp, filter: "salary > 90 OR name IS NULL" } }' },
  { kind: 'select', name: 'select * and expressions', step: '{ select: { from: emp, columns: ["*", "upper(name) AS n", "salary * 2 AS s2", "hired + INTERVAL 1 MONTH AS later"] } }' },
  { kind: 'group_by', name: 'group by a key with NULLs', step: '{ group: { from: emp, by: [dept], agg: ["count(*) AS n", "sum(salary) AS total", "avg(salary) AS mean", "min(hired) AS first", "max(name) AS last_name", "count(DISTINCT mixed) AS kinds"] } }' },
  { kind: 'order_by', name: 'orderBy desc nulls first, then id', step: '{ orderBy: { from: emp, columns: [ { column: salary, direction: desc, nulls: first }, id ] } }', ordered: true },
  { kind: 'order_by', name: 'orderBy text, stable on ties', step: '{ orderBy: { from: emp, columns: [dept] } }', ordered: true },
  { kind: 'join', name: 'inner join', step: '{ join: { left: emp, right: [ { name: dept, type: inner, on: ["emp.dept = dept.dept"] } ] } }' },
  { kind: 'join', name: 'left join', step: '{ join: { left: emp, right: [ { name: dept, type: left, on: ["emp.dept = dept.dept"] } ] } }' },
  { kind: 'join', name: 'outer join', step: '{ join: { left: emp, right: [ { name: dept, type: outer, on: ["emp.dept = dept.dept"] } ] } }' },
  { kind: 'join', name: 'right join', step: '{ join: { left: emp, right: [ { name: dept, type: right, on: ["emp.dept = dept.dept"] } ] } }' },
  { kind: 'join', name: 'cross join', step: '{ join: { left: dept, right: [ { name: other, type: cross, on: [] } ] } }' },
  { kind: 'join', name: 'left semi join', step: '{ join: { left: emp, right: [ { name: dept, type: left_semi, on: ["emp.dept = dept.dept", "dept.budget > 4"] } ] } }' },
  { kind: 'join', name: 'left anti join', step: '{ join: { left: emp, right: [ { name: dept, type: left_anti, on: ["emp.dept = dept.dept"] } ] } }' },
  { kind: 'union', name: 'union all', step: '{ union: { sources: [emp, other] } }' },
  { kind: 'union', name: 'union distinct by name', step: '{ union: { sources: [emp, other], all: false, byName: true } }' },
  { kind: 'intersect', name: 'intersect', step: '{ intersect: { sources: [emp, other] } }' },
  { kind: 'intersect', name: 'intersect all', step: '{ intersect: { sources: [other, emp], all: true } }' },
  { kind: 'except', name: 'except', step: '{ except: { left: emp, right: other } }' },
  { kind: 'except', name: 'except all', step: '{ except: { left: other, right: emp, all: true } }' },
  { kind: 'distinct', name: 'distinct rows', step: '{ distinct: { from: emp } }' },
  { kind: 'distinct', name: 'distinct on a subset', step: '{ distinct: { from: emp, columns: [dept] } }' },
  { kind: 'limit', name: 'limit', step: '{ limit: { from: emp, count: 3 } }', ordered: true },
  { kind: 'offset', name: 'offset', step: '{ offset: { from: emp, count: 2 } }', ordered: true },
  { kind: 'tail', name: 'tail', step: '{ tail: { from: emp, count: 2 } }', ordered: true },
  { kind: 'add_columns', name: 'addColumns, later sees earlier, same name replaces', step: '{ addColumns: { from: emp, columns: [ { name: bonus, expression: "salary * 0.1" }, { name: total, expression: "salary + bonus" }, { name: name, expression: "coalesce(name, \'?\')" } ] } }' },
  { kind: 'drop_columns', name: 'dropColumns', step: '{ dropColumns: { from: emp, columns: [seen, mixed] } }' },
  { kind: 'rename_columns', name: 'renameColumns', step: '{ renameColumns: { from: emp, mappings: { name: who, mixed: anything } } }' },
  { kind: 'cast_columns', name: 'castColumns, NULL on a failed cast', step: '{ castColumns: { from: emp, columns: [ { name: mixed, targetType: double }, { name: salary, targetType: integer }, { name: name, targetType: int }, { name: hired, targetType: string } ] } }' },
  { kind: 'cast_columns', name: 'castColumns to decimal(p,s) (rounded, NULL beyond the precision) and varchar(n) / char(n) (as string, Spark\'s CAST)', step: '{ castColumns: { from: emp, columns: [ { name: salary, targetType: "decimal(3,1)" }, { name: mixed, targetType: "DECIMAL(3, 2)" }, { name: name, targetType: "varchar(2)" }, { name: dept, targetType: "char(10)" } ] } }' },
  { kind: 'conditional', name: 'conditional', step: '{ conditional: { from: emp, outputColumn: band, branches: [ { condition: "salary >= 100", value: "\'high\'" }, { condition: "salary >= 0", value: "\'mid\'" } ], otherwise: "\'none\'" } }' },
  { kind: 'split', name: 'split (the pass asset)', step: '{ split: { from: emp, condition: "active", pass: step, fail: rest } }' },
  { kind: 'fill_na', name: 'fillNa per column', step: '{ fillNa: { from: emp, values: { name: nobody, salary: 0, active: false } } }' },
  { kind: 'drop_na', name: 'dropNa any', step: '{ dropNa: { from: emp } }' },
  { kind: 'drop_na', name: 'dropNa all over a subset', step: '{ dropNa: { from: emp, columns: [name, dept], how: all } }' },
  { kind: 'replace', name: 'replace values', step: '{ replace: { from: emp, columns: [dept, mixed], mappings: [ { old: eng, new: engineering }, { old: x, new: "y" } ] } }' },
  { kind: 'sample', name: 'sample everything', step: '{ sample: { from: emp, fraction: 1.0, seed: 1 } }', ordered: true },
  { kind: 'repartition', name: 'repartition', step: '{ repartition: { from: emp, numPartitions: 4 } }', ordered: true },
  { kind: 'coalesce', name: 'coalesce', step: '{ coalesce: { from: emp, numPartitions: 1 } }', ordered: true },
  { kind: 'hint', name: 'hint', step: '{ hint: { from: emp, hints: [ { name: broadcast } ] } }', ordered: true },
  {
    kind: 'window',
    name: 'window with ties, NULL keys and every function',
    step: '{ window: { from: emp, partitionBy: [dept], orderBy: [salary], functions: [ { expression: "row_number()", alias: rn }, { expression: "rank()", alias: r }, { expression: "dense_rank()", alias: dr }, { expression: "ntile(3)", alias: nt }, { expression: "lag(name, 1, \'-\')", alias: prev }, { expression: "lead(hired)", alias: nxt }, { expression: "first_value(name)", alias: fv }, { expression: "last_value(name)", alias: lv }, { expression: "sum(salary)", alias: s }, { expression: "count(*)", alias: c } ] } }',
    ordered: true,
  },
  {
    kind: 'select',
    name: 'inline OVER with a rows frame',
    step: '{ select: { from: emp, columns: [id, "avg(salary) OVER (PARTITION BY active ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS moving", "max(mixed) OVER (ORDER BY hired DESC) AS latest"] } }',
    ordered: true,
  },
  { kind: 'rollup', name: 'rollup with grouping()', step: '{ rollup: { from: emp, by: [dept, active], agg: ["count(*) AS n", "sum(salary) AS total", "grouping(active) AS ga", "min(name) AS first"] } }', ordered: true },
  { kind: 'cube', name: 'cube over a date and text', step: '{ cube: { from: emp, by: [hired, dept], agg: ["count(DISTINCT id) AS ids", "grouping(hired) AS gh", "avg(salary) AS mean"] } }', ordered: true },
  { kind: 'grouping_sets', name: 'groupingSets with a repeated and an empty set', step: '{ groupingSets: { from: emp, sets: [[dept], [], [mixed, active], [dept]], agg: ["count(*) AS n", "max(seen) AS last", "grouping(dept) AS gd"] } }', ordered: true },
  { kind: 'unpivot', name: 'unpivot numbers widened, NULLs kept', step: '{ unpivot: { from: emp, ids: [name, dept], values: [salary, id], variableColumn: k, valueColumn: v } }', ordered: true },
  { kind: 'unpivot', name: 'unpivot dates and timestamps', step: '{ unpivot: { from: emp, ids: [name], values: [hired, seen], variableColumn: k, valueColumn: v } }', ordered: true },
  { kind: 'pivot', name: 'pivot over probed text values, several aggregates', step: '{ pivot: { from: emp, groupBy: [active], pivotColumn: dept, agg: ["count(*) AS n", "sum(salary) AS total", "max(hired) AS last"] } }', ordered: true },
  { kind: 'pivot', name: 'pivot over probed dates, two keys', step: '{ pivot: { from: emp, groupBy: [dept, active], pivotColumn: hired, agg: ["min(name)"] } }', ordered: true },
  { kind: 'pivot', name: 'pivot over written values of a mixed column', step: '{ pivot: { from: emp, groupBy: [dept], pivotColumn: mixed, values: ["1", x, "true", nothing], agg: ["count(id)"] } }', ordered: true },
  { kind: 'crosstab', name: 'crosstab of text by boolean', step: '{ crosstab: { from: emp, col1: dept, col2: active } }', ordered: true },
  { kind: 'crosstab', name: 'crosstab of dates by doubles', step: '{ crosstab: { from: emp, col1: hired, col2: salary } }', ordered: true },
  { kind: 'describe', name: 'describe every numeric column', step: '{ describe: { from: emp } }', ordered: true },
  { kind: 'describe', name: 'describe named columns, some statistics', step: '{ describe: { from: emp, columns: [salary], statistics: ["75%", stddev, count] } }', ordered: true },
  { kind: 'schema_enforce', name: 'schemaEnforce evolve, a failed conversion is NULL', step: '{ schemaEnforce: { from: emp, mode: evolve, columns: [ { name: mixed, dataType: double }, { name: id, dataType: string }, { name: extra, dataType: integer, default: "id * 2" } ] } }', ordered: true },
  { kind: 'schema_enforce', name: 'schemaEnforce strict in declared order', step: '{ schemaEnforce: { from: dept, columns: [ { name: budget, dataType: "decimal(10,2)" }, { name: region, dataType: string }, { name: dept, dataType: string } ] } }', ordered: true },
  { kind: 'assertion', name: 'assertion warn passes rows through', step: '{ assertion: { from: emp, checks: [ { column: id, rule: unique }, { rule: "salary > 0" } ], onFailure: warn } }', ordered: true },
  { kind: 'assertion', name: 'assertion drop (unique, not_null, condition)', step: '{ assertion: { from: emp, checks: [ { column: id, rule: unique }, { column: name, rule: not_null }, { rule: "salary > 0" } ], onFailure: drop } }', ordered: true },
  { kind: 'assertion', name: 'assertion fail where every row passes', step: '{ assertion: { from: emp, checks: [ { column: id, rule: not_null }, { rule: "id > 0" } ] } }', ordered: true },
  { kind: 'transpose', name: 'transpose texts by id and name', step: '{ transpose: { from: dept, indexColumns: [dept, budget] } }', ordered: true },
  { kind: 'transpose', name: 'transpose with NULL index values', step: '{ transpose: { from: dept, indexColumns: [region, budget] } }', ordered: true },
  {
    kind: 'scd2',
    name: 'scd2: unchanged, changed to NULL, NULL key part, new key',
    step: '{ scd2: { current: dim, incoming: dept, keyColumns: [dept, region], trackColumns: [budget], startDateColumn: valid_from, endDateColumn: valid_to, currentFlagColumn: is_current } }',
    ordered: true,
    stamped: true,
  },
  { kind: 'as_of_join', name: 'asOfJoin backward by partition', step: '{ asOfJoin: { left: emp, right: other, leftAsOf: hired, rightAsOf: hired, on: ["emp.dept = other.dept"] } }', ordered: true },
  { kind: 'as_of_join', name: 'asOfJoin nearest within a tolerance', step: '{ asOfJoin: { left: emp, right: other, leftAsOf: seen, rightAsOf: seen, direction: nearest, tolerance: "INTERVAL 400 DAYS", type: inner } }', ordered: true },
  { kind: 'lateral_join', name: 'lateralJoin left on a correlation', step: '{ lateralJoin: { left: emp, right: dept, type: left, on: ["emp.dept = dept.dept", "dept.budget > emp.id"] } }' },
  {
    kind: 'merge',
    name: 'merge: update, delete, insert *, update by source',
    step: '{ merge: { target: emp, source: other, on: ["emp.id = other.id"], whenMatched: [ { action: update, condition: "other.salary > emp.salary", set: { salary: "other.salary" } }, { action: delete, condition: "emp.active" } ], whenNotMatched: [ { action: insert, star: true } ], whenNotMatchedBySource: [ { action: update, condition: "salary IS NULL", set: { salary: "0", name: "coalesce(name, \'?\')" } } ] } }',
    ordered: true,
  },
];

export function pipeline(step: string): string {
  const split = step.startsWith('{ split:');
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    ...['emp', 'other', 'dept', 'dim'].flatMap((n) => [`    - asset_ref: ${n}`, `      source: { input: { format: csv, path: ${n}.csv } }`]),
    `    - asset_ref: ${split ? 'splitter' : 'step'}`,
    `      source: ${step}`,
    '    - asset_ref: out',
    '      source: { output: { from: step, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');
}

/** The output's rows as cells, or the failure as `code: message`. */
export type Outcome = { readonly rows: string[][] } | { readonly error: string };

/** Header first, then the rows sorted when the pipeline does not order them. */
export function comparable(outcome: Outcome, ordered: boolean): Outcome {
  if ('error' in outcome || ordered) return outcome;
  const [header, ...rows] = outcome.rows;
  return { rows: [header as string[], ...rows.map((r) => r.join('\u0000')).sort().map((r) => r.split('\u0000'))] };
}

export const FULL = { 'emp.csv': EMP, 'other.csv': OTHER, 'dept.csv': DEPT, 'dim.csv': DIM };
export const EMPTY = { 'emp.csv': HEADER_ONLY(EMP), 'other.csv': HEADER_ONLY(OTHER), 'dept.csv': HEADER_ONLY(DEPT), 'dim.csv': HEADER_ONLY(DIM) };

