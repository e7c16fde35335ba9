/**
 * @pipeline/definition: YAML pipeline text -> raw document -> typed definition pieces.
 *
 * - `readDocument` parses YAML (positions, limits, alias and key guards) into a raw document;
 * - `substituteNode` / `substituteText` apply `${NAME}` / `${NAME:default}` variables after parsing;
 * - `KINDS` is the source-kind catalogue (schema, upstream refs, explain label, role, expression
 *   fields, typed `Source` builder), `checkFields` checks a kind's fields against its schema;
 * - formats, write modes and options; the dependency graph (`findCycle`, `layoutGraph`);
 * - the expression language (`parseExpression`, `checkExpression`, `printExpression`, ...).
 *
 * Rules and `V-0xx` messages live in @pipeline/validation, which composes these pieces.
 *
 * @example
 * const doc = readDocument('version: "3.0"\npipeline:\n  assets: []\n');
 * doc.assetLists[0].field; // 'pipeline.assets'
 * substituteText('${DIR:data}/in.csv', {}); // { ok: true, value: 'data/in.csv' }
 * KINDS.where.label; // 'WHERE'
 */
export * from '@pipeline/expression';
export { AS_OF_DIRECTIONS, DESCRIBE_STATISTICS, FORMATS, JOIN_TYPES, MERGE_ACTIONS, WRITE_MODES } from './definition';
export type {
  AddColumnsSource,
  AsOfJoinSource,
  AssertionCheck,
  AssertionSource,
  AssetDefinition,
  AssetMetadata,
  ColumnMetadata,
  ExposureMetadata,
  OwnerMetadata,
  PipelineMetadata,
  AssetPosition,
  CastColumnsSource,
  ColumnDefinition,
  ConditionalSource,
  DescribeSource,
  DescribeStatistic,
  CrosstabSource,
  SplitSource,
  WindowSource,
  DropColumnsSource,
  DropNaSource,
  Format,
  DistinctSource,
  ExceptSource,
  FillNaSource,
  GroupBySource,
  GroupingSetsKind,
  GroupingSetsSource,
  HintSource,
  InputSource,
  IntersectSource,
  JoinSource,
  JoinTarget,
  JoinType,
  LateralJoinSource,
  LimitSource,
  MergeAction,
  MergeActionName,
  MergeSource,
  OffsetSource,
  OrderBySource,
  OutputSource,
  PipelineDefinition,
  PivotSource,
  Primitive,
  RenameColumnsSource,
  ReplaceSource,
  SampleSource,
  SchemaColumn,
  SchemaEnforceSource,
  Scd2Source,
  SelectSource,
  SetOperationOptions,
  SortKey,
  Source,
  SourceKind,
  SourceOfKind,
  TailSource,
  TransposeSource,
  FlattenSource,
  ParseSource,
  TransformationKind,
  TransformationSource,
  UnionSource,
  UnpivotSource,
  WhereSource,
  WriteMode,
} from './definition';
export {
  DEFINITION_ERROR_CODES,
  atPosition,
  definitionCatalogue,
  isDefinitionError,
  parseError,
} from './errors';
export type { DefinitionError, DefinitionErrorCode, DefinitionErrorDetails } from './errors';
export { MAX_DOCUMENT_CHARS, MAX_EXPANDED_CHARS, MAX_EXPANDED_NODES, MAX_NESTING_DEPTH } from './limits';
export { parseYaml } from './yaml/parse-yaml';
export type { ParsedYaml, TextPosition } from './yaml/parse-yaml';
export { readDocument } from './yaml/read-document';
export type { AssetListField, RawAssetList, RawDocument } from './yaml/read-document';
export {
  YamlScalar,
  describeNode,
  fromJsonValue,
  isRawList,
  isRawMap,
  isRawNull,
  toJsonValue,
} from './yaml/raw-node';
export type { RawList, RawMap, RawNode, ScalarTag } from './yaml/raw-node';
export {
  VARIABLE_NAME_PATTERN,
  createSubstitutionBudget,
  formatFieldPath,
  substituteNode,
  substituteText,
} from './variables/substitute';
export type {
  FieldVariableProblem,
  NodeSubstitutionResult,
  SubstitutionBudget,
  SubstitutionResult,
  VariableProblem,
  Variables,
} from './variables/substitute';
export {
  DEFAULT_OPTIONS,
  DEFAULT_WRITE_MODE,
  FORMAT_OPTIONS,
  acceptedOptionNames,
  effectiveOptions,
  findOption,
  isFormat,
  isWriteMode,
  normalizeOptions,
} from './formats/formats';
export type { OptionIssue, OptionSpec, OptionValueType, OptionsResult } from './formats/formats';
export { defaultLabel, defineKind } from './kinds/kind-definition';
export type { AnyKindDefinition, FileFields, KindDefinition, KindRole, KindSpec } from './kinds/kind-definition';
export { expressionSlots, withTrees } from './kinds/fields';
export type { ExpressionField, ExpressionSlot, ExpressionUse, FieldSchema, GroupKeys, WrittenExpression } from './kinds/fields';
export {
  KINDS,
  KIND_NAMES,
  TRANSFORMATION_KINDS,
  findKind,
  isSourceKind,
  isTransformation,
  kindOf,
  sourceUpstream,
} from './kinds/registry';
export { checkFields, coerceToSchema, fieldIssues } from './kinds/check-fields';
export type { FieldCheckResult, FieldIssue } from './kinds/check-fields';
export { MAX_PIVOT_VALUES } from './kinds/pivot';
export {
  QUALITY_CHECK_TYPES,
  QUALITY_SEVERITIES,
  STATISTICS,
  VALIDITY_FORMATS,
  qualitySuiteAssets,
} from './quality/quality-suite';
export type {
  CompletenessCheck,
  ConditionCheck,
  ConditionCheckType,
  FreshnessCheck,
  QualityBound,
  QualityCheck,
  QualityCheckCommon,
  QualityCheckOf,
  QualityCheckType,
  QualityRange,
  QualitySeverity,
  QualitySuite,
  ReferentialCheck,
  SchemaCheck,
  Statistic,
  StatisticalCheck,
  ThresholdCheck,
  ThresholdEscalation,
  UniquenessCheck,
  ValidityCheck,
  ValidityFormat,
  VolumeCheck,
} from './quality/quality-suite';
export { compileGlob, globProblem, MAX_GLOB_LENGTH } from './quality/glob';
export type { GlobMatcher } from './quality/glob';
export { DependencyCycleError, findCycle, layoutGraph } from './graph/dependency-graph';
export type { GraphLayout, GraphNode } from './graph/dependency-graph';
