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
export { DEFAULT_BACKEND } from './backend-name';
export type { BackendName } from './backend-name';
export type { BackendDriver, PlanRuntime, PlanRuntimeStats } from './backend-driver';
export type { KindSupport, Unsupported } from './kinds/kind-support';
export { checkBackendSupport } from './kinds/check-backend-support';
export { checkColumns, columnErrors } from './check/check-columns';
export type { ColumnProblem } from './check/check-columns';
export { checkPipelineColumns, validatePipelineWithData } from './check/validate-with-data';
export type { InputColumnsConfig } from './check/validate-with-data';
export type {
  Backend,
  ColumnInfo,
  FieldInfo,
  HandleInfo,
  InspectResult,
  RunOptions,
  StepProgress,
  WriteResult,
} from './backend';
export { createBackend } from './create-backend';
export { executePlan } from './execute-plan';
export { compilePhysicalPlan } from './plan/compile-for-backend';
export { renderPhysicalPlan } from './plan/render-physical-plan';
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
export { createSharedDuckDb } from './duckdb/shared-session-database';
export type { SharedDuckDb, SharedDuckDbUsage } from './duckdb/shared-session-database';
export type { ExecutePlanConfig } from './execute-plan';
export { createEngineRuntime } from './engine-runtime';
export type { EngineRuntime, EngineRuntimeStats, RuntimeRunOptions } from './engine-runtime';
export type { ExecutionResult, OutputResult, StepTiming } from './execution-result';
export { resolveDuckDbSettings } from './config';
export type { DuckDbSettings, EngineConfig, ResolvedDuckDbSettings, SparkSettings } from './config';
export { SPARK_SESSION_SETTINGS } from './spark/session-settings';
export { sparkNotConfigured, sparkReadiness } from './spark/spark-readiness';
export {
  ENGINE_ERROR_CODES,
  engineCatalogue,
  fromPlainError,
  isCancelledError,
  isEngineError,
  SPEC_CODE_OF,
  toPlainError,
} from './errors';
export type { EngineError, EngineErrorCode, EngineErrorDetails, PlainEngineError, SpecErrorCode } from './errors';
export type { DataType } from './types/data-type';
export { functionCatalogue, functionsTable, kindCatalogue, kindsTable } from './docs/language-tables';
export type { FunctionCatalogueEntry, KindCatalogueEntry } from './docs/language-tables';
export { STALE_TEMP_AFTER_MS, sweepStaleTempFiles } from './io/stale-temp-files';
export { tempFileName, thisWriter } from './io/temp-name';
export type { TempWriter } from './io/temp-name';
export type { SweepOptions, SweepResult } from './io/stale-temp-files';
export { previewAsset, previewSteps, readOutputRows } from './rows/look';
export type { LookConfig, WrittenOutput } from './rows/look';
export { DEFAULT_ROWS_LIMIT, MAX_ROWS_LIMIT } from './rows/rows-result';
export type { RowsColumn, RowsResult } from './rows/rows-result';
