/**
 * The danfo backend's kind table: one entry per transformation kind of the definition catalogue
 * (a kind missing here does not compile), each a module of this folder or `unsupported(...)`.
 */
import type { TransformationKind } from '@pipeline/definition';
import { runAddColumns, runWindow } from './add-columns';
import { runAsOfJoin } from './as-of-join';
import { runCastColumns } from './cast-columns';
import { runDropColumns } from './drop-columns';
import { runRenameColumns } from './rename-columns';
import { runConditional } from './conditional';
import { runDropNa } from './drop-na';
import { runFillNa } from './fill-na';
import { runReplace } from './replace';
import { runCoalesce, runHint, runRepartition, runSplit } from './pass-through';
import { runSample } from './sample';
import { runScd2 } from './scd2';
import { runJoin } from './join';
import { runCube, runGroupingSets, runRollup } from './grouping-sets';
import { runUnpivot } from './unpivot';
import { runPivot } from './pivot';
import { runCrosstab } from './crosstab';
import { runDescribe } from './describe';
import { runTranspose } from './transpose';
import { unsupported, type Unsupported } from '@pipeline/engine-core';
import type { DanfoKind } from './danfo-kind';
import { runDistinct } from './distinct';
import { runExcept } from './except';
import { runGroupBy } from './group-by';
import { runIntersect } from './intersect';
import { runLateralJoin } from './lateral-join';
import { runLimit } from './limit';
import { runMerge } from './merge';
import { runOffset } from './offset';
import { runOrderBy } from './order-by';
import { runSelect } from './select';
import { runTail } from './tail';
import { runUnion } from './union';
import { runWhere } from './where';
import { runAssertion } from './assertion';
import { runSchemaEnforce } from './schema-enforce';

/** A danfo kind table over the kinds `Kinds` (the real one covers every transformation kind). */
export type DanfoKindTable<Kinds extends TransformationKind = TransformationKind> = { readonly [K in Kinds]: DanfoKind<K> | Unsupported };

export const DANFO_KINDS: DanfoKindTable = {
  where: runWhere,
  select: runSelect,
  group_by: runGroupBy,
  order_by: runOrderBy,
  join: runJoin,
  union: runUnion,
  intersect: runIntersect,
  except: runExcept,
  distinct: runDistinct,
  limit: runLimit,
  add_columns: runAddColumns,
  window: runWindow,
  drop_columns: runDropColumns,
  rename_columns: runRenameColumns,
  cast_columns: runCastColumns,
  conditional: runConditional,
  fill_na: runFillNa,
  drop_na: runDropNa,
  replace: runReplace,
  sample: runSample,
  repartition: runRepartition,
  coalesce: runCoalesce,
  hint: runHint,
  split: runSplit,
  offset: runOffset,
  tail: runTail,
  rollup: runRollup,
  cube: runCube,
  grouping_sets: runGroupingSets,
  unpivot: runUnpivot,
  pivot: runPivot,
  crosstab: runCrosstab,
  describe: runDescribe,
  schema_enforce: runSchemaEnforce,
  assertion: runAssertion,
  transpose: runTranspose,
  flatten: unsupported('the danfo backend has no struct or array values to flatten'),
  parse: unsupported('the danfo backend does not parse JSON or CSV text into columns'),
  scd2: runScd2,
  merge: runMerge,
  as_of_join: runAsOfJoin,
  lateral_join: runLateralJoin,
};

/** The implementation of a kind, or why it is not run. */
export function danfoKindOf(kind: TransformationKind): DanfoKind<TransformationKind> | Unsupported {
  return DANFO_KINDS[kind] as DanfoKind<TransformationKind> | Unsupported;
}
