/**
 * The typed pipeline definition: what a YAML document means once it has been parsed, its
 * variables substituted and every rule checked. Expression fields hold parsed syntax trees.
 */
import type { QualitySuite } from './quality/quality-suite';
import type { Props } from './kinds/fields';
import type { KindDefinition } from './kinds/kind-definition';
import type { KindCatalogue } from './kinds/registry';

// Each kind's source type sits beside its field declaration.
export type { InputSource } from './kinds/input';
export type { WhereSource } from './kinds/where';
export type { SelectSource } from './kinds/select';
export type { GroupBySource } from './kinds/group-by';
export type { SortKey, OrderBySource } from './kinds/order-by';
export type { DistinctSource } from './kinds/distinct';
export type { LimitSource } from './kinds/limit';
export type { OffsetSource } from './kinds/offset';
export type { TailSource } from './kinds/tail';
export type { SetOperationOptions } from './kinds/set-operation-fields';
export type { UnionSource } from './kinds/union';
export type { IntersectSource } from './kinds/intersect';
export type { ExceptSource } from './kinds/except';
export type { ColumnDefinition, AddColumnsSource } from './kinds/add-columns';
export type { WindowSource } from './kinds/window';
export type { DropColumnsSource } from './kinds/drop-columns';
export type { RenameColumnsSource } from './kinds/rename-columns';
export type { CastColumnsSource } from './kinds/cast-columns';
export type { ConditionalSource } from './kinds/conditional';
export type { FillNaSource } from './kinds/fill-na';
export type { DropNaSource } from './kinds/drop-na';
export type { ReplaceSource } from './kinds/replace';
export type { HintSource } from './kinds/hints';
export type { SplitSource } from './kinds/split';
export type { SampleSource } from './kinds/sample';
export type { JoinTarget, JoinSource } from './kinds/join';
export type { GroupingSetsKind, GroupingSetsSource } from './kinds/grouping-sets';
export type { UnpivotSource } from './kinds/unpivot';
export type { PivotSource } from './kinds/pivot';
export type { CrosstabSource } from './kinds/crosstab';
export type { DescribeSource } from './kinds/describe';
export type { SchemaColumn, SchemaEnforceSource } from './kinds/schema-enforce';
export type { AssertionCheck, AssertionSource } from './kinds/assertion';
export type { FlattenSource } from './kinds/flatten';
export type { ParseSource } from './kinds/parse';
export type { TransposeSource } from './kinds/transpose';
export type { Scd2Source } from './kinds/scd2';
export type { MergeAction, MergeSource } from './kinds/merge';
export type { AsOfJoinSource } from './kinds/as-of-join';
export type { LateralJoinSource } from './kinds/lateral-join';
export type { OutputSource } from './kinds/output';

/** File formats accepted for inputs and outputs. */
export const FORMATS = ['csv', 'parquet', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Output write modes; `error` (fail if the destination exists) is the default. */
export const WRITE_MODES = ['overwrite', 'append', 'error', 'ignore'] as const;
export type WriteMode = (typeof WRITE_MODES)[number];

/** A value written in a document: text, a number or a boolean. */
export type Primitive = string | number | boolean;

/** The join types of the spec (8.5.1). */
export const JOIN_TYPES = ['inner', 'left', 'right', 'outer', 'cross', 'left_semi', 'left_anti'] as const;
export type JoinType = (typeof JOIN_TYPES)[number];

/** The statistics `describe` computes (spec 8.43), in their default order. */
export const DESCRIBE_STATISTICS = ['count', 'mean', 'stddev', 'min', 'max', '25%', '50%', '75%'] as const;
export type DescribeStatistic = (typeof DESCRIBE_STATISTICS)[number];

/** The actions of a merge (spec 8.37). */
export const MERGE_ACTIONS = ['update', 'insert', 'delete'] as const;
export type MergeActionName = (typeof MERGE_ACTIONS)[number];

/** How an as-of join picks its right row (spec 8.39). */
export const AS_OF_DIRECTIONS = ['backward', 'forward', 'nearest'] as const;

/**
 * Every source kind: the sources the registry's entries build. A closed union: the engine switches
 * on `kind` exhaustively, so a kind added to the registry reaches every table typed over it.
 */
export type Source = { [K in keyof KindCatalogue]: KindCatalogue[K] extends KindDefinition<K, Props, infer S> ? S : never }[keyof KindCatalogue];

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
  /** Pipeline, entry and exposure metadata (spec 18, 19); changes nothing a run computes. */
  readonly metadata?: PipelineMetadata;
}

/** An owner (spec 18.3). */
export interface OwnerMetadata {
  readonly name: string;
  readonly email: string;
  readonly type?: string;
}

/** Column metadata of an entry (spec 18.4). */
export interface ColumnMetadata {
  readonly name: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly constraints: readonly string[];
  readonly glossaryTerm?: string;
  /** Passed through as written (spec 18.1). */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** What a Teckel-shape entry says about its asset (spec 18); tags as declared, not propagated. */
export interface AssetMetadata {
  readonly description?: string;
  readonly tags: readonly string[];
  readonly removeTags: readonly string[];
  readonly owner?: OwnerMetadata;
  readonly freshness?: string;
  readonly maturity?: string;
  readonly columns: readonly ColumnMetadata[];
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** A downstream consumer (spec 19). */
export interface ExposureMetadata {
  readonly name: string;
  readonly type: string;
  readonly description?: string;
  readonly url?: string;
  readonly maturity?: string;
  readonly owner?: OwnerMetadata;
  readonly dependsOn: readonly string[];
  readonly tags: readonly string[];
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** The document's metadata (spec 18.2, 18.10, 19), variables substituted in its strings. */
export interface PipelineMetadata {
  readonly name?: string;
  readonly namespace?: string;
  readonly version?: string;
  readonly description?: string;
  readonly owner?: OwnerMetadata;
  readonly tags: readonly string[];
  readonly schedule?: string;
  readonly freshness?: string;
  readonly catalog?: { readonly target: string; readonly namespace?: string };
  readonly meta?: Readonly<Record<string, unknown>>;
  /** By asset ref (an output entry's is `output_<name>`), one per Teckel-shape entry. */
  readonly assets: Readonly<Record<string, AssetMetadata>>;
  readonly exposures: readonly ExposureMetadata[];
}
