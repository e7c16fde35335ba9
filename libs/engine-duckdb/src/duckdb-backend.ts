/**
 * The DuckDB backend's handles: every handle a temporary table, for the gRPC sessions driving it
 * step by step and for the plans they run. Whole plans of its own run streamed
 * (`run-streamed.ts`) on `streamedConnection()`.
 *
 * A backend either owns a fresh database (`create`: sessions, one-off plans) or has a connection
 * of its own on a shared database (`onConnection`: an engine runtime's jobs). Either way its tables
 * and views are temporary, in the connection's own catalog, and go when it closes.
 */
import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import {
  type Backend,
  type AppliedHandle,
  type HandleInfo,
  type InspectResult,
  type RunOptions,
  type WriteResult,
  type Column,
  resolveDuckDbSettings,
  type EngineConfig,
  HandleRegistry,
  writeNow,
  type StagedWrite,
  openDataRoot,
  type DataRoot,
  type MeasureRequest,
  type Measures,
  type RowsResult,
  requireTransform,
  upstreamHandleIds,
  quoteIdentifier,
  sqlString,
  withRowChecks,
} from '@pipeline/engine-core';
import { DuckDbDatabase, type LockedDuckDb } from './duckdb-database';
import { inputRelation } from './input-relation';
import { duckDbMeasurer } from './measure-sql';
import { rowsFromJson, rowsSql } from './rows-sql';
import { stageRelation } from './stage-relation';
import type { StreamedConnection } from './streamed-primitives';
import { transformRelation } from './transform-relation';

interface DuckHandle {
  readonly id: string;
  readonly ref: string;
  readonly table: string;
  readonly columns: readonly Column[];
  readonly rowCount: number;
}

/** The DuckDB implementation of Backend. */
export class DuckDbBackend implements Backend {
  readonly name = 'duckdb' as const;
  private readonly handles = new HandleRegistry<DuckHandle>('duckdb');
  private counter = 0;

  private constructor(
    private readonly db: DuckDbDatabase,
    private readonly root: DataRoot,
    /** Prefix of every object name; non-empty when the database is shared. */
    private readonly namePrefix = '',
    /** The shared database the connection came from, which may keep it for its next run. */
    private readonly shared?: LockedDuckDb,
  ) {}

  /** Opens a configured, locked-down DuckDB database for `config.dataRoot`. */
  static async create(config: EngineConfig): Promise<DuckDbBackend> {
    const root = openDataRoot(config.dataRoot);
    const db = await DuckDbDatabase.open(root, resolveDuckDbSettings(config.duckdb));
    return new DuckDbBackend(db, root);
  }

  /**
   * A backend on a connection of a shared database whose data root is `root` (a new one, or one a
   * previous run left clean). Its objects are named `<namePrefix><kind>_<n>`; they go with the
   * connection when `close` closes it (a connection on which any was created is never kept).
   */
  static async onConnection(shared: LockedDuckDb, root: DataRoot, namePrefix: string): Promise<DuckDbBackend> {
    if (!/^[a-z][a-z0-9_]*$/.test(namePrefix)) throw new RangeError(`invalid object name prefix "${namePrefix}"`);
    return new DuckDbBackend(await shared.take(), root, namePrefix, shared);
  }

  private nextName(prefix: string): string {
    this.counter += 1;
    return `${this.namePrefix}${prefix}_${this.counter}`;
  }

  /** The connection, data root and object namer a streamed plan runs on (see run-streamed.ts). */
  streamedConnection(): StreamedConnection {
    this.handles.ensureOpen();
    return { db: this.db, root: this.root, nextName: (prefix) => this.nextName(prefix) };
  }

  private async createTable(ref: string, sql: string, columns: readonly Column[], signal?: AbortSignal): Promise<HandleInfo> {
    const table = this.nextName('h');
    const result = await this.db.run(`CREATE TEMP TABLE ${quoteIdentifier(table)} AS ${sql}`, { signal, asset: ref });
    const rows = (await result.getRowsJson()) as unknown[][];
    const rowCount = Number(rows[0]?.[0] ?? 0);
    const id = `${table}-${ref}`;
    const handle: DuckHandle = { id, ref, table, columns, rowCount };
    this.handles.add(handle);
    return info(handle);
  }

  async readInput(ref: string, source: InputSource, options: RunOptions = {}): Promise<HandleInfo> {
    this.handles.ensureOpen();
    const input = await inputRelation(this.db, this.root, ref, source, options.signal);
    return this.createTable(ref, input.sql, input.columns, options.signal);
  }

  async apply(ref: string, source: Source, inputs: Readonly<Record<string, string>>, options: RunOptions = {}): Promise<AppliedHandle> {
    this.handles.ensureOpen();
    const transform = requireTransform(ref, source);
    const upstream = upstreamHandleIds(ref, transform, inputs).map(({ asset, id }) => {
      const h = this.handles.get(id);
      return { asset, name: quoteIdentifier(h.table), columns: h.columns };
    });
    const rel = await transformRelation(this.db, ref, transform, upstream, options.signal);
    return withRowChecks(await this.createTable(ref, rel.sql, rel.columns, options.signal), rel.transform);
  }

  /** A measurer over a relation (quoted name); `references` names the relation of each asset a request looks up. */
  private measurer(relation: string, references: Readonly<Record<string, { name: string; columns: readonly Column[] }>> = {}) {
    return duckDbMeasurer((sql, o) => this.db.rows(sql, o), relation, references);
  }

  async measure(handleId: string, request: MeasureRequest, references: Readonly<Record<string, string>>, options: RunOptions = {}): Promise<Measures> {
    const h = this.handles.get(handleId);
    const named = Object.fromEntries(
      Object.entries(references).map(([asset, id]) => {
        const r = this.handles.get(id);
        return [asset, { name: quoteIdentifier(r.table), columns: r.columns }];
      }),
    );
    return this.measurer(quoteIdentifier(h.table), named)(request, options.signal);
  }

  write(handleId: string, ref: string, source: OutputSource, options: RunOptions = {}): Promise<WriteResult> {
    return writeNow(this.stageWrite(handleId, ref, source, options));
  }

  /** Writes a handle to its output's temporary file; the caller commits or discards it. */
  async stageWrite(handleId: string, ref: string, source: OutputSource, options: RunOptions = {}): Promise<StagedWrite> {
    const h = this.handles.get(handleId);
    this.handles.ensureOpen();
    return stageRelation(this.db, this.root, ref === '' ? h.ref : ref, { name: quoteIdentifier(h.table), columns: h.columns }, source, options.signal);
  }

  async inspect(source: InputSource, options: RunOptions = {}): Promise<InspectResult> {
    this.handles.ensureOpen();
    const input = await inputRelation(this.db, this.root, '', source, options.signal);
    const rows = await this.db.rows(`SELECT count(*) FROM (${input.sql})`, { signal: options.signal });
    const required = new Set<string>();
    if (source.format === 'parquet') {
      const schema = await this.db.rows(
        `SELECT name, repetition_type FROM parquet_schema(${sqlString(input.absolute)})`,
        { signal: options.signal },
      );
      for (const [name, repetition] of schema) if (repetition === 'REQUIRED') required.add(String(name));
    }
    return {
      fields: input.columns.map((c) => ({ name: c.name, dataType: c.type, nullable: !required.has(c.name) })),
      rowCount: Number(rows[0][0]),
    };
  }

  describe(handleId: string): HandleInfo {
    return info(this.handles.get(handleId));
  }

  async head(handleId: string, limit: number, options: RunOptions = {}): Promise<RowsResult> {
    const h = this.handles.get(handleId);
    const texts = await this.db.rows(rowsSql(quoteIdentifier(h.table), h.columns, limit), { signal: options.signal, asset: h.ref });
    return rowsFromJson(h.columns, texts, limit);
  }

  async headOfInput(ref: string, source: InputSource, limit: number, options: RunOptions = {}): Promise<RowsResult> {
    this.handles.ensureOpen();
    const input = await inputRelation(this.db, this.root, ref, source, options.signal);
    const texts = await this.db.rows(rowsSql(`(${input.sql})`, input.columns, limit), { signal: options.signal, asset: ref });
    return rowsFromJson(input.columns, texts, limit);
  }

  async release(handleId: string): Promise<void> {
    const h = this.handles.remove(handleId);
    await this.db.run(`DROP TABLE IF EXISTS ${quoteIdentifier(h.table)}`);
  }

  /**
   * Closes the connection: DuckDB's temporary catalog is the connection's own, so every table and
   * view goes with it. A shared database may keep a connection that only read for its next run.
   */
  async close(): Promise<void> {
    if (!this.handles.close()) return;
    await (this.shared === undefined ? this.db.close() : this.shared.handBack(this.db));
  }
}

function info(h: DuckHandle): HandleInfo {
  return { id: h.id, ref: h.ref, rowCount: h.rowCount, columns: h.columns.map((c) => ({ name: c.name, dataType: c.type })) };
}
