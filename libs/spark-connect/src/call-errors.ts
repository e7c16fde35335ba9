/**
 * Turns a failed Spark Connect call into an error of the catalogue. Spark puts its structured
 * error in the `grpc-status-details-bin` trailer: a google.rpc.Status whose ErrorInfo detail has
 * the exception class (`reason`) and metadata `errorClass`, `sqlState`, `errorId`; the full
 * message, when the status one was cut, comes from FetchErrorDetails.
 */
import type { ClientError, Metadata } from 'nice-grpc';
import { sparkCatalogue, type SparkConnectError } from './errors';
import { loadGrpc } from './lazy-packages';
import { ErrorInfo } from './generated/google/rpc/error_details';
import { Status as RpcStatus } from './generated/google/rpc/status';

const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';

/** What Spark said about a failed call. */
export interface SparkErrorInfo {
  readonly message: string;
  readonly exception?: string;
  readonly errorClass?: string;
  readonly sqlState?: string;
  readonly errorId?: string;
}

/** Reads Spark's ErrorInfo from a call's trailer, if there is one. */
export function errorInfoOf(error: ClientError, trailer: Metadata | undefined): SparkErrorInfo {
  const raw = trailer?.get('grpc-status-details-bin');
  const base: SparkErrorInfo = { message: error.details };
  if (!(raw instanceof Uint8Array)) return base;
  let status: RpcStatus;
  try {
    status = RpcStatus.decode(raw);
  } catch {
    return base;
  }
  const detail = status.details.find((d) => d.typeUrl === ERROR_INFO_TYPE);
  if (detail === undefined) return { ...base, message: status.message || base.message };
  const info = ErrorInfo.decode(detail.value);
  const meta = info.metadata;
  return {
    message: status.message || base.message,
    ...(info.reason === '' ? {} : { exception: info.reason }),
    ...(nonEmpty(meta['errorClass']) ? { errorClass: meta['errorClass'] } : {}),
    ...(nonEmpty(meta['sqlState']) ? { sqlState: meta['sqlState'] } : {}),
    ...(nonEmpty(meta['errorId']) ? { errorId: meta['errorId'] } : {}),
  };
}

function nonEmpty(s: string | undefined): s is string {
  return s !== undefined && s !== '';
}

// Error classes that say the server-side session is gone: a restarted or replaced server.
const SESSION_LOST = /^INVALID_HANDLE\.(SESSION_CHANGED|SESSION_NOT_FOUND)/;
// What a server shutting down answers while its SparkContext stops (a stop or restart under a
// running query): the server is going away, so this is "unavailable", not the query's failure.
const SHUTTING_DOWN = /stopped SparkContext|SparkContext (?:was|has been) shut ?down/;
// grpc-java's answer when an exception escapes the server's handler: Spark Connect turns every
// error of a query into a status with its class, so a bare one means the server itself broke, as
// it does while it stops under a running call (seen in a restart test).
const HANDLER_ESCAPED = 'Application error processing RPC';
// Error classes of an operation that was interrupted.
const INTERRUPTED = /^OPERATION_CANCELED|^INTERRUPTED/;

/** Context of a failed call for its error. */
export interface CallContext {
  readonly address: string;
  readonly operationId?: string;
  /** True when the caller's own signal aborted the call. */
  readonly aborted?: boolean;
}

/** The catalogue error for a failed call (`info` from {@link errorInfoOf}). */
export function callError(error: unknown, info: SparkErrorInfo | undefined, context: CallContext): SparkConnectError {
  if (sparkCatalogue.is(error)) return error;
  const { ClientError, Status } = loadGrpc();
  const operation = context.operationId === undefined ? {} : { operationId: context.operationId };
  if (context.aborted === true) {
    return sparkCatalogue.create('SPARK_CANCELLED', { ...operation, reason: 'the caller cancelled it' }, { cause: error });
  }
  if (!(error instanceof ClientError)) {
    if (error instanceof Error && error.name === 'AbortError') {
      return sparkCatalogue.create('SPARK_CANCELLED', { ...operation, reason: 'the caller cancelled it' }, { cause: error });
    }
    return sparkCatalogue.create('SPARK_UNAVAILABLE', { address: context.address, reason: describe(error) }, { cause: error });
  }
  const said = info ?? { message: error.details };
  switch (error.code) {
    case Status.UNAVAILABLE:
    case Status.DEADLINE_EXCEEDED:
      return sparkCatalogue.create('SPARK_UNAVAILABLE', { address: context.address, reason: transportReason(said.message) }, { cause: error });
    case Status.UNAUTHENTICATED:
    case Status.PERMISSION_DENIED:
      return sparkCatalogue.create('SPARK_AUTH_FAILED', { address: context.address, reason: said.message }, { cause: error });
    case Status.UNIMPLEMENTED:
      return sparkCatalogue.create(
        'SPARK_UNAVAILABLE',
        { address: context.address, reason: `the server does not serve ${error.path} (not a Spark Connect server of version 3.5 or later?)` },
        { cause: error },
      );
    case Status.CANCELLED:
      return sparkCatalogue.create('SPARK_CANCELLED', { ...operation, reason: said.message || 'cancelled by the server' }, { cause: error });
    default:
      break;
  }
  if (said.errorClass !== undefined && SESSION_LOST.test(said.errorClass)) {
    return sparkCatalogue.create(
      'SPARK_UNAVAILABLE',
      { address: context.address, reason: `the server lost the session (restarted?): ${said.message}` },
      { cause: error },
    );
  }
  if (error.code === Status.UNKNOWN && said.errorClass === undefined && said.message.trim() === HANDLER_ESCAPED) {
    return sparkCatalogue.create(
      'SPARK_UNAVAILABLE',
      { address: context.address, reason: `the server failed the call without an error of its own (${HANDLER_ESCAPED}): it may be stopping` },
      { cause: error },
    );
  }
  if (SHUTTING_DOWN.test(said.message)) {
    return sparkCatalogue.create(
      'SPARK_UNAVAILABLE',
      { address: context.address, reason: `the server is shutting down: ${firstLine(said.message)}` },
      { cause: error },
    );
  }
  if (said.errorClass !== undefined && INTERRUPTED.test(said.errorClass)) {
    return sparkCatalogue.create('SPARK_CANCELLED', { ...operation, reason: said.message }, { cause: error });
  }
  return sparkCatalogue.create(
    'SPARK_QUERY_FAILED',
    {
      message: withoutClassPrefix(said.message, said.errorClass),
      ...(said.errorClass === undefined ? {} : { errorClass: said.errorClass }),
      ...(said.sqlState === undefined ? {} : { sqlState: said.sqlState }),
      ...(said.exception === undefined ? {} : { exception: said.exception }),
      ...operation,
    },
    { cause: error },
  );
}

// Spark starts its messages with "[ERROR_CLASS] "; the catalogue message names the class already.
function withoutClassPrefix(message: string, errorClass: string | undefined): string {
  const prefix = errorClass === undefined ? '' : `[${errorClass}] `;
  return prefix !== '' && message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

// grpc-js wraps the socket error: "No connection established. Last error: Error: connect
// ECONNREFUSED 127.0.0.1:1. Resolution note: "; the socket error is the reason.
function transportReason(message: string): string {
  const last = /Last error: (?:Error: )?(.*?)(?:\.?\s*Resolution note:.*)?$/s.exec(message);
  const reason = (last?.[1] ?? message).trim();
  return reason === '' ? 'no answer' : reason;
}

// Spark appends the JVM stack of where the context was created and stopped; the reason needs none of it.
function firstLine(message: string): string {
  return (message.split('\n', 1)[0] ?? '').trim();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
