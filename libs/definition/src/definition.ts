/**
 * The typed pipeline definition: what a YAML document means once it has been parsed, its
 * variables substituted and every rule checked. Expression fields hold parsed syntax trees.
 */
import type { CastType, Expr } from './expr/ast';
import type { QualitySuite } from './quality/quality-suite';

/** File formats accepted for inputs and outputs. */
export const FORMATS = ['csv', 'parquet', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Output write modes; `error` (fail if the destination exists) is the default. */
export const WRITE_MODES = ['overwrite', 'append', 'error', 'ignore'] as const;
export type WriteMode = (typeof WRITE_MODES)[number];

/** Reads a file into a dataset. Options are strings (`header: "true"`). */
export interface InputSource {
  readonly kind: 'input';
  readonly format: Format;
  readonly path: string;
  readonly options: Readonly<Record<string, string>>;
}

/** Keeps the rows of `from` for which `filter` is true (NULL counts as false). */
export interface WhereSource {
  readonly kind: 'where';
  readonly from: string;
  readonly filter: Expr;
}

/** Projects `from` onto `columns` (column references or aliased expressions). */
export interface SelectSource {
  readonly kind: 'select';
  readonly from: string;
  readonly columns: readonly Expr[];
}

/** Groups `from` by the `by` columns and computes the `agg` aggregate expressions. */
export interface GroupBySource {
  readonly kind: 'group_by';
  readonly from: string;
  readonly by: readonly Expr[];
  readonly agg: readonly Expr[];
}

/** How one sort key orders rows: direction and where NULLs go (last by default in both directions). */
export interface SortKey {
  /** The column name as written. */
  readonly column: string;
  readonly direction: 'asc' | 'desc';
  readonly nulls: 'first' | 'last';
}

/** Sorts `from` by `columns`, stably (equal keys keep their input order). */
export interface OrderBySource {
  readonly kind: 'order_by';
  readonly from: string;
  readonly columns: readonly SortKey[];
}

/** Keeps one row per distinct value of `columns` (all columns when absent), the first one met. */
export interface DistinctSource {
  readonly kind: 'distinct';
  readonly from: string;
  readonly columns?: readonly string[];
}

/** Keeps the first `count` rows of `from`. */
export interface LimitSource {
  readonly kind: 'limit';
  readonly from: string;
  readonly count: number;
}

/** Skips the first `count` rows of `from`. */
export interface OffsetSource {
  readonly kind: 'offset';
  readonly from: string;
  readonly count: number;
}

/** Keeps the last `count` rows of `from`. */
export interface TailSource {
  readonly kind: 'tail';
  readonly from: string;
  readonly count: number;
}

/** How a set operation lines up its inputs' columns. */
export interface SetOperationOptions {
  /** Keep duplicates (UNION ALL, INTERSECT ALL, EXCEPT ALL). */
  readonly all: boolean;
  /** Match columns by name instead of position. */
  readonly byName: boolean;
  /** With byName: a column some inputs lack is NULL for them. */
  readonly allowMissingColumns: boolean;
}

/** The rows of every source, one after the other (`all`, the default) or without duplicates. */
export interface UnionSource extends SetOperationOptions {
  readonly kind: 'union';
  readonly sources: readonly string[];
}

/** The rows of the first source present in every other. */
export interface IntersectSource extends SetOperationOptions {
  readonly kind: 'intersect';
  readonly sources: readonly string[];
}

/** The rows of `left` not in `right`. */
export interface ExceptSource extends SetOperationOptions {
  readonly kind: 'except';
  readonly left: string;
  readonly right: string;
}

/** One column an addColumns step computes. */
export interface ColumnDefinition {
  readonly name: string;
  readonly expression: Expr;
}

/** Adds (or replaces, in place) computed columns, in order: each sees the ones before it. */
export interface AddColumnsSource {
  readonly kind: 'add_columns';
  readonly from: string;
  readonly columns: readonly ColumnDefinition[];
}

/**
 * Window functions (spec 8.15): like addColumns, each column's expression holding the step's
 * `OVER (...)` window around its aggregate and window-function calls.
 */
export interface WindowSource {
  readonly kind: 'window';
  readonly from: string;
  readonly columns: readonly ColumnDefinition[];
}

/** Removes columns. */
export interface DropColumnsSource {
  readonly kind: 'drop_columns';
  readonly from: string;
  readonly columns: readonly string[];
}

/** Renames columns: old name -> new name. */
export interface RenameColumnsSource {
  readonly kind: 'rename_columns';
  readonly from: string;
  readonly mappings: Readonly<Record<string, string>>;
}

/** Converts columns to other types; a value that does not convert becomes NULL. */
export interface CastColumnsSource {
  readonly kind: 'cast_columns';
  readonly from: string;
  readonly columns: readonly { readonly name: string; readonly type: CastType }[];
}

/** A value written in a document: text, a number or a boolean. */
export type Primitive = string | number | boolean;

/** Adds `outputColumn`: the value of the first branch whose condition holds, else `otherwise` (NULL). */
export interface ConditionalSource {
  readonly kind: 'conditional';
  readonly from: string;
  readonly outputColumn: string;
  readonly branches: readonly { readonly condition: Expr; readonly value: Expr }[];
  readonly otherwise?: Expr;
}

/** Replaces NULLs: with `value` in `columns` (every column of a matching type when absent), or per column. */
export interface FillNaSource {
  readonly kind: 'fill_na';
  readonly from: string;
  readonly columns?: readonly string[];
  readonly value?: Primitive;
  readonly values?: Readonly<Record<string, Primitive>>;
}

/** Drops rows with NULLs in `columns` (all when absent): any, all, or fewer than `minNonNulls` values. */
export interface DropNaSource {
  readonly kind: 'drop_na';
  readonly from: string;
  readonly columns?: readonly string[];
  readonly how: 'any' | 'all';
  readonly minNonNulls?: number;
}

/** Replaces values: in `columns` (every column of a matching type when absent), each `old` by its `new`. */
export interface ReplaceSource {
  readonly kind: 'replace';
  readonly from: string;
  readonly columns?: readonly string[];
  readonly mappings: readonly { readonly old: Primitive; readonly new: Primitive }[];
}

/** A physical hint (repartition, coalesce, hint): accepted, and the rows pass through unchanged. */
export interface HintSource<K extends 'repartition' | 'coalesce' | 'hint' = 'repartition' | 'coalesce' | 'hint'> {
  readonly kind: K;
  readonly from: string;
}

/**
 * A split (spec 8.21): the split asset itself holds every row of `from`; validation adds the assets
 * `pass` and `fail` as filters over it.
 */
export interface SplitSource {
  readonly kind: 'split';
  readonly from: string;
  readonly condition: Expr;
  readonly pass: string;
  readonly fail: string;
}

/** A seeded sample: the rows whose draw (a function of seed and position) falls in [lowerBound, upperBound). */
export interface SampleSource {
  readonly kind: 'sample';
  readonly from: string;
  readonly lowerBound: number;
  readonly upperBound: number;
  /** Drawn when the document gives none (then two runs differ). */
  readonly seed: number;
}

/** The join types of the spec (8.5.1). */
export const JOIN_TYPES = ['inner', 'left', 'right', 'outer', 'cross', 'left_semi', 'left_anti'] as const;
export type JoinType = (typeof JOIN_TYPES)[number];

/** One join target: the right asset, the join type and its conditions (ANDed; none for cross). */
export interface JoinTarget {
  readonly name: string;
  readonly type: JoinType;
  readonly on: readonly Expr[];
}

/** Joins `left` with each of `right` in turn, each join taking the result so far as its left side. */
export interface JoinSource {
  readonly kind: 'join';
  readonly left: string;
  readonly right: readonly JoinTarget[];
}

/** The kinds that aggregate over grouping sets (spec 8.23, 8.24, 8.42). */
export type GroupingSetsKind = 'rollup' | 'cube' | 'grouping_sets';

/** Aggregates `from` over grouping sets of key columns: per set, its keys (others NULL) and the `agg` values. */
export interface GroupingSetsSource<K extends GroupingSetsKind = GroupingSetsKind> {
  readonly kind: K;
  readonly from: string;
  /** Every key column named, first mention first. */
  readonly keys: readonly string[];
  /** The sets, as positions in `keys`, in output order. */
  readonly sets: readonly (readonly number[])[];
  readonly agg: readonly Expr[];
}

/** Turns the `values` columns of `from` into rows (wide to long): per row and value column, the ids, its name and its value. */
export interface UnpivotSource {
  readonly kind: 'unpivot';
  readonly from: string;
  readonly ids: readonly string[];
  readonly values: readonly string[];
  readonly variableColumn: string;
  readonly valueColumn: string;
}

/** Rotates the values of `pivotColumn` into columns (long to wide): per `groupBy` group, the `agg` aggregates per value. */
export interface PivotSource {
  readonly kind: 'pivot';
  readonly from: string;
  readonly groupBy: readonly string[];
  readonly pivotColumn: string;
  /** The values that become columns, as written; absent: the distinct non-NULL values, ascending. */
  readonly values?: readonly string[];
  readonly agg: readonly Expr[];
}

/** A contingency table of `from`: per value of `col1`, how many rows hold each value of `col2`. */
export interface CrosstabSource {
  readonly kind: 'crosstab';
  readonly from: string;
  readonly col1: string;
  readonly col2: string;
}

/** The statistics `describe` computes (spec 8.43), in their default order. */
export const DESCRIBE_STATISTICS = ['count', 'mean', 'stddev', 'min', 'max', '25%', '50%', '75%'] as const;
export type DescribeStatistic = (typeof DESCRIBE_STATISTICS)[number];

/** Descriptive statistics of numeric columns of `from`: one row per statistic, one column per column described. */
export interface DescribeSource {
  readonly kind: 'describe';
  readonly from: string;
  /** The columns described; absent: every numeric column. */
  readonly columns?: readonly string[];
  readonly statistics: readonly DescribeStatistic[];
}

/** One column a schemaEnforce step expects: its type, whether NULLs are allowed, its default (evolve). */
export interface SchemaColumn {
  readonly name: string;
  readonly type: CastType;
  readonly nullable: boolean;
  readonly default?: Expr;
}

/**
 * Enforces a schema on `from` (spec 8.27): `strict` refuses extra and missing columns, `evolve`
 * keeps extra columns and adds missing ones; declared columns are converted (NULL on failure).
 */
export interface SchemaEnforceSource {
  readonly kind: 'schema_enforce';
  readonly from: string;
  readonly mode: 'strict' | 'evolve';
  readonly columns: readonly SchemaColumn[];
}

/** One rule of an assertion: `not_null` or `unique` on a column, or a condition each row must meet. */
export interface AssertionCheck {
  readonly rule: 'not_null' | 'unique' | 'condition';
  readonly column?: string;
  readonly condition?: Expr;
  /** The rule as written (`not_null`, `amount > 0`), for messages. */
  readonly text: string;
  readonly description?: string;
}

/** Checks the rows of `from` without changing them (spec 8.28): fails, warns or drops failing rows. */
export interface AssertionSource {
  readonly kind: 'assertion';
  readonly from: string;
  readonly checks: readonly AssertionCheck[];
  readonly onFailure: 'fail' | 'warn' | 'drop';
}

/** Flattens the structs of `from` into columns `parent<separator>child` (spec 8.18); optionally one row per array element. */
export interface FlattenSource {
  readonly kind: 'flatten';
  readonly from: string;
  readonly separator: string;
  readonly explodeArrays: boolean;
}

/**
 * Parses the text column `column` of `from` as JSON or CSV (spec 8.38) into the `schema` columns,
 * which take its place; `type` is the portable type text (`string`, `decimal(10,2)`, `map<string,string>`).
 */
export interface ParseSource {
  readonly kind: 'parse';
  readonly from: string;
  readonly column: string;
  readonly format: 'json' | 'csv';
  readonly schema: readonly { readonly name: string; readonly type: string }[];
  /** csv: the delimiter (default `,`). */
  readonly delimiter: string;
}

/** Swaps rows and columns of `from`: each non-index column becomes a row, each row a column. */
export interface TransposeSource {
  readonly kind: 'transpose';
  readonly from: string;
  readonly indexColumns: readonly string[];
}

/**
 * Slowly changing dimension type 2 (spec 8.25): `current` holds the dimension so far (history and
 * open rows), `incoming` the new snapshot; the result is the whole dimension after the change.
 */
export interface Scd2Source {
  readonly kind: 'scd2';
  readonly current: string;
  readonly incoming: string;
  readonly keyColumns: readonly string[];
  readonly trackColumns: readonly string[];
  readonly startDateColumn: string;
  readonly endDateColumn: string;
  readonly currentFlagColumn: string;
}

/** The actions of a merge (spec 8.37). */
export const MERGE_ACTIONS = ['update', 'insert', 'delete'] as const;
export type MergeActionName = (typeof MERGE_ACTIONS)[number];

/** One merge action: it runs when `condition` holds (always without one); `set` or `star` give the values. */
export interface MergeAction {
  readonly action: MergeActionName;
  readonly condition?: Expr;
  /** Column assignments in document order. */
  readonly set: readonly { readonly column: string; readonly value: Expr }[];
  /** Every target column from the source column of the same name. */
  readonly star: boolean;
}

/** MERGE of `source` into `target` on `on` (spec 8.37); the result is the whole target after the actions. */
export interface MergeSource {
  readonly kind: 'merge';
  readonly target: string;
  readonly source: string;
  readonly on: readonly Expr[];
  readonly whenMatched: readonly MergeAction[];
  readonly whenNotMatched: readonly MergeAction[];
  readonly whenNotMatchedBySource: readonly MergeAction[];
}

/** How an as-of join picks its right row (spec 8.39). */
export const AS_OF_DIRECTIONS = ['backward', 'forward', 'nearest'] as const;

/** Each `left` row with the closest `right` row by `leftAsOf` / `rightAsOf` among those `on` matches (spec 8.39). */
export interface AsOfJoinSource {
  readonly kind: 'as_of_join';
  readonly left: string;
  readonly right: string;
  readonly leftAsOf: string;
  readonly rightAsOf: string;
  readonly on: readonly Expr[];
  readonly type: 'inner' | 'left';
  readonly direction: (typeof AS_OF_DIRECTIONS)[number];
  /** The largest distance allowed between the two as-of values (a constant). */
  readonly tolerance?: Expr;
  readonly allowExactMatches: boolean;
}

/** `left` joined with the asset `right` (spec 8.40), correlated through `on` (none: every pair). */
export interface LateralJoinSource {
  readonly kind: 'lateral_join';
  readonly left: string;
  readonly right: string;
  readonly type: 'inner' | 'left' | 'cross';
  readonly on: readonly Expr[];
}

/** Writes `from` to a file. */
export interface OutputSource {
  readonly kind: 'output';
  readonly from: string;
  readonly format: Format;
  readonly path: string;
  readonly mode: WriteMode;
  readonly options: Readonly<Record<string, string>>;
}

/** Every source kind. A closed union: the engine switches on `kind` exhaustively. */
export type Source =
  | InputSource
  | WhereSource
  | SelectSource
  | GroupBySource
  | OrderBySource
  | JoinSource
  | UnionSource
  | IntersectSource
  | ExceptSource
  | DistinctSource
  | LimitSource
  | AddColumnsSource
  | WindowSource
  | DropColumnsSource
  | RenameColumnsSource
  | CastColumnsSource
  | ConditionalSource
  | SplitSource
  | FillNaSource
  | DropNaSource
  | ReplaceSource
  | HintSource<'repartition'>
  | HintSource<'coalesce'>
  | HintSource<'hint'>
  | SampleSource
  | OffsetSource
  | TailSource
  | GroupingSetsSource<'rollup'>
  | GroupingSetsSource<'cube'>
  | GroupingSetsSource<'grouping_sets'>
  | UnpivotSource
  | PivotSource
  | CrosstabSource
  | DescribeSource
  | SchemaEnforceSource
  | AssertionSource
  | TransposeSource
  | FlattenSource
  | ParseSource
  | Scd2Source
  | MergeSource
  | AsOfJoinSource
  | LateralJoinSource
  | OutputSource;

/** The `kind` tag of every source. */
export type SourceKind = Source['kind'];

/** Kinds that compute an asset from upstream assets (every kind but the file readers and writers). */
export type TransformationKind = Exclude<SourceKind, 'input' | 'output'>;

/** A source of a transformation kind. */
export type TransformationSource = Extract<Source, { readonly kind: TransformationKind }>;

/** The source type of one kind. */
export type SourceOfKind<K extends SourceKind> = Extract<Source, { readonly kind: K }>;

/** Where an asset stands in its document: its index in the asset list and, when known, its line. */
export interface AssetPosition {
  /** 0-based index in the asset list. */
  readonly index: number;
  /** 1-based line of the asset in the YAML text, when known. */
  readonly line?: number;
}

/** One named asset of a pipeline. */
export interface AssetDefinition {
  readonly ref: string;
  readonly source: Source;
  readonly position: AssetPosition;
  /** For a split's `pass` and `fail` assets: the split that made them (they share its position). */
  readonly madeBy?: string;
}

/** A whole, valid pipeline. Assets keep document order. */
export interface PipelineDefinition {
  readonly version: '3.0';
  readonly name?: string;
  readonly description?: string;
  readonly assets: readonly AssetDefinition[];
  /** The document's data quality suites (spec 17), in document order; absent when it has none. */
  readonly quality?: readonly QualitySuite[];
}
