/**
 * @pipeline/engine: executes plans on DuckDB (default, in-process, streamed) or danfojs-node
 * (pure JavaScript, small data), behind one Backend interface that the gRPC sessions drive step
 * by step. Every path stays inside the data root; every write is atomic; errors carry stable
 * codes and cross worker threads as plain data.
 *
 * @example
 * const result = await executePlan(createPlan(pipeline), { dataRoot: '/srv/data' }, { signal });
 * result.outputs; // [{ ref: 'summary', path: 'out/summary.parquet', rowsWritten: 4, skipped: false }]
 *
 * const runtime = createEngineRuntime({ dataRoot: '/srv/data' }); // a worker's: one DuckDB database for many plans
 * await runtime.executePlan(plan, { backend: 'duckdb', signal });
 *
 * process.stdout.write(renderPhysicalPlan(compilePhysicalPlan(plan, 'duckdb'))); // what it would run, without running it
 *
 * const backend = await createBackend('danfo', { dataRoot: '/srv/data' });
 * const raw = await backend.readInput('raw', { kind: 'input', format: 'csv', path: 'e.csv', options: {} });
 * await backend.close();
 */
export { BACKEND_DRIVERS, BACKEND_NAMES, backendDriver, parseBackendName } from './backend-drivers';
export { DEFAULT_BACKEND } from '@pipeline/engine-core';
export type { BackendName } from '@pipeline/engine-core';
export type { BackendDriver, PlanRuntime, PlanRuntimeStats } from '@pipeline/engine-core';
export type { KindSupport, Unsupported } from '@pipeline/engine-core';
export { checkBackendSupport } from './kinds/check-backend-support';
export { checkColumns, columnErrors } from '@pipeline/engine-core';
export type { ColumnProblem } from '@pipeline/engine-core';
export { checkPipelineColumns, validatePipelineWithData } from '@pipeline/engine-core';
export type { InputColumnsConfig } from '@pipeline/engine-core';
export type {
  Backend,
  ColumnInfo,
  FieldInfo,
  HandleInfo,
  InspectResult,
  RunOptions,
  StepProgress,
  WriteResult,
} from '@pipeline/engine-core';
export { createBackend } from './create-backend';
export { executePlan } from './execute-plan';
export { applyTransform } from '@pipeline/engine-core';
export { compilePhysicalPlan } from './plan/compile-for-backend';
export { renderPhysicalPlan } from '@pipeline/engine-core';
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
} from '@pipeline/engine-core';
export { createSharedDuckDb } from '@pipeline/engine-duckdb';
export type { SharedDuckDb, SharedDuckDbUsage } from '@pipeline/engine-duckdb';
export type { ExecutePlanConfig } from './execute-plan';
export { createEngineRuntime } from './engine-runtime';
export type { EngineRuntime, EngineRuntimeStats, RuntimeRunOptions } from './engine-runtime';
export type { ExecutionResult, OutputResult, RunLineage, StepTiming } from '@pipeline/engine-core';
export { resolveDuckDbSettings } from '@pipeline/engine-core';
export type { DuckDbSettings, EngineConfig, ResolvedDuckDbSettings, SparkSettings } from '@pipeline/engine-core';
export { SPARK_SESSION_SETTINGS } from '@pipeline/engine-spark';
export { sparkNotConfigured, sparkReadiness } from '@pipeline/engine-spark';
export type { ColumnLineage, ColumnOrigin, LineageSubtype, LineageType } from '@pipeline/engine-core';
export {
  ENGINE_ERROR_CODES,
  engineCatalogue,
  fromPlainError,
  isCancelledError,
  isEngineError,
  SPEC_CODE_OF,
  toPlainError,
} from '@pipeline/engine-core';
export type { EngineError, EngineErrorCode, EngineErrorDetails, PlainEngineError, SpecErrorCode } from '@pipeline/engine-core';
export type { DataType } from '@pipeline/engine-core';
export { functionCatalogue, functionsTable, kindCatalogue, kindsTable } from './docs/language-tables';
export type { FunctionCatalogueEntry, KindCatalogueEntry } from './docs/language-tables';
export { STALE_TEMP_AFTER_MS, sweepStaleTempFiles } from '@pipeline/engine-core';
export { tempFileName, thisWriter } from '@pipeline/engine-core';
export type { TempWriter } from '@pipeline/engine-core';
export type { SweepOptions, SweepResult } from '@pipeline/engine-core';
export { previewAsset, previewSteps, readOutputRows } from './rows/look';
export type { LookConfig, WrittenOutput } from './rows/look';
export { DEFAULT_ROWS_LIMIT, MAX_ROWS_LIMIT } from '@pipeline/engine-core';
export type { RowsColumn, RowsResult } from '@pipeline/engine-core';
