/**
 * The DuckDB backend's kind table: one entry per transformation kind of the definition catalogue
 * (a kind missing here does not compile), each a module of this folder or `unsupported(...)`.
 */
import type { TransformationKind } from '@pipeline/definition';
import { addColumnsSql } from './add-columns';
import { windowSql } from './window';
import { asOfJoinSql } from './as-of-join';
import { castColumnsSql } from './cast-columns';
import { dropColumnsSql } from './drop-columns';
import { renameColumnsSql } from './rename-columns';
import { conditionalSql } from './conditional';
import { dropNaSql } from './drop-na';
import { fillNaSql } from './fill-na';
import { replaceSql } from './replace';
import { coalesceSql, hintSql, repartitionSql, splitSql } from './pass-through';
import { sampleSql } from './sample';
import { scd2Sql } from './scd2';
import { joinSql } from './join';
import { cubeSql, groupingSetsSql, rollupSql } from './grouping-sets';
import { unpivotSql } from './unpivot';
import { pivotSql } from './pivot';
import { crosstabSql } from './crosstab';
import { describeSql } from './describe';
import { transposeSql } from './transpose';
import { flattenSql } from './flatten';
import { parseSql } from './parse';
import type { Unsupported } from '@pipeline/engine-core';
import type { DuckDbKind } from './duckdb-kind';
import { distinctSql } from './distinct';
import { exceptSql } from './except';
import { groupBySql } from './group-by';
import { intersectSql } from './intersect';
import { lateralJoinSql } from './lateral-join';
import { limitSql } from './limit';
import { mergeSql } from './merge';
import { offsetSql } from './offset';
import { orderBySql } from './order-by';
import { selectSql } from './select';
import { tailSql } from './tail';
import { unionSql } from './union';
import { whereSql } from './where';
import { assertionSql } from './assertion';
import { schemaEnforceSql } from './schema-enforce';

/** A DuckDB kind table over the kinds `Kinds` (the real one covers every transformation kind). */
export type DuckDbKindTable<Kinds extends TransformationKind = TransformationKind> = { readonly [K in Kinds]: DuckDbKind<K> | Unsupported };

export const DUCKDB_KINDS: DuckDbKindTable = {
  where: whereSql,
  select: selectSql,
  group_by: groupBySql,
  order_by: orderBySql,
  join: joinSql,
  union: unionSql,
  intersect: intersectSql,
  except: exceptSql,
  distinct: distinctSql,
  limit: limitSql,
  add_columns: addColumnsSql,
  window: windowSql,
  drop_columns: dropColumnsSql,
  rename_columns: renameColumnsSql,
  cast_columns: castColumnsSql,
  conditional: conditionalSql,
  fill_na: fillNaSql,
  drop_na: dropNaSql,
  replace: replaceSql,
  sample: sampleSql,
  repartition: repartitionSql,
  coalesce: coalesceSql,
  hint: hintSql,
  split: splitSql,
  offset: offsetSql,
  tail: tailSql,
  rollup: rollupSql,
  cube: cubeSql,
  grouping_sets: groupingSetsSql,
  unpivot: unpivotSql,
  pivot: pivotSql,
  crosstab: crosstabSql,
  describe: describeSql,
  schema_enforce: schemaEnforceSql,
  assertion: assertionSql,
  transpose: transposeSql,
  flatten: flattenSql,
  parse: parseSql,
  scd2: scd2Sql,
  merge: mergeSql,
  as_of_join: asOfJoinSql,
  lateral_join: lateralJoinSql,
};

/** The implementation of a kind, or why it is not run. */
export function duckDbKindOf(kind: TransformationKind): DuckDbKind<TransformationKind> | Unsupported {
  return DUCKDB_KINDS[kind] as DuckDbKind<TransformationKind> | Unsupported;
}
