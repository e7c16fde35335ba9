/**
 * The spark backend's handles, for the gRPC sessions driving it step by step: one Spark Connect
 * session per backend instance (the pinned settings first), every handle a cached temporary view
 * of it with an exact row count. Closing the instance releases the Spark session, and every view
 * and cache with it.
 */
import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import { connectSpark, type SparkClient, type SparkSession } from '@pipeline/spark-connect';
import {
  type Backend,
  type Blame,
  type EngineConfig,
  engineError,
  type AppliedHandle,
  type HandleInfo,
  HandleRegistry,
  type InspectResult,
  type MeasureRequest,
  type Measures,
  openDataRoot,
  requireTransform,
  type RowsResult,
  type RunOptions,
  type StagedWrite,
  unsupportedOutput,
  upstreamHandleIds,
  writeNow,
  type WriteResult,
} from '@pipeline/engine-core';
import { sparkOutputRefusal } from './json-lines';
import { sparkBlameField } from './physical-compiler';
import { sessionSettingStatements } from './session-settings';
import { sparkFailure } from './spark-errors';
import { sparkMeasurer } from './spark-measure';
import { sparkDataRootOf } from './spark-paths';
import { sparkPrimitives, type SparkRelation } from './spark-primitives';

interface SparkHandle {
  readonly id: string;
  readonly ref: string;
  readonly relation: SparkRelation;
  readonly rowCount: number;
}

/** Opens a Spark Connect session with the pinned settings; `remote` is the configured URL. */
export async function openSparkSession(remote: string, signal?: AbortSignal): Promise<{ client: SparkClient; session: SparkSession }> {
  const client = connectSpark(remote);
  const session = client.session();
  try {
    for (const statement of sessionSettingStatements()) await session.sql(statement, signal === undefined ? {} : { signal });
    return { client, session };
  } catch (e) {
    await session.release().catch(() => undefined);
    client.close();
    throw sparkFailure(e);
  }
}

/** The spark implementation of Backend: handles are cached views of one Spark Connect session. */
export class SparkBackend implements Backend {
  readonly name = 'spark' as const;
  private readonly handles = new HandleRegistry<SparkHandle>('spark');
  private views = 0;
  private counter = 0;
  private readonly primitives: ReturnType<typeof sparkPrimitives>;

  private constructor(
    private readonly client: SparkClient,
    private readonly session: SparkSession,
    config: EngineConfig & { readonly spark: { readonly remote: string } },
  ) {
    const root = openDataRoot(config.dataRoot);
    this.primitives = sparkPrimitives({
      session,
      root,
      sparkRoot: sparkDataRootOf(root, config.spark.dataRoot),
      nextName: (prefix) => `__${prefix}_${++this.views}`,
    });
  }

  /** Opens a Spark Connect session of `config.spark.remote` (the caller checked it is set). */
  static async open(config: EngineConfig & { readonly spark: { readonly remote: string } }): Promise<SparkBackend> {
    const { client, session } = await openSparkSession(config.spark.remote);
    return new SparkBackend(client, session, config);
  }

  /** The Spark Connect session id (tests ask the server about it). */
  get sessionId(): string {
    return this.session.id;
  }

  /** Registers a cached relation as a handle, with its exact row count. */
  private async keep(ref: string, relation: SparkRelation, blame: Blame, signal: AbortSignal | undefined): Promise<HandleInfo> {
    let rowCount: number;
    try {
      const { rows } = await this.session.sql(`SELECT count(*) FROM ${relation.name}`, signal === undefined ? {} : { signal });
      rowCount = Number(rows[0]?.[0] ?? 0);
    } catch (e) {
      await this.primitives.release(relation).catch(() => undefined);
      throw sparkFailure(e, blame);
    }
    this.counter += 1;
    const handle: SparkHandle = { id: `h${this.counter}-${ref}`, ref, relation, rowCount };
    this.handles.add(handle);
    return info(handle);
  }

  async readInput(ref: string, source: InputSource, options: RunOptions = {}): Promise<HandleInfo> {
    this.handles.ensureOpen();
    const blame = { asset: ref, field: 'input' };
    // Stored as a cached relation: the file is read once, and later steps read the cache.
    const relation = await this.primitives.read({ op: 'read', asset: ref, source, storage: 'table', estimateRows: false, blame }, options);
    return this.keep(ref, relation, blame, options.signal);
  }

  async apply(ref: string, source: Source, inputs: Readonly<Record<string, string>>, options: RunOptions = {}): Promise<AppliedHandle> {
    this.handles.ensureOpen();
    const transform = requireTransform(ref, source);
    const upstream = upstreamHandleIds(ref, transform, inputs).map(({ asset, id }) => ({ asset, relation: this.handles.get(id).relation }));
    const blame = { asset: ref, field: sparkBlameField(transform) };
    const { relation, checks } = await this.primitives.relation(
      { op: 'relation', asset: ref, kind: transform.kind, source: transform, from: upstream.map((u) => u.asset), storage: 'table', ordered: true, checksRows: false, blame },
      upstream.map((u) => u.relation),
      () => undefined,
      options,
    );
    const handle = await this.keep(ref, relation, blame, options.signal);
    return checks === undefined ? handle : { ...handle, checks };
  }

  write(handleId: string, ref: string, source: OutputSource, options: RunOptions = {}): Promise<WriteResult> {
    return writeNow(this.stageWrite(handleId, ref, source, options));
  }

  /** Spark writes the handle into a temporary directory beside the output; the caller commits or discards it. */
  async stageWrite(handleId: string, ref: string, source: OutputSource, options: RunOptions = {}): Promise<StagedWrite> {
    const h = this.handles.get(handleId);
    const asset = ref === '' ? h.ref : ref;
    // A session's WriteOutput meets no validation: the refusal a job gets at submission is made here.
    const refused = sparkOutputRefusal(source);
    if (refused !== undefined) throw unsupportedOutput(asset, source.format, 'spark', refused);
    return this.primitives.stage({ op: 'stage', asset, from: h.ref, source, blame: { asset, field: 'output' }, streams: [], reads: [] }, h.relation, () => undefined, options);
  }

  async inspect(source: InputSource, options: RunOptions = {}): Promise<InspectResult> {
    this.handles.ensureOpen();
    const blame = { asset: '', field: 'input' };
    const relation = await this.primitives.read({ op: 'read', asset: '', source, storage: 'view', estimateRows: false, blame }, options);
    try {
      const { rows } = await this.session.sql(`SELECT count(*) FROM ${relation.name}`, options.signal === undefined ? {} : { signal: options.signal });
      return { fields: relation.columns.map((c) => ({ name: c.name, dataType: c.type, nullable: true })), rowCount: Number(rows[0]?.[0] ?? 0) };
    } catch (e) {
      throw sparkFailure(e, blame);
    }
  }

  measure(handleId: string, request: MeasureRequest, references: Readonly<Record<string, string>>, options: RunOptions = {}): Promise<Measures> {
    this.handles.ensureOpen();
    const named = Object.fromEntries(Object.entries(references).map(([asset, id]) => [asset, this.handles.get(id).relation.name]));
    return sparkMeasurer(this.session, this.handles.get(handleId).relation.name, named)(request, options.signal);
  }

  describe(handleId: string): HandleInfo {
    return info(this.handles.get(handleId));
  }

  head(): Promise<RowsResult> {
    return Promise.reject(engineError('E_UNSUPPORTED_KIND', { problem: 'reading the rows of a session handle is not supported by backend "spark" yet' }));
  }

  headOfInput(): Promise<RowsResult> {
    return this.head();
  }

  /** Uncaches the handle's rows; its view stays until the session ends, since later views may read it by name. */
  async release(handleId: string): Promise<void> {
    const h = this.handles.remove(handleId);
    await this.primitives.release(h.relation);
  }

  /** Releases the Spark session (its views and caches go with it); a Spark that is down holds none. */
  async close(): Promise<void> {
    if (!this.handles.close()) return;
    try {
      await this.session.release().catch(() => undefined);
    } finally {
      this.client.close();
    }
  }
}

function info(h: SparkHandle): HandleInfo {
  return { id: h.id, ref: h.ref, rowCount: h.rowCount, columns: h.relation.columns.map((c) => ({ name: c.name, dataType: c.type })) };
}
