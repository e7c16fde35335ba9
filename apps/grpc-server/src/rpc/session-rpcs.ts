/**
 * The low-level session RPCs and InspectSource, as thin translations of the jobs library's
 * session manager.
 */
import type { SessionManager } from '@pipeline/sessions';
import type { PipelineServiceImplementation } from '../generated/pipeline/v1/pipeline';

type SessionRpcs = Pick<
  PipelineServiceImplementation,
  'inspectSource' | 'createSession' | 'closeSession' | 'readInput' | 'applyTransform' | 'writeOutput' | 'executePipeline'
>;

/** The session RPCs over `sessions`. */
export function sessionRpcs(sessions: SessionManager): SessionRpcs {
  return {
    async inspectSource(request, { signal }) {
      const result = await sessions.inspect({ format: request.format, path: request.path, options: request.options }, { signal });
      return { fields: result.fields.map((f) => ({ name: f.name, dataType: f.dataType, nullable: f.nullable })), rowCount: result.rowCount };
    },
    async createSession(request) {
      const { sessionId } = await sessions.create(request.backend);
      return { sessionId };
    },
    async closeSession(request) {
      await sessions.close(request.sessionId);
      return {};
    },
    async readInput(request, { signal }) {
      return sessions.readInput(
        request.sessionId,
        { assetName: request.assetName, format: request.format, path: request.path, options: request.options },
        { signal },
      );
    },
    async applyTransform(request, { signal }) {
      return sessions.applyTransform(
        request.sessionId,
        { assetName: request.assetName, sourceJson: request.sourceJson, inputHandles: request.inputHandles },
        { signal },
      );
    },
    async writeOutput(request, { signal }) {
      const result = await sessions.writeOutput(
        request.sessionId,
        {
          handleId: request.handleId,
          format: request.format,
          path: request.path,
          mode: request.mode,
          options: request.options,
        },
        { signal },
      );
      return { rowsWritten: result.rowsWritten };
    },
    async executePipeline(request, { signal }) {
      return sessions.executePipeline(request.sessionId, { yaml: request.yaml, variables: request.variables }, { signal });
    },
  };
}
