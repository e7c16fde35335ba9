/**
 * @pipeline/engine-core: what every backend shares and none owns: the model (data types, values,
 * formats), the binder (`bind/`), the physical plan (`plan/`) and the executor that runs it
 * (`exec/`), paths and atomic writes (`paths/`, `io/`), quality checks, the Backend and driver
 * interfaces and the engine's error catalogue. It imports no backend: the lint rule
 * (scope:engine-core) refuses one.
 *
 * @example
 * const bound = bindExpression(parseExpression('price * 2'), scope); // typed, literal arguments resolved
 * const physical = compileStreamed(plan, 'duckdb', options);          // a value: nothing has run yet
 * await executePhysicalPlan(physical, primitives, { signal });         // the one executor, on a backend's primitives
 */
export type { BackendDriver, PlanRuntime, PlanRuntimeStats } from './backend-driver';
export { DEFAULT_BACKEND } from './backend-name';
export type { BackendName } from './backend-name';
export type {
  AppliedHandle,
  Backend,
  ColumnInfo,
  FieldInfo,
  HandleInfo,
  InspectResult,
  RunOptions,
  StepProgress,
  WriteResult,
} from './backend';
export { commonElementType, zipFieldNames } from './bind/array-types';
export { bindExpression } from './bind/bind-expression';
export type { Column } from './bind/bind-expression';
export { bindSource, probeOf } from './bind/bind-source';
export type { BoundItem, BoundSource, BoundTransform } from './bind/bind-source';
export { bindAddColumns } from './bind/binders/add-columns';
export type { AddColumnStep } from './bind/binders/add-columns';
export type { FlattenStep } from './bind/binders/flatten';
export type { GeneratorName } from './bind/binders/generator';
export { setMask } from './bind/binders/grouping-sets';
export type { BoundGroupingSets } from './bind/binders/grouping-sets';
export { qualifiedName } from './bind/binders/join';
export type { JoinColumn } from './bind/binders/join';
export { asJoin } from './bind/binders/lateral-join';
export { mergeProblem } from './bind/binders/merge';
export type { BoundMergeAction } from './bind/binders/merge';
export { scd2Problems } from './bind/binders/scd2';
export { bindSelect } from './bind/binders/select';
export type { BoundSetOperation } from './bind/binders/set-operation';
export type {
  BoundBinary,
  BoundCall,
  BoundExpr,
  BoundFrameBound,
  BoundLike,
  BoundWindow,
  CallOf,
} from './bind/bound-expr';
export type { CallParams, EditedField } from './bind/call-params';
export { checkColumns, columnErrors } from './bind/check-columns';
export type { ColumnProblem } from './bind/check-columns';
export { checkColumnMetadata } from './bind/column-metadata';
export { structFieldNames } from './bind/function-types';
export type { FunctionTyping, Typing } from './bind/function-types';
export { MAX_PROBED_VALUES, checkedProbeAnswer } from './bind/probe';
export type { ProbeAnswer, ProbeRequest } from './bind/probe';
export { supertype } from './bind/supertype';
export { memoryLimitBytes, resolveDuckDbSettings } from './config';
export type { DuckDbSettings, EngineConfig, ResolvedDuckDbSettings, SparkSettings } from './config';
export {
  ENGINE_ERROR_CODES,
  SPEC_CODE_OF,
  assetPrefix,
  cancelled,
  engineCatalogue,
  engineError,
  fileNotFound,
  fromPlainError,
  hideDataRoots,
  hideInMessages,
  internalError,
  isCancelledError,
  isEngineError,
  outputExists,
  problemAfterAsset,
  readFailed,
  rebuildEngineError,
  throwIfAborted,
  toPlainError,
  unknownBackend,
  unsupportedFunction,
  unsupportedKind,
  unsupportedOutput,
} from './errors';
export type { EngineError, EngineErrorCode, EngineErrorDetails, PlainEngineError, SpecErrorCode } from './errors';
export { executePhysicalPlan } from './exec/execute-physical-plan';
export { handlePrimitives } from './exec/handle-primitives';
export { applyTransform, computeRelation } from './exec/compute-relation';
export type { Computed, PlanPrimitives, RelationLookup } from './exec/plan-primitives';
export { forEachRow } from './exec/row-loop';
export type { ExecutionResult, OutputResult, RunLineage, StepTiming } from './execution-result';
export { checkAppendColumns, concatenateAppend } from './formats/append-rules';
export { CsvSyntaxError, parseCsv } from './formats/csv-text';
export { csvFormat } from './formats/csv';
export { patternWriter, toStrftime } from './formats/date-pattern';
export type { DatePattern } from './formats/date-pattern';
export { FORMAT_MODULES, formatModule } from './formats/format-modules';
export type { FormatModuleTable } from './formats/format-modules';
export { readFormatOptions } from './formats/format-options';
export type { CsvOptions, FormatOptions, JsonOptions } from './formats/format-options';
export { JSON_FILE_TOO_DEEP, JsonDepthScanner, jsonFileNestsTooDeep } from './formats/json-depth-scan';
export { jsonArrayWithRecords, jsonFormat } from './formats/json';
export { decodeFile } from './formats/text-file';
export { jsonRecordTexts } from './formats/value-text';
export { HandleRegistry } from './handle-registry';
export { decideMode, prepareAtomicFile } from './io/atomic-write';
export { SETTLED_MS, SettledFileCache, fileIdentity } from './io/settled-file-cache';
export { locateInputFile } from './io/source-file';
export { skippedWrite, stagedFile, writeNow } from './io/staged-write';
export type { StagedWrite } from './io/staged-write';
export { STALE_TEMP_AFTER_MS, sweepStaleTempFiles } from './io/stale-temp-files';
export type { SweepOptions, SweepResult } from './io/stale-temp-files';
export { tempFileName, thisWriter } from './io/temp-name';
export type { TempWriter } from './io/temp-name';
export { firstUnsupportedFunction, firstUnsupportedKind, firstUnsupportedOutput, type OutputSupport, requireBackendSupport } from './kinds/backend-support';
export { callsIn, functionSupportOf, functionsCalled, isPartlySupported, partlySupported } from './kinds/function-support';
export type { CallFound, PartlySupported } from './kinds/function-support';
export { isUnsupported, kindSupportOf, unsupported } from './kinds/kind-support';
export type { KindSupport, Unsupported } from './kinds/kind-support';
export { MAX_CSV_LINE_BYTES, MAX_DANFO_INPUT_BYTES } from './limits';
export { openDataRoot, resolveInRoot } from './paths/data-root';
export type { DataRoot, ResolvedPath } from './paths/data-root';
export { writeNewFileChecked } from './paths/open-inside-root';
export { MAX_VIEW_DEPTH, compileHandles, compileStreamed } from './plan/compile-physical-plan';
export type {
  AssetStep,
  Blame,
  CommitStep,
  CompileOptions,
  Layout,
  PhysicalPlan,
  PhysicalStep,
  QualityStep,
  ReadStep,
  RelationStep,
  ReleaseStep,
  StageStep,
  Storage,
} from './plan/physical-plan';
export { isAssetStep } from './plan/physical-plan';
export { renderPhysicalPlan } from './plan/render-physical-plan';
export type { KeyCounts, MeasureRequest, Measurer, Measures } from './quality/measure';
export type { QualityResult } from './quality/quality-result';
export { rowChecksOf, runRowChecks, withRowChecks } from './quality/run-quality';
export { jsonCell, jsonNumber } from './rows/json-cell';
export { DEFAULT_ROWS_LIMIT, MAX_ROWS_LIMIT } from './rows/rows-result';
export type { RowsColumn, RowsResult } from './rows/rows-result';
export { compileWindowSql } from './sql/compile-window';
export { columnList, freshColumnName, numberedRows } from './sql/input-order';
export { quoteIdentifier, sqlInteger, sqlNumber, sqlString, sqlStringList } from './sql/sql-text';
export { requireTransform, upstreamHandleIds } from './transform-source';
export {
  INTEGRAL_RANGE,
  arrayType,
  decimalParts,
  decimalType,
  isFloating,
  isIntegral,
  isNumeric,
  mapType,
  nestedParts,
  structType,
} from './types/data-type';
export type { DataType } from './types/data-type';
export { CAST_FAILED, castValue } from './values/cast';
export { compareValues, valueKey } from './values/compare';
export { formatValue, roundHalfAwayFromZero } from './values/format-value';
export type { Value } from './values/format-value';
export {
  MAX_VALUE_BYTES,
  foldSizeProblem,
  growthLimitProblem,
  valueLimits,
  valueSizeProblem,
} from './values/growth-limit';
export type { ValueLimits } from './values/growth-limit';
export { addInterval, dayTimeField, intervalText } from './values/interval';
export { duckDbJsonPath } from './values/json-path';
export { checkLikePattern, compileLike } from './values/like';
export type { LikeMatcher } from './values/like';
export { poissonCumulative, poissonRepeats } from './values/poisson';
export { timestampReader } from './values/read-with-pattern';
export {
  StatisticOutOfRange,
  continuousQuantile,
  correlation,
  covariancePop,
  covarianceSamp,
  discreteQuantile,
  sparkMoment,
} from './values/statistics';
export {
  MICROS_PER_DAY,
  civilFromDays,
  daysFromCivil,
  formatDate,
  formatTime,
  isCalendarDate,
  parseDate,
  parseTimestamp,
  timestampFields,
} from './values/temporal';
export { truncate } from './values/truncate';
export { columnLineage } from './bind/column-lineage';
export type { ColumnLineage, ColumnOrigin, LineageStep, LineageSubtype, LineageType } from './bind/column-lineage';
export { MAX_LINEAGE_ORIGINS, runLineage } from './exec/run-lineage';
export { checkPipelineColumns, validatePipelineWithData } from './bind/validate-with-data';
export type { InputColumnsConfig } from './bind/validate-with-data';
export { knownInputColumns } from './bind/input-columns';
