/**
 * The registry of source kinds. A new kind is one entry file plus one line here; its order here is
 * the order kinds are listed in messages.
 */
import type { Source, SourceKind, TransformationKind, TransformationSource } from '../definition';
import { AS_OF_JOIN_KIND } from './as-of-join';
import { CONDITIONAL_KIND } from './conditional';
import { DISTINCT_KIND } from './distinct';
import { DROP_NA_KIND } from './drop-na';
import { EXCEPT_KIND } from './except';
import { GROUP_BY_KIND } from './group-by';
import { CUBE_KIND, GROUPING_SETS_KIND, ROLLUP_KIND } from './grouping-sets';
import { COALESCE_KIND, HINT_KIND, REPARTITION_KIND } from './hints';
import { FILL_NA_KIND } from './fill-na';
import { INPUT_KIND } from './input';
import { INTERSECT_KIND } from './intersect';
import { JOIN_KIND } from './join';
import { ADD_COLUMNS_KIND } from './add-columns';
import { CAST_COLUMNS_KIND } from './cast-columns';
import { DROP_COLUMNS_KIND } from './drop-columns';
import type { AnyKindDefinition } from './kind-definition';
import { LATERAL_JOIN_KIND } from './lateral-join';
import { LIMIT_KIND } from './limit';
import { MERGE_KIND } from './merge';
import { OFFSET_KIND } from './offset';
import { ORDER_BY_KIND } from './order-by';
import { OUTPUT_KIND } from './output';
import { RENAME_COLUMNS_KIND } from './rename-columns';
import { REPLACE_KIND } from './replace';
import { ASSERTION_KIND } from './assertion';
import { SCHEMA_ENFORCE_KIND } from './schema-enforce';
import { SAMPLE_KIND } from './sample';
import { SCD2_KIND } from './scd2';
import { SELECT_KIND } from './select';
import { SPLIT_KIND } from './split';
import { WINDOW_KIND } from './window';
import { TAIL_KIND } from './tail';
import { UNION_KIND } from './union';
import { UNPIVOT_KIND } from './unpivot';
import { PIVOT_KIND } from './pivot';
import { CROSSTAB_KIND } from './crosstab';
import { DESCRIBE_KIND } from './describe';
import { TRANSPOSE_KIND } from './transpose';
import { FLATTEN_KIND } from './flatten';
import { PARSE_KIND } from './parse';
import { WHERE_KIND } from './where';

/** Every kind, keyed by its YAML name. */
export const KINDS = {
  input: INPUT_KIND,
  where: WHERE_KIND,
  select: SELECT_KIND,
  group_by: GROUP_BY_KIND,
  order_by: ORDER_BY_KIND,
  join: JOIN_KIND,
  union: UNION_KIND,
  intersect: INTERSECT_KIND,
  except: EXCEPT_KIND,
  distinct: DISTINCT_KIND,
  limit: LIMIT_KIND,
  add_columns: ADD_COLUMNS_KIND,
  drop_columns: DROP_COLUMNS_KIND,
  rename_columns: RENAME_COLUMNS_KIND,
  cast_columns: CAST_COLUMNS_KIND,
  sample: SAMPLE_KIND,
  conditional: CONDITIONAL_KIND,
  split: SPLIT_KIND,
  window: WINDOW_KIND,
  repartition: REPARTITION_KIND,
  coalesce: COALESCE_KIND,
  offset: OFFSET_KIND,
  tail: TAIL_KIND,
  fill_na: FILL_NA_KIND,
  drop_na: DROP_NA_KIND,
  replace: REPLACE_KIND,
  hint: HINT_KIND,
  rollup: ROLLUP_KIND,
  cube: CUBE_KIND,
  grouping_sets: GROUPING_SETS_KIND,
  unpivot: UNPIVOT_KIND,
  pivot: PIVOT_KIND,
  crosstab: CROSSTAB_KIND,
  describe: DESCRIBE_KIND,
  schema_enforce: SCHEMA_ENFORCE_KIND,
  assertion: ASSERTION_KIND,
  transpose: TRANSPOSE_KIND,
  flatten: FLATTEN_KIND,
  parse: PARSE_KIND,
  scd2: SCD2_KIND,
  merge: MERGE_KIND,
  as_of_join: AS_OF_JOIN_KIND,
  lateral_join: LATERAL_JOIN_KIND,
  output: OUTPUT_KIND,
} as const;

/** A catalogue whose every entry is filed under its own kind name; anything else does not compile. */
export type Catalogue<T extends { readonly [N in keyof T]: { readonly kind: N } }> = T;

/** The registry's type: `Source` is the union of what its entries build. */
export type KindCatalogue = Catalogue<typeof KINDS>;

/** The YAML names of every kind, in registry order. */
export const KIND_NAMES: readonly SourceKind[] = Object.keys(KINDS) as SourceKind[];

/** True when `name` names a kind of the registry. */
export function isSourceKind(name: string): name is SourceKind {
  return Object.hasOwn(KINDS, name);
}

/** Canonical kind names by the Teckel specification's operation key (`orderBy` -> `order_by`). */
const BY_SPEC_KEY: ReadonlyMap<string, SourceKind> = new Map(
  KIND_NAMES.flatMap((k) => {
    const key = (KINDS[k] as AnyKindDefinition).specKey;
    return key === undefined ? [] : [[key, k] as const];
  }),
);

/** The catalogue entry of a kind name, canonical (`order_by`) or the spec's key (`orderBy`); undefined when there is none. */
export function findKind(name: string): AnyKindDefinition | undefined {
  if (isSourceKind(name)) return KINDS[name] as AnyKindDefinition;
  const canonical = BY_SPEC_KEY.get(name);
  return canonical === undefined ? undefined : (KINDS[canonical] as AnyKindDefinition);
}

/** The catalogue entry of a kind known to exist. */
export function kindOf(kind: SourceKind): AnyKindDefinition {
  return KINDS[kind] as AnyKindDefinition;
}

/** The assets a typed source reads, in the order it names them. */
export function sourceUpstream(source: Source): readonly string[] {
  return (KINDS[source.kind] as AnyKindDefinition).upstream(source as never);
}

/** The kinds of the `transformation` role, in registry order. */
export const TRANSFORMATION_KINDS: readonly TransformationKind[] = KIND_NAMES.filter(
  (k): k is TransformationKind => KINDS[k].role === 'transformation',
);

/** True when `source` is a transformation (not an input or an output). */
export function isTransformation(source: Source): source is TransformationSource {
  return kindOf(source.kind).role === 'transformation';
}
