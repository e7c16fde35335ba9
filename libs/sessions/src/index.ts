/**
 * @pipeline/sessions: low-level sessions (the gRPC session RPCs). A session owns one backend
 * instance (DuckDB in this thread, danfo in a worker thread) and the handles (data frames)
 * created in it.
 *
 * @example
 * const sessions = createSessionManager({ dataRoot: '/data', ttlMs: 30 * 60_000, maxSessions: 100 });
 * const { sessionId } = await sessions.create('duckdb');
 * const raw = await sessions.readInput(sessionId, { assetName: 'raw', format: 'csv', path: 'employees.csv' });
 * const rich = await sessions.applyTransform(sessionId, {
 *   assetName: 'rich',
 *   sourceJson: '{"where":{"from":"raw","filter":"salary > 50000"}}',
 *   inputHandles: { raw: raw.handleId },
 * });
 * await sessions.writeOutput(sessionId, { handleId: rich.handleId, format: 'csv', path: 'out/rich.csv', mode: 'overwrite' });
 * await sessions.close(sessionId);
 */
export {
  createSessionManager,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_TTL_MS,
  type SessionManager,
  type SessionManagerOptions,
  type HandleResult,
  type ExecuteResult,
  type SessionCallOptions,
  type ReadInputRequest,
  type ApplyTransformRequest,
  type WriteOutputRequest,
  type ExecutePipelineRequest,
  type InspectRequest,
} from './session-manager';
export { SESSION_ERROR_CODES, isSessionError, sessionCatalogue, sessionErrors } from './errors';
export type { SessionError, SessionErrorCode, SessionPublicErrorCode } from './errors';
export { createSessionEngineFactory, type SessionEngineFactory, type SourceSchema } from './engine-factory';
export type { SessionEngine, EngineHandle, EngineCallOptions } from './session-engine';
export { SESSION_WORKER_FILE_NAME, resolveSessionWorkerFile } from './worker/worker-file';
