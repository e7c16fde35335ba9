/**
 * Generators in DuckDB SQL (spec 9.13.7, 9.13.10). The argument is computed once per input row
 * into a helper column `g`; a lateral series 1..n then gives one row per element (entry), each
 * column read at the series position `i`. A NULL or empty array (map) has no position, so its row
 * goes, except for explode_outer, which keeps one row whose columns are NULL (reading position 1
 * of an empty or NULL list gives NULL). json_tuple yields one row per input row: no series.
 */
import { type GeneratorName, type BoundCall, type CallOf, nestedParts, sqlString } from '@pipeline/engine-core';
import { jsonDepthGuard } from './json-depth-sql';

/** How DuckDB computes one generator over its argument's helper column `g`, for calls `C`. */
interface GeneratorSql<C extends BoundCall = BoundCall> {
  /** What the helper column holds instead of the argument (parsed once), if anything. */
  readonly parse?: (g: string, call: C) => string;
  /** The number of rows a value yields (NULL or 0 for none); absent: exactly one, no series. */
  readonly rows?: (g: string, call: C) => string;
  /** The columns' values for series position `i` (1-based). */
  readonly columns: (g: string, i: string, call: C) => readonly string[];
}

const isMap = (call: BoundCall): boolean => nestedParts(call.args[0]?.type ?? 'null')?.kind === 'map';

const size = (g: string, call: BoundCall): string => (isMap(call) ? `CAST(cardinality(${g}) AS BIGINT)` : `len(${g})`);

const elementAt = (g: string, i: string, call: BoundCall): readonly string[] =>
  isMap(call) ? [`list_extract(map_keys(${g}), ${i})`, `list_extract(map_values(${g}), ${i})`] : [`list_extract(${g}, ${i})`];

/** RFC 6901 pointer of a top-level key (DuckDB reads `/`-paths so): `~` is `~0`, `/` is `~1`. */
const pointer = (key: string): string => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Every generator of the catalogue in DuckDB. */
export const DUCKDB_GENERATORS = {
  explode: { rows: size, columns: elementAt },
  // One row (position 1, reading NULL) for a NULL or empty value.
  explode_outer: { rows: (g, call) => `CASE WHEN ${size(g, call)} > 0 THEN ${size(g, call)} ELSE 1 END`, columns: elementAt },
  posexplode: { rows: size, columns: (g, i, call) => [`CAST(${i} - 1 AS INTEGER)`, ...elementAt(g, i, call)] },
  // The text is parsed once into the list of the keys' texts; NULL unless it is a JSON object
  // (json_type fails on invalid text, so validity is asked first). A repeated key reads its first.
  json_tuple: {
    parse: (g, { params }) => {
      const keys = params.keys.map((k) => sqlString(pointer(k)));
      // The bound holds for any valid text, not only objects, as on every JSON function.
      return `CASE WHEN json_valid(${g}) THEN CASE WHEN json_type(${jsonDepthGuard(g, 'json_tuple')}) = 'OBJECT' THEN json_extract_string(${g}, [${keys.join(', ')}]) END END`;
    },
    columns: (g, _i, { params }) => params.keys.map((_, k) => `list_extract(${g}, ${k + 1})`),
  },
} as const satisfies { readonly [N in GeneratorName]: GeneratorSql<CallOf<N>> };

/** Helper column names of one generator's statement (quoted), none an input column's. */
export interface GeneratorNames {
  /** The argument's value per input row. */
  readonly value: string;
  /** The input row's number, when rows are numbered here (the first generator of a statement that repeats rows). */
  readonly seq?: string;
  /** The position in the series, per generated row. */
  readonly index: string;
  /** One per generator column, in order. */
  readonly columns: readonly string[];
}

/**
 * `relation`'s rows, each repeated once per row the generator `call` (its argument compiled to
 * `arg`) yields for it, with the generator's columns and the helper columns `names` added
 * (`index` only when the generator repeats rows). Orders nothing: the caller sorts by `seq`, then
 * `index`.
 */
export function generatedRows(relation: string, call: BoundCall & { readonly name: GeneratorName }, arg: string, names: GeneratorNames): { readonly sql: string; readonly repeats: boolean } {
  // The table is typed per name, which an indexed access by a name only known here loses.
  const spec = DUCKDB_GENERATORS[call.name] as GeneratorSql;
  const g = `t.${names.value}`;
  const numbered = names.seq !== undefined && spec.rows !== undefined;
  let rows = `(SELECT *, ${arg} AS ${names.value}${numbered ? `, row_number() OVER () AS ${names.seq}` : ''} FROM ${relation})`;
  if (spec.parse !== undefined) rows = `(SELECT * REPLACE (${spec.parse(names.value, call)} AS ${names.value}) FROM ${rows})`;
  const index = `g.${names.index}`;
  const values = spec.columns(g, index, call).map((v, k) => `${v} AS ${names.columns[k]}`);
  if (spec.rows === undefined) return { sql: `SELECT t.*, ${values.join(', ')} FROM ${rows} AS t`, repeats: false };
  const series = `CROSS JOIN LATERAL (SELECT unnest(generate_series(1, ${spec.rows(g, call)})) AS ${names.index}) AS g`;
  return { sql: `SELECT t.*, ${index}, ${values.join(', ')} FROM ${rows} AS t ${series}`, repeats: true };
}
