import {
  type FlattenStep,
  quoteIdentifier as q,
  sqlString,
  freshColumnName,
  numberedRows,
} from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// Each exploded array joins a series 1..len (none for a NULL or empty array, which drops the row);
// a path reads fields with struct_extract and elements at their series position. Rows come in
// input order, then element order, array by array.
export const flattenSql: DuckDbKind<'flatten'> = {
  field: 'from',
  sql: (bound, [relation]) => {
    const { outputs, arrays } = bound.transform;
    const upstream = bound.columns.map((c) => ({ name: c.name, type: c.type }));
    const seq = freshColumnName([...upstream, ...outputs.map((o) => ({ name: o.column, type: o.type }))], '__seq');
    const index = (k: number): string => q(`${seq}_e${k}`);
    const path = (column: string, steps: readonly FlattenStep[]): string =>
      steps.reduce((sql, step) => ('field' in step ? `struct_extract(${sql}, ${sqlString(step.field)})` : `list_extract(${sql}, ${index(step.element)})`), `t.${q(column)}`);
    const joins = arrays.map((a, k) => ` CROSS JOIN LATERAL (SELECT unnest(generate_series(1, len(${path(a.column, a.steps)}))) AS ${index(k)})`).join('');
    const select = outputs.map((o) => `${path(o.column, o.steps)} AS ${q(o.name)}`).join(', ');
    const order = [`t.${q(seq)}`, ...arrays.map((_, k) => index(k))].join(', ');
    return `SELECT ${select} FROM ${numberedRows(relation as string, seq)} AS t${joins} ORDER BY ${order}`;
  },
};
