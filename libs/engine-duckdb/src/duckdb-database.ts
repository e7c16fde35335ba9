/**
 * A DuckDB instance configured before anything user-controlled runs: bounded threads and memory,
 * its own spill folder, UTC, no extension downloads, and file access confined to the data root by
 * DuckDB itself (`allowed_directories`, then `enable_external_access=false` and
 * `lock_configuration=true`, so no later statement can undo it). Every setting is global, so each
 * connection made from the instance inherits it. A connection (`DuckDbDatabase`) serialises its
 * statements and has its own temporary catalog and its own `interrupt()`, which is what lets one
 * instance serve many jobs in turn without one job seeing, colliding with or stopping another.
 *
 * A run may also take the connection the previous run handed back (`take`, `handBack`): opening
 * and closing one costs a tiny job about a tenth of its CPU. Only a connection that provably holds
 * nothing of its run is kept (see `DuckDbDatabase.reusable`); any other is closed, as before.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBMaterializedResult } from '@duckdb/node-api';
import {
  memoryLimitBytes,
  type ResolvedDuckDbSettings,
  valueLimits,
  type ValueLimits,
  cancelled,
  type EngineError,
  engineError,
  isEngineError,
  throwIfAborted,
  MAX_CSV_LINE_BYTES,
  type DataRoot,
  sqlInteger,
  sqlString,
  sqlStringList,
} from '@pipeline/engine-core';
import { raisedProblem } from './kinds/raise';
import { readsValueLimits, setValueLimitsSql } from './value-budget';

/** How often an aborted query is interrupted again, in case the first interrupt came before it started. */
const REINTERRUPT_MS = 50;

/** A configured, locked-down DuckDB instance that hands out connections. */
export class LockedDuckDb {
  private connections = 0;
  private closed = false;
  /** The connection a finished run handed back clean, waiting for the next run. */
  private idle: DuckDbDatabase | undefined;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly spillDir: string,
    /** The data root's real path with a trailing separator, as DuckDB was told. */
    readonly rootDir: string,
    /** The run-time value limits its connections hold, from its memory limit. */
    private readonly limits: ValueLimits,
  ) {}

  /**
   * Creates and locks down an instance for `root`. The spill folder is left for DuckDB to create
   * when it first spills: DuckDB then removes it itself when the instance is destroyed, even when
   * its thread is terminated without `close()`.
   */
  static async open(root: DataRoot, settings: ResolvedDuckDbSettings): Promise<LockedDuckDb> {
    const base = settings.tempDirectory ?? os.tmpdir();
    const spillDir = path.join(base, `pipeline-duckdb-${process.pid}-${crypto.randomBytes(6).toString('hex')}`);
    let instance: DuckDBInstance | undefined;
    let connection: DuckDBConnection | undefined;
    try {
      fs.mkdirSync(base, { recursive: true });
      instance = await DuckDBInstance.create(':memory:', {
        threads: sqlInteger(settings.threads),
        memory_limit: settings.memoryLimit,
        temp_directory: spillDir,
        autoinstall_known_extensions: 'false',
        autoload_known_extensions: 'false',
      });
      connection = await instance.connect();
      const rootDir = root.real.endsWith(path.sep) ? root.real : `${root.real}${path.sep}`;
      for (const sql of [
        // GLOBAL: a plain SET of the time zone would hold for this connection only.
        `SET GLOBAL TimeZone = ${sqlString('UTC')}`,
        `SET allowed_directories = ${sqlStringList([rootDir])}`,
        'SET enable_external_access = false',
        'SET lock_configuration = true',
      ]) {
        await connection.run(sql);
      }
      connection.closeSync();
      return new LockedDuckDb(instance, spillDir, rootDir, valueLimits(memoryLimitBytes(settings.memoryLimit)));
    } catch (e) {
      connection?.closeSync();
      instance?.closeSync();
      fs.rmSync(spillDir, { recursive: true, force: true });
      throw engineError('E_EXECUTION', { problem: `cannot start DuckDB: ${(e as Error).message}` }, { cause: e });
    }
  }

  /** Connections made and not yet closed (the kept idle one included). */
  get openConnections(): number {
    return this.connections;
  }

  /** Connections kept for the next run (0 or 1). */
  get idleConnections(): number {
    return this.idle === undefined ? 0 : 1;
  }

  /** A connection for one run: the one a previous run handed back clean, else a new one. */
  take(): Promise<DuckDbDatabase> {
    const kept = this.idle;
    this.idle = undefined;
    return kept === undefined ? this.connect() : Promise.resolve(kept);
  }

  /**
   * Ends a run's use of `db` (from `take`): kept for the next run when it holds nothing of this
   * run and no other is kept, else closed.
   */
  async handBack(db: DuckDbDatabase): Promise<void> {
    await db.settled();
    if (!this.closed && this.idle === undefined && db.reusable) {
      this.idle = db;
      return;
    }
    await db.close();
  }

  /**
   * A new connection: its own temporary objects, statement queue and interrupt. With
   * `closesInstance`, closing it also closes this instance (a backend that owns its database).
   */
  async connect(options: { closesInstance?: boolean } = {}): Promise<DuckDbDatabase> {
    if (this.closed) throw engineError('E_BACKEND_CLOSED', { problem: 'the DuckDB backend is closed' });
    let connection: DuckDBConnection;
    try {
      connection = await this.instance.connect();
    } catch (e) {
      throw translateDuckDbError(e, undefined, this.rootDir);
    }
    this.connections += 1;
    return new DuckDbDatabase(
      connection,
      this.rootDir,
      () => {
        this.connections -= 1;
        if (options.closesInstance === true) this.close();
      },
      setValueLimitsSql(this.limits),
    );
  }

  /** Closes the instance (its connections in use must be closed first; a kept idle one closes here) and removes the spill folder; idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const idle = this.idle;
    this.idle = undefined;
    try {
      idle?.closeNow();
      this.instance.closeSync();
    } finally {
      fs.rmSync(this.spillDir, { recursive: true, force: true });
    }
  }
}

/** One DuckDB connection: statements run one after another; an aborted signal interrupts the running one. */
export class DuckDbDatabase {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Set once a statement may have left state on the connection (see `reusable`). */
  private touched = false;

  /**
   * Use `DuckDbDatabase.open` or `LockedDuckDb.connect`; `onClose` runs once when it closes;
   * `limitsSql` gives the connection its value limits before its first statement that reads them.
   */
  constructor(
    private readonly connection: DuckDBConnection,
    private readonly rootDir: string,
    private readonly onClose: () => void,
    private limitsSql: readonly string[] = [],
  ) {}

  /** A fresh locked-down instance with one connection; closing the connection closes the instance. */
  static async open(root: DataRoot, settings: ResolvedDuckDbSettings): Promise<DuckDbDatabase> {
    const instance = await LockedDuckDb.open(root, settings);
    try {
      return await instance.connect({ closesInstance: true });
    } catch (e) {
      instance.close();
      throw e;
    }
  }

  /**
   * Runs one statement after the previous ones finished. `asset` names the step in errors; an
   * abort of `signal` interrupts the statement and rejects with E_CANCELLED.
   */
  run(sql: string, options: { signal?: AbortSignal; asset?: string } = {}): Promise<DuckDBMaterializedResult> {
    const next = this.queue.then(() => this.runNow(sql, options));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * True while every statement run so far only read (SELECT, DESCRIBE, or a COPY of a query to a
   * file), succeeded and was never interrupted: the connection then holds nothing of them but its
   * value limits, which are the instance's, so another run may use it. A CREATE (temporary
   * objects), a SET, a failure (which may end in any state) or an interrupt (DuckDB may keep the
   * flag for the next statement) makes it false for good.
   */
  get reusable(): boolean {
    return !this.closed && !this.touched;
  }

  /** Resolves once the statements queued so far have finished. */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Runs a query and returns its rows as JSON-compatible values. */
  async rows(sql: string, options: { signal?: AbortSignal; asset?: string } = {}): Promise<unknown[][]> {
    const result = await this.run(sql, options);
    return (await result.getRowsJson()) as unknown[][];
  }

  private async runNow(sql: string, { signal, asset }: { signal?: AbortSignal; asset?: string }): Promise<DuckDBMaterializedResult> {
    if (this.closed) throw engineError('E_BACKEND_CLOSED', { problem: 'the DuckDB backend is closed' });
    throwIfAborted(signal, asset);
    if (!READ_ONLY_STATEMENT.test(sql)) this.touched = true;
    const interrupt = (): void => {
      this.touched = true;
      this.connection.interrupt();
    };
    let timer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      interrupt();
      timer = setInterval(interrupt, REINTERRUPT_MS);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (this.limitsSql.length > 0 && readsValueLimits(sql)) {
        for (const set of this.limitsSql) await this.connection.run(set);
        this.limitsSql = [];
      }
      return await this.connection.run(sql);
    } catch (e) {
      this.touched = true;
      if (signal?.aborted) throw cancelled(asset);
      throw translateDuckDbError(e, asset, this.rootDir);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (timer !== undefined) clearInterval(timer);
    }
  }

  /** Closes the connection at once, queued statements or not (a kept idle one has none); idempotent. */
  closeNow(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.connection.closeSync();
    } finally {
      this.onClose();
    }
  }

  /** Closes the connection (its temporary objects go with it) once queued statements finished; idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue;
    this.closeNow();
  }
}

/**
 * Statements that leave nothing on their connection: a query, a DESCRIBE, or a COPY of a query
 * to a file (only the engine writes SQL, one statement per call, values as escaped literals).
 * Whatever else runs (CREATE, DROP, SET, ...) keeps the connection from another run.
 */
const READ_ONLY_STATEMENT = /^(?:SELECT\s|DESCRIBE\s|COPY \(SELECT\s)/;

/**
 * RE2's own words for a pattern it cannot compile (its error-code strings), as DuckDB passes them
 * on when an RLIKE pattern comes from a column: the same E_BAD_PATTERN the JavaScript side gives.
 */
const RE2_PROBLEM =
  /^Invalid Input Error: ((?:invalid escape sequence|invalid character class|missing \]|missing \)|unexpected \)|trailing \\|no argument for repetition operator|invalid repetition size|bad repetition operator|invalid perl operator|invalid UTF-8|invalid named capture group|pattern too large).*)$/;

/**
 * Maps a DuckDB error to the engine's catalogue by its error class. Paths below `hideRoot` are
 * shown relative to it, so messages never reveal where the server keeps its data.
 */
export function translateDuckDbError(e: unknown, asset?: string, hideRoot?: string): EngineError {
  if (isEngineError(e)) return e;
  const raw = e instanceof Error ? e.message : String(e);
  const full = hideRoot === undefined ? raw : raw.split(hideRoot).join('');
  // Some node-api paths prefix DuckDB's own error class with "Error: ".
  const message = full.split('\n')[0].replace(/^Error: /, '');
  const details = { asset, duckdb: message };
  if (message.startsWith('INTERRUPT Error')) return cancelled(asset);
  if (message.startsWith('Permission Error')) {
    return engineError('E_PATH_OUTSIDE_ROOT', { ...details, problem: `path is outside the data root (${message})` }, { cause: e });
  }
  if (/No files found that match the pattern/.test(message)) {
    return engineError('E_FILE_NOT_FOUND', { ...details, problem: `file not found (${message})` }, { cause: e });
  }
  // Before the read failures: a raised problem may name JSON (the nesting bound).
  const raised = raisedProblem(message);
  if (raised !== undefined) return engineError('E_VALUE', { ...details, problem: raised }, { cause: e });
  if (/CSV Error|Error when sniffing|Malformed JSON|Invalid Input Error: .*(JSON|parquet|Parquet)|No magic bytes|not a parquet file/i.test(full)) {
    const csv = csvProblem(full);
    const what = csv ?? message.replace(/^Invalid Input Error: /, '');
    return engineError('E_READ_FAILED', { ...details, problem: `cannot read the input: ${withoutAdvice(what)}` }, { cause: e });
  }
  const regex = RE2_PROBLEM.exec(message);
  if (regex !== null) {
    return engineError('E_BAD_PATTERN', { ...details, problem: `invalid regular expression: ${regex[1]}` }, { cause: e });
  }
  if (message.startsWith('Conversion Error')) {
    return engineError('E_TYPE', { ...details, specCode: 'E-TYPE-001', problem: `cannot convert a value: ${withoutAdvice(message.slice('Conversion Error: '.length))}` }, { cause: e });
  }
  if (message.startsWith('Binder Error')) {
    return engineError('E_TYPE', { ...details, problem: withoutAdvice(message.slice('Binder Error: '.length)) }, { cause: e });
  }
  if (message.startsWith('Out of Range Error')) {
    return engineError('E_VALUE', { ...details, problem: `value out of range: ${withoutAdvice(message.slice('Out of Range Error: '.length))}` }, { cause: e });
  }
  if (message.startsWith('IO Error')) {
    return engineError('E_READ_FAILED', { ...details, problem: message }, { cause: e });
  }
  return engineError('E_EXECUTION', { ...details, problem: withoutAdvice(message) }, { cause: e });
}

/**
 * What DuckDB's multi-line CSV error says is wrong, in one line: `data/x.csv: row 3 has 4 fields,
 * expected 3` for a row with the wrong number of columns, `row N: <reason>` otherwise. A sniffing
 * failure carries no reason (the caller diagnoses the file itself); undefined when not a CSV error.
 */
export function csvProblem(full: string): string | undefined {
  const lines = full.split('\n').map((l) => l.trim());
  const at = /CSV Error on Line: (\d+)/.exec(lines[0]);
  if (at === null) return undefined;
  const file = lines.map((l) => /^file = (.+)$/.exec(l)?.[1]).find((f) => f !== undefined);
  const where = file === undefined ? '' : `${file}: `;
  // DuckDB's row number and size are off for an overlong line (it counts its buffer): say only the limit.
  if (/Maximum line size of \d+ bytes exceeded/.test(full)) {
    return `${where}a line is longer than ${MAX_CSV_LINE_BYTES} bytes, the most a CSV line may hold`;
  }
  const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(full);
  if (columns !== null) return `${where}row ${at[1]} has ${columns[2]} fields, expected ${columns[1]}`;
  const end = lines.findIndex((l) => /^(Possible (fixes|solutions)|file = )/.test(l));
  const reason = lines
    .slice(1, end < 0 ? undefined : end)
    .filter((l) => l !== '' && !l.startsWith('Original Line'))
    .join('; ');
  return `${where}row ${at[1]}${reason === '' ? ' cannot be read' : `: ${reason}`}`;
}

/**
 * Drops DuckDB's advice to whoever runs SQL ("Use SET ...", "Consider using TRY_CAST ..."): a
 * pipeline author cannot act on it, and it names settings the service locks.
 */
export function withoutAdvice(message: string): string {
  const sentences = message.split(/(?<=[.!?])\s+(?=[A-Z"])/);
  const kept = sentences.filter((s, i) => i === 0 || !/^(Use|Consider|Try|Set|Please|HINT|Did you mean)\b|\bSET\s|PRAGMA|TRY_CAST/i.test(s));
  return kept.join(' ');
}
