import { createChannel, createClient, ServerError, Status } from 'nice-grpc';
import { HealthDefinition } from 'nice-grpc-server-health';
import { PipelineServiceDefinition, type PipelineServiceImplementation } from './generated/pipeline/v1/pipeline';
import { createRecordingLogger, type Logger } from '@pipeline/server-kit';
import { startGrpcServer, type RunningGrpcServer } from './server';

// The transport shell on its own: status table middleware, health, graceful shutdown. Only the
// RPCs used here are implemented; the others answer UNIMPLEMENTED.
function service(overrides: Partial<PipelineServiceImplementation>): PipelineServiceImplementation {
  return new Proxy(overrides, {
    get: (target, key: string) =>
      target[key as keyof PipelineServiceImplementation] ??
      (async () => {
        throw new ServerError(Status.UNIMPLEMENTED, key);
      }),
  }) as PipelineServiceImplementation;
}

/** A logger recording its lines; `errors` are the error lines as `{message, fields}`. */
function recordingLogger(): Logger & { errors: { message: string; fields?: Record<string, unknown> }[] } {
  const { logger, lines } = createRecordingLogger('grpc-server');
  return Object.defineProperty(logger, 'errors', {
    get: () =>
      lines
        .filter((line) => Number(line['level']) >= 50)
        .map((line) => ({ message: String(line['msg']), fields: { ...line, error: (line['error'] as { stack?: string })?.stack ?? line['error'] } })),
  }) as Logger & { errors: { message: string; fields?: Record<string, unknown> }[] };
}

async function codeAndMessage(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    const err = e as { code: Status; details: string };
    return `${Status[err.code]}: ${err.details}`;
  }
}

describe('startGrpcServer', () => {
  let server: RunningGrpcServer | undefined;
  afterEach(async () => {
    await server?.shutdown(100);
    server = undefined;
  });

  it('maps library errors through the status table and hides unexpected ones', async () => {
    const logger = recordingLogger();
    server = await startGrpcServer({
      host: '127.0.0.1',
      port: 0,
      logger,
      service: service({
        getJob: async () => {
          throw Object.assign(new Error('job queue is full'), { code: 'JOB_QUEUE_FULL' });
        },
        listJobs: async () => {
          throw new TypeError('cannot read properties of undefined');
        },
      }),
    });
    const client = createClient(PipelineServiceDefinition, createChannel(`127.0.0.1:${server.port}`));
    expect(await codeAndMessage(client.getJob({ jobId: 'x' }))).toBe('RESOURCE_EXHAUSTED: job queue is full');
    expect(await codeAndMessage(client.listJobs({}))).toBe('INTERNAL: internal error');
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0].fields?.['method']).toBe('/pipeline.v1.PipelineService/ListJobs');
    expect(logger.errors[0].fields?.['requestId']).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(logger.errors[0].fields?.['error'])).toContain('cannot read properties of undefined');
  });

  it('reports SERVING, then NOT_SERVING while shutting down; calls within the grace period finish', async () => {
    let release: () => void = () => undefined;
    server = await startGrpcServer({
      host: '127.0.0.1',
      port: 0,
      logger: recordingLogger(),
      service: service({
        health: () => new Promise((resolve) => (release = () => resolve({ status: 'ok', version: 'test' }))),
      }),
    });
    const channel = createChannel(`127.0.0.1:${server.port}`);
    const health = createClient(HealthDefinition, channel);
    await expect(health.check({ service: '' })).resolves.toEqual({ status: 1 });
    const client = createClient(PipelineServiceDefinition, channel);
    const slow = client.health({});
    await new Promise((r) => setTimeout(r, 50));
    const stopping = server.shutdown(5000);
    expect(server.health.getStatus()).toBe('unhealthy');
    release();
    await expect(slow).resolves.toEqual({ status: 'ok', version: 'test' });
    await stopping;
    channel.close();
  });

  it('cancels calls still running when the grace period is over', async () => {
    server = await startGrpcServer({
      host: '127.0.0.1',
      port: 0,
      logger: recordingLogger(),
      service: service({ health: () => new Promise(() => undefined) }),
    });
    const channel = createChannel(`127.0.0.1:${server.port}`);
    const stuck = createClient(PipelineServiceDefinition, channel).health({});
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await server.shutdown(200);
    expect(await codeAndMessage(stuck)).toMatch(/^CANCELLED|^UNAVAILABLE/);
    expect(Date.now() - started).toBeLessThan(2000);
    channel.close();
  });
});
