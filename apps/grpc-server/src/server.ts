/**
 * The gRPC server: pipeline.v1.PipelineService, the standard grpc.health.v1.Health service and
 * server reflection; middlewares for the access log, the metrics, the access tokens and the
 * status table; and a graceful shutdown that reports NOT_SERVING, lets running calls finish for a
 * grace period, then cancels the rest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServerError, Status, createServer, type CallContext, type ServerMiddleware, type ServerMiddlewareCall } from 'nice-grpc';
import { HealthDefinition, HealthServiceImpl, HealthState } from 'nice-grpc-server-health';
import { ServerReflection, ServerReflectionService } from 'nice-grpc-server-reflection';
import { toStatusAnswer } from './errors';
import { withTolerantDecoding } from './rpc/malformed-request';
import { PipelineServiceDefinition, type PipelineServiceImplementation } from './generated/pipeline/v1/pipeline';
import type { ServiceMetrics } from '@pipeline/metrics';
import { errorFields, requestIdFrom, watchReadiness, type AccessControl, type Logger, type Readiness } from '@pipeline/server-kit';

/** File name of the FileDescriptorSet served by reflection (built by the codegen target). */
export const DESCRIPTOR_SET_FILE = 'pipeline.binpb';

/** Services listed by reflection. */
export const REFLECTED_SERVICES = [PipelineServiceDefinition.fullName, 'grpc.health.v1.Health'] as const;

/** What {@link startGrpcServer} needs. */
export interface GrpcServerOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly service: PipelineServiceImplementation;
  readonly logger: Logger;
  /** Encoded FileDescriptorSet for reflection; default: read {@link DESCRIPTOR_SET_FILE} beside the code. */
  readonly descriptorSet?: Uint8Array;
  /** Where each call's latency is recorded, by RPC and status code; none when undefined. */
  readonly metrics?: ServiceMetrics;
  /** Who may call (built from the token settings by main.ts); default: anyone. */
  readonly access?: AccessControl;
  /**
   * Whether the service can take work: the health status of `pipeline.v1.PipelineService`
   * follows it (checked every `readinessCheckMs`, default 2 s). The whole server's status ("")
   * stays SERVING while it serves (liveness). Default: SERVING once listening.
   */
  readonly readiness?: () => Promise<Readiness>;
  readonly readinessCheckMs?: number;
}

/** The calls answered without an access token: liveness, ours and the standard health service. */
export const OPEN_METHODS: ReadonlySet<string> = new Set([
  `/${PipelineServiceDefinition.fullName}/Health`,
  '/grpc.health.v1.Health/Check',
  '/grpc.health.v1.Health/Watch',
]);

/** A listening server. */
export interface RunningGrpcServer {
  /** The bound port (the real one when 0 was asked). */
  readonly port: number;
  readonly health: HealthState;
  /**
   * Stops taking calls, waits up to `graceMs` for running ones, then cancels what is left.
   * Safe to call more than once; called again with 0, the grace ends at once.
   */
  shutdown(graceMs?: number): Promise<void>;
}

/** Finds the descriptor set: next to the bundle, or in the generated folder when run from sources. */
export function loadDescriptorSet(dir: string = __dirname): Uint8Array {
  for (const file of [join(dir, DESCRIPTOR_SET_FILE), join(dir, 'generated', DESCRIPTOR_SET_FILE)]) {
    if (existsSync(file)) return readFileSync(file);
  }
  throw new Error(`reflection descriptor set ${DESCRIPTOR_SET_FILE} not found beside ${dir} (run the codegen target)`);
}

/**
 * Applies the status table to whatever a handler throws, and logs the unexpected with the
 * request id (see {@link callLogMiddleware}).
 */
export function errorMiddleware(logger: Logger): ServerMiddleware {
  return async function* statusMiddleware<Request, Response>(
    call: ServerMiddlewareCall<Request, Response>,
    context: CallContext,
  ): AsyncGenerator<Response, Response | void, undefined> {
    const requestId = requestIdOf(context);
    try {
      return yield* call.next(call.request, context);
    } catch (e) {
      // A call the client abandoned: nice-grpc answers CANCELLED for abort errors.
      if (context.signal.aborted) throw e;
      const answer = toStatusAnswer(e);
      if (answer.unexpected) {
        logger.error({ requestId, method: call.method.path, ...errorFields(e) }, 'unexpected error in gRPC call');
      }
      throw answer.error;
    }
  };
}

/**
 * The outermost middleware: gives every call a request id (the client's `x-request-id` metadata
 * when usable) on its context (`requestIdOf`), and once the call has ended writes its access log
 * line (info: method, status name as the client gets it, duration, request id).
 */
export function callLogMiddleware(logger: Logger): ServerMiddleware {
  return async function* accessLogMiddleware<Request, Response>(
    call: ServerMiddlewareCall<Request, Response>,
    context: CallContext,
  ): AsyncGenerator<Response, Response | void, undefined> {
    const requestId = requestIdFrom(context.metadata.get('x-request-id'));
    const started = process.hrtime.bigint();
    let status = 'OK';
    try {
      return yield* call.next(call.request, { ...context, requestId } as CallContext);
    } catch (e) {
      status = statusName(e, context);
      throw e;
    } finally {
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e3) / 1e3;
      logger.info({ requestId, method: call.method.path, status, durationMs }, 'request');
    }
  };
}

/**
 * With access tokens, every call but {@link OPEN_METHODS} needs `authorization: Bearer <token>`
 * metadata; anything else is UNAUTHENTICATED `unauthorized`, before the handler runs.
 */
export function accessMiddleware(access: AccessControl): ServerMiddleware {
  return async function* tokenMiddleware<Request, Response>(
    call: ServerMiddlewareCall<Request, Response>,
    context: CallContext,
  ): AsyncGenerator<Response, Response | void, undefined> {
    if (access.enabled && !OPEN_METHODS.has(call.method.path) && !access.allows(context.metadata.get('authorization'))) {
      throw new ServerError(Status.UNAUTHENTICATED, 'unauthorized');
    }
    return yield* call.next(call.request, context);
  };
}

/** The status name a call ended with: the ServerError's, CANCELLED when the client went away, else UNKNOWN. */
function statusName(e: unknown, context: CallContext): string {
  return context.signal.aborted ? 'CANCELLED' : e instanceof ServerError ? Status[e.code] : 'UNKNOWN';
}

/**
 * Records every call's latency with its method path and final status name (outside the error
 * middleware, so it sees the status the client gets; CANCELLED when the client went away).
 */
export function metricsMiddleware(metrics: ServiceMetrics): ServerMiddleware {
  return async function* latencyMiddleware<Request, Response>(
    call: ServerMiddlewareCall<Request, Response>,
    context: CallContext,
  ): AsyncGenerator<Response, Response | void, undefined> {
    const started = process.hrtime.bigint();
    let code = 'OK';
    try {
      return yield* call.next(call.request, context);
    } catch (e) {
      code = statusName(e, context);
      throw e;
    } finally {
      metrics.observeRequest({ route: call.method.path, status: code }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
}

/** The request id the middleware gave a call (a fresh one for a context that did not pass through it). */
export function requestIdOf(context: CallContext): string {
  const id = (context as CallContext & { requestId?: unknown }).requestId;
  return typeof id === 'string' ? id : requestIdFrom(undefined);
}

/** Starts the server on `host:port`. */
export async function startGrpcServer(options: GrpcServerOptions): Promise<RunningGrpcServer> {
  const base = createServer({
    // Keep connections healthy behind load balancers that drop idle TCP.
    'grpc.keepalive_time_ms': 60_000,
    'grpc.max_receive_message_length': 16 * 1024 * 1024,
  });
  // Outermost first: the log and the metrics see the status the client gets, refusals included.
  const logged = base.use(callLogMiddleware(options.logger));
  const measured = options.metrics === undefined ? logged : logged.use(metricsMiddleware(options.metrics));
  const guarded = options.access === undefined ? measured : measured.use(accessMiddleware(options.access));
  const server = guarded.use(errorMiddleware(options.logger));
  const health = HealthState();
  server.add(withTolerantDecoding(PipelineServiceDefinition), options.service);
  server.add(HealthDefinition, HealthServiceImpl(health));
  server.add(
    ServerReflectionService,
    ServerReflection(options.descriptorSet ?? loadDescriptorSet(), [...REFLECTED_SERVICES]),
  );
  const port = await server.listen(`${options.host}:${options.port}`);
  health.setStatus('healthy');
  const service = PipelineServiceDefinition.fullName;
  const readiness = options.readiness;
  const watch =
    readiness === undefined
      ? (health.setStatus('healthy', service), undefined)
      : watchReadiness(
          readiness,
          (state) => {
            health.setStatus(state.ready ? 'healthy' : 'unhealthy', service);
            if (state.ready) options.logger.info({ service }, 'ready: SERVING');
            else options.logger.warn({ service, reason: state.reason }, `not ready: ${state.reason}`);
          },
          { intervalMs: options.readinessCheckMs },
        );

  let stopping: Promise<void> | undefined;
  let cutGrace: (() => void) | undefined;
  return {
    port,
    health,
    shutdown(graceMs = 10_000) {
      // Asked again with no grace (a second signal): the grace running now ends at once.
      if (stopping !== undefined && graceMs === 0) cutGrace?.();
      stopping ??= (async () => {
        watch?.stop();
        health.setStatus('unhealthy');
        health.setStatus('unhealthy', service);
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), graceMs);
          cutGrace = () => resolve('timeout');
        });
        const outcome = await Promise.race([server.shutdown().then(() => 'done' as const), grace]);
        clearTimeout(timer);
        if (outcome === 'timeout') {
          options.logger.info({ graceMs }, 'grace period over: cancelling the calls still running');
          server.forceShutdown();
        }
      })();
      return stopping;
    },
  };
}
