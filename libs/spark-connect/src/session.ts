/**
 * One Spark Connect session: SQL and plans run in it and stream their Arrow batches back, its
 * operations can be interrupted, and `release()` ends it on the server (its temporary views and
 * cached relations go). Every call sends the server-side session id seen first, so a restarted
 * server answers "session changed" (SPARK_UNAVAILABLE) instead of silently starting afresh.
 */
import { randomUUID } from 'node:crypto';
import type { ClientError, Metadata } from 'nice-grpc';
import { readArrowRows, type SparkValue } from './arrow-rows';
import { callError, errorInfoOf, type SparkErrorInfo } from './call-errors';
import { sparkCatalogue } from './errors';
import type { Expression_Literal } from './generated/spark/connect/expressions';
import type { Plan } from './generated/spark/connect/plan';
import {
  InterruptRequest_InterruptType,
  type ExecutePlanResponse,
  type SparkConnectServiceClient,
  type UserContext,
} from './generated/spark/connect/service';
import { fromProtoType, type SparkField } from './spark-type';
import type { SparkConnectUrl } from './url';

/** Options of a call: `signal` cancels it (the operation is interrupted on the server too). */
export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** The rows of a query and their columns. */
export interface SparkResult {
  readonly columns: readonly SparkField[];
  /** Positional values (a query may name two columns alike); see arrow-rows for their types. */
  readonly rows: readonly (readonly SparkValue[])[];
  /** The operation's id (what Interrupt names). */
  readonly operationId: string;
  /**
   * What the plan's CollectMetrics relations observed, by their name: each metric's value by its
   * name (a write observes too, since Spark 4.0).
   */
  readonly observed: ReadonlyMap<string, Readonly<Record<string, ObservedValue>>>;
}

/** An observed metric's value (a long is a number: counts stay far below 2^53). */
export type ObservedValue = null | boolean | number | string;

/** A Spark Connect session. */
export interface SparkSession {
  /** The session id (a UUID). */
  readonly id: string;
  /** Runs one SQL statement and collects its rows (a command gives its result rows, often none). */
  sql(text: string, options?: CallOptions): Promise<SparkResult>;
  /** Runs a plan (a relation or a command) and collects its rows. */
  execute(plan: Plan, options?: CallOptions): Promise<SparkResult>;
  /** The columns a SQL query would give, without running it (AnalyzePlan). */
  schemaOf(text: string, options?: CallOptions): Promise<readonly SparkField[]>;
  /** The columns a plan would give, without running it. */
  analyze(plan: Plan, options?: CallOptions): Promise<readonly SparkField[]>;
  /** The server's Spark version. */
  sparkVersion(options?: CallOptions): Promise<string>;
  /** Interrupts every running operation of the session; resolves to the ids interrupted. */
  interrupt(): Promise<readonly string[]>;
  /** Ends the session on the server; later calls fail with SPARK_SESSION_RELEASED. Idempotent. */
  release(): Promise<void>;
}

/** What a session needs from its client. */
export interface SessionContext {
  readonly client: SparkConnectServiceClient;
  readonly url: SparkConnectUrl;
  readonly clientType: string;
  readonly sessionId?: string;
}

/** A session of `context.client` (see {@link SparkSession}). */
export function createSparkSession(context: SessionContext): SparkSession {
  const { client, url, clientType } = context;
  const id = context.sessionId ?? randomUUID();
  const userContext: UserContext = { userId: url.userId ?? 'pipeline-service', userName: url.userId ?? 'pipeline-service' };
  let serverSideSessionId: string | undefined;
  let released = false;
  const observed = () => (serverSideSessionId === undefined ? {} : { clientObservedServerSideSessionId: serverSideSessionId });
  const see = (serverSide: string) => {
    if (serverSide !== '' && serverSideSessionId === undefined) serverSideSessionId = serverSide;
  };
  const checkOpen = () => {
    if (released) throw sparkCatalogue.create('SPARK_SESSION_RELEASED', { sessionId: id });
  };

  /** Runs `call` with the caller's signal; a failure becomes a catalogue error, with Spark's details. */
  async function guarded<T>(
    options: CallOptions | undefined,
    operationId: string | undefined,
    call: (callOptions: { signal: AbortSignal; onTrailer: (t: Metadata) => void }) => Promise<T>,
    onAbort?: () => void,
  ): Promise<T> {
    checkOpen();
    const controller = new AbortController();
    let aborted = false;
    const abort = () => {
      aborted = true;
      onAbort?.();
      controller.abort();
    };
    if (options?.signal?.aborted) abort();
    options?.signal?.addEventListener('abort', abort, { once: true });
    let trailer: Metadata | undefined;
    try {
      if (aborted) throw new Error('aborted before it started');
      return await call({ signal: controller.signal, onTrailer: (t) => (trailer = t) });
    } catch (e) {
      let info: SparkErrorInfo | undefined;
      if (isClientError(e)) {
        info = errorInfoOf(e, trailer);
        info = await fullMessage(info);
      }
      throw callError(e, info, { address: url.address, ...(operationId === undefined ? {} : { operationId }), aborted });
    } finally {
      options?.signal?.removeEventListener('abort', abort);
    }
  }

  // The status message may be cut short by the server; FetchErrorDetails has the whole of it.
  async function fullMessage(info: SparkErrorInfo): Promise<SparkErrorInfo> {
    if (info.errorId === undefined) return info;
    try {
      const details = await client.fetchErrorDetails(
        { sessionId: id, userContext, errorId: info.errorId, clientType, ...observed() },
        { signal: AbortSignal.timeout(5_000) },
      );
      const root = details.rootErrorIdx === undefined ? undefined : details.errors[details.rootErrorIdx];
      if (root === undefined) return info;
      const throwable = root.sparkThrowable;
      return {
        ...info,
        message: root.message || info.message,
        ...(throwable?.errorClass ? { errorClass: throwable.errorClass } : {}),
        ...(throwable?.sqlState ? { sqlState: throwable.sqlState } : {}),
      };
    } catch {
      return info;
    }
  }

  async function execute(plan: Plan, options?: CallOptions): Promise<SparkResult> {
    const operationId = randomUUID();
    const interruptThis = () => {
      // Spark 4.0 stops an execution whose stream is cancelled; the Interrupt stops it also where
      // the cancel does not reach Spark (a proxy in between keeps its side of the stream open).
      client
        .interrupt(
          {
            sessionId: id,
            userContext,
            clientType,
            interruptType: InterruptRequest_InterruptType.INTERRUPT_TYPE_OPERATION_ID,
            operationId,
            ...observed(),
          },
          { signal: AbortSignal.timeout(10_000) },
        )
        .catch(() => undefined);
    };
    return guarded(
      options,
      operationId,
      async (callOptions) => {
        const stream = client.executePlan({ sessionId: id, userContext, clientType, plan, operationId, tags: [], ...observed() }, callOptions);
        let columns: readonly SparkField[] | undefined;
        const rows: SparkValue[][] = [];
        const metrics = new Map<string, Record<string, ObservedValue>>();
        for await (const response of stream) {
          see(response.serverSideSessionId);
          for (const m of response.observedMetrics) metrics.set(m.name, Object.fromEntries(m.keys.map((key, i) => [key, literalValue(m.values[i])])));
          if (response.schema !== undefined && columns === undefined) columns = structFields(response);
          if (response.arrowBatch !== undefined && response.arrowBatch.data.length > 0) {
            for (const row of readArrowRows(response.arrowBatch.data).rows) rows.push(row);
          }
        }
        return { columns: columns ?? [], rows, operationId, observed: metrics };
      },
      interruptThis,
    );
  }

  async function analyze(plan: Plan, options?: CallOptions): Promise<readonly SparkField[]> {
    const response = await guarded(options, undefined, (callOptions) =>
      client.analyzePlan({ sessionId: id, userContext, clientType, schema: { plan }, ...observed() }, callOptions),
    );
    see(response.serverSideSessionId);
    const type = fromProtoType(response.schema?.schema);
    if (type.kind !== 'struct') throw sparkCatalogue.create('SPARK_PROTOCOL', { reason: `AnalyzePlan gave a ${type.kind} schema, not a struct` });
    return type.fields;
  }

  const sqlPlan = (text: string): Plan => ({ root: { sql: { query: text } } });

  return {
    id,
    sql: (text, options) => execute(sqlPlan(text), options),
    execute,
    schemaOf: (text, options) => analyze(sqlPlan(text), options),
    analyze,
    async sparkVersion(options) {
      const response = await guarded(options, undefined, (callOptions) =>
        client.analyzePlan({ sessionId: id, userContext, clientType, sparkVersion: {}, ...observed() }, callOptions),
      );
      see(response.serverSideSessionId);
      return response.sparkVersion?.version ?? '';
    },
    async interrupt() {
      const response = await guarded(undefined, undefined, (callOptions) =>
        client.interrupt(
          { sessionId: id, userContext, clientType, interruptType: InterruptRequest_InterruptType.INTERRUPT_TYPE_ALL, ...observed() },
          callOptions,
        ),
      );
      return response.interruptedIds;
    },
    async release() {
      if (released) return;
      const releaseOnce = () => guarded(undefined, undefined, (callOptions) => client.releaseSession({ sessionId: id, userContext, clientType, allowReconnect: false }, callOptions));
      // An operation interrupted a moment ago may not have reached a final state on the server yet
      // (Spark then refuses to close it: "... with status ReadyForExecution is not within statuses
      // List(Finished, Failed, Canceled) for event Closed"); it gets there within moments.
      for (let attempt = 1; ; attempt++) {
        try {
          await releaseOnce();
          break;
        } catch (e) {
          if (attempt >= RELEASE_ATTEMPTS || !isOperationStillClosing(e)) throw e;
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
      released = true;
    },
  };
}

function literalValue(literal: Expression_Literal | undefined): ObservedValue {
  if (literal === undefined) return null;
  return literal.long ?? literal.integer ?? literal.double ?? literal.string ?? literal.boolean ?? null;
}

function structFields(response: ExecutePlanResponse): readonly SparkField[] {
  const type = fromProtoType(response.schema);
  return type.kind === 'struct' ? type.fields : [{ name: 'value', type, nullable: true }];
}

/** Tries of ReleaseSession while an operation of the session is still closing (about 6 s in all). */
const RELEASE_ATTEMPTS = 8;

function isOperationStillClosing(e: unknown): boolean {
  return sparkCatalogue.is(e) && e.code === 'SPARK_QUERY_FAILED' && /is not within statuses .*for event Closed/s.test(e.message);
}

function isClientError(e: unknown): e is ClientError {
  return e instanceof Error && e.name === 'ClientError';
}
