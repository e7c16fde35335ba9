/**
 * Test support: one step of every transformation kind, reading the inputs `emp`, `other`, `dept`
 * and `dim` (a split's pass asset is `step`), for golden physical plans. A kind missing here does
 * not compile.
 */
import type { TransformationKind } from '@pipeline/definition';

/** The step source (YAML flow) of each kind. */
export const KIND_EXAMPLES: { readonly [K in TransformationKind]: string } = {
  where: '{ where: { from: emp, filter: "salary > 90 OR name IS NULL" } }',
  select: '{ select: { from: emp, columns: ["*", "upper(name) AS n", "salary * 2 AS s2", "hired + INTERVAL 1 MONTH AS later"] } }',
  group_by: '{ group: { from: emp, by: [dept], agg: ["count(*) AS n", "sum(salary) AS total", "avg(salary) AS mean", "min(hired) AS first", "max(name) AS last_name", "count(DISTINCT mixed) AS kinds"] } }',
  order_by: '{ orderBy: { from: emp, columns: [ { column: salary, direction: desc, nulls: first }, id ] } }',
  join: '{ join: { left: emp, right: [ { name: dept, type: inner, on: ["emp.dept = dept.dept"] } ] } }',
  union: '{ union: { sources: [emp, other] } }',
  intersect: '{ intersect: { sources: [emp, other] } }',
  except: '{ except: { left: emp, right: other } }',
  distinct: '{ distinct: { from: emp } }',
  limit: '{ limit: { from: emp, count: 3 } }',
  offset: '{ offset: { from: emp, count: 2 } }',
  tail: '{ tail: { from: emp, count: 2 } }',
  add_columns: '{ addColumns: { from: emp, columns: [ { name: bonus, expression: "salary * 0.1" }, { name: total, expression: "salary + bonus" }, { name: name, expression: "coalesce(name, \'?\')" } ] } }',
  drop_columns: '{ dropColumns: { from: emp, columns: [seen, mixed] } }',
  rename_columns: '{ renameColumns: { from: emp, mappings: { name: who, mixed: anything } } }',
  cast_columns: '{ castColumns: { from: emp, columns: [ { name: mixed, targetType: double }, { name: salary, targetType: integer }, { name: name, targetType: int }, { name: hired, targetType: string } ] } }',
  conditional: '{ conditional: { from: emp, outputColumn: band, branches: [ { condition: "salary >= 100", value: "\'high\'" }, { condition: "salary >= 0", value: "\'mid\'" } ], otherwise: "\'none\'" } }',
  split: '{ split: { from: emp, condition: "active", pass: step, fail: rest } }',
  fill_na: '{ fillNa: { from: emp, values: { name: nobody, salary: 0, active: false } } }',
  drop_na: '{ dropNa: { from: emp } }',
  replace: '{ replace: { from: emp, columns: [dept, mixed], mappings: [ { old: eng, new: engineering }, { old: x, new: "y" } ] } }',
  sample: '{ sample: { from: emp, fraction: 1.0, seed: 1 } }',
  repartition: '{ repartition: { from: emp, numPartitions: 4 } }',
  coalesce: '{ coalesce: { from: emp, numPartitions: 1 } }',
  hint: '{ hint: { from: emp, hints: [ { name: broadcast } ] } }',
  rollup: '{ rollup: { from: emp, by: [dept, active], agg: ["count(*) AS n", "sum(salary) AS total", "grouping(active) AS ga", "min(name) AS first"] } }',
  cube: '{ cube: { from: emp, by: [hired, dept], agg: ["count(DISTINCT id) AS ids", "grouping(hired) AS gh", "avg(salary) AS mean"] } }',
  grouping_sets: '{ groupingSets: { from: emp, sets: [[dept], [], [mixed, active], [dept]], agg: ["count(*) AS n", "max(seen) AS last", "grouping(dept) AS gd"] } }',
  unpivot: '{ unpivot: { from: emp, ids: [name, dept], values: [salary, id], variableColumn: k, valueColumn: v } }',
  pivot: '{ pivot: { from: emp, groupBy: [active], pivotColumn: dept, agg: ["count(*) AS n", "sum(salary) AS total", "max(hired) AS last"] } }',
  crosstab: '{ crosstab: { from: emp, col1: dept, col2: active } }',
  describe: '{ describe: { from: emp } }',
  schema_enforce: '{ schemaEnforce: { from: emp, mode: evolve, columns: [ { name: mixed, dataType: double }, { name: id, dataType: string }, { name: extra, dataType: integer, default: "id * 2" } ] } }',
  assertion: '{ assertion: { from: emp, checks: [ { column: id, rule: unique }, { rule: "salary > 0" } ], onFailure: warn } }',
  transpose: '{ transpose: { from: dept, indexColumns: [dept, budget] } }',
  as_of_join: '{ asOfJoin: { left: emp, right: other, leftAsOf: hired, rightAsOf: hired, on: ["emp.dept = other.dept"] } }',
  lateral_join: '{ lateralJoin: { left: emp, right: dept, type: left, on: ["emp.dept = dept.dept", "dept.budget > emp.id"] } }',
  window: '{ window: { from: emp, partitionBy: [dept], orderBy: [salary], functions: [ { expression: "row_number()", alias: rn } ] } }',
  scd2: '{ scd2: { current: dim, incoming: dept, keyColumns: [dept, region], trackColumns: [budget], startDateColumn: valid_from, endDateColumn: valid_to, currentFlagColumn: is_current } }',
  merge: '{ merge: { target: emp, source: other, on: ["emp.id = other.id"], whenMatched: [ { action: delete, condition: "emp.active" } ], whenNotMatched: [ { action: insert, star: true } ] } }',
  flatten: '{ flatten: { from: emp } }',
  parse: '{ parse: { from: emp, column: name, format: csv, options: { delimiter: ";" }, schema: [{ name: code, dataType: string }] } }',
};

/** A pipeline of the four inputs, `step` and an output `out` of it. */
export function kindPipeline(step: string): string {
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
