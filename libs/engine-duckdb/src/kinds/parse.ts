import { duckDbTypeName } from '../compile-expression';
import { jsonDepthGuard } from '../json-depth-sql';
import { quoteIdentifier as q, sqlInteger, sqlString } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';

// JSON: json_transform into a struct of the schema (a field that does not convert is NULL), only
// for valid JSON objects; CSV: the text split at the delimiter, field n TRY_CAST from part n.
export const parseSql: DuckDbKind<'parse'> = {
  field: 'column',
  sql: (bound, [relation]) => {
    const { column, format, fields, delimiter, outputs } = bound.transform;
    const text = q(column);
    const value = (name: string, index: number): string => {
      const type = duckDbTypeName((fields[index] as { type: string }).type);
      if (format === 'csv') {
        // TRY_CAST to TIMESTAMP drops an offset; through TIMESTAMPTZ (the database runs in UTC) it counts.
        if (type === 'TIMESTAMP') return `CAST(TRY_CAST(list_extract(string_split(${text}, ${sqlString(delimiter)}), ${sqlInteger(index + 1)}) AS TIMESTAMPTZ) AS TIMESTAMP)`;
        const part = `list_extract(string_split(${text}, ${sqlString(delimiter)}), ${sqlInteger(index + 1)})`;
        return type === 'VARCHAR' ? part : `TRY_CAST(${part} AS ${type})`;
      }
      // A timestamp is read as text and converted with its offset (json_transform would drop it);
      // the database runs in UTC, so the TIMESTAMPTZ becomes the UTC time.
      const read = (t: string): string => (t === 'timestamp' ? 'VARCHAR' : duckDbTypeName(t));
      const structure = `{${fields.map((f) => `${JSON.stringify(f.name)}: ${JSON.stringify(read(f.type))}`).join(', ')}}`;
      // Only valid JSON objects reach json_transform (DuckDB evaluates CASE arms it will not use).
      // Nested, not AND: with the guard in the arm DuckDB no longer skipped json_type for invalid text.
      const objects = `CASE WHEN json_valid(${text}) THEN CASE WHEN json_type(${jsonDepthGuard(text, 'parse')}) = 'OBJECT' THEN ${text} END END`;
      const field = `struct_extract(json_transform(${objects}, ${sqlString(structure)}), ${sqlString(name)})`;
      return type === 'TIMESTAMP' ? `CAST(TRY_CAST(${field} AS TIMESTAMPTZ) AS TIMESTAMP)` : field;
    };
    let next = 0;
    const items = outputs.map((o) => (o.parsed ? `${value(o.name, next++)} AS ${q(o.name)}` : q(o.name)));
    return `SELECT ${items.join(', ')} FROM ${relation}`;
  },
};
