/**
 * The DuckDB backend. Step by step (sessions), every handle is a temporary table. For a whole
 * pipeline (`runPlanStreaming`), assets become a chain of views that DuckDB plans and streams end
 * to end: a CSV filtered, grouped and written to parquet is never held in memory whole. An input
 * read once and a transformation read only by outputs are written into their reader's statement
 * instead of views. Only an asset read by several consumers is materialised, once, as a temporary
 * table.
 *
 * A backend either owns a fresh database (`create`: sessions, one-off plans) or has a connection
 * of its own on a shared database (`onConnection`: an engine runtime's jobs). Either way its tables
 * and views are temporary, in the connection's own catalog, and go when it closes.
 */
import * as fs from 'node:fs';
import { MAX_JSON_DEPTH, type InputSource, type OutputSource, type Source, type TransformationSource } from '@pipeline/definition';
import type { Plan } from '@pipeline/planner';
import type { Backend, HandleInfo, InspectResult, RunOptions, WriteResult } from '../backend';
import { bindSource, probeOf, type BoundSource } from '../check/bind-source';
import { checkedProbeAnswer } from '../check/probe';
import { probeSql } from './probe-sql';
import type { Column } from '../check/bind-expression';
import { resolveDuckDbSettings, type EngineConfig } from '../config';
import { assetPrefix, type EngineError, engineError, isEngineError, readFailed, rebuildEngineError, throwIfAborted, unsupportedKind } from '../errors';
import { HandleRegistry } from '../handle-registry';
import type { ExecutionResult, OutputResult, StepTiming } from '../execution-result';
import { checkAppendColumns, concatenateAppend } from '../formats/append-rules';
import { CsvSyntaxError, parseCsv } from '../formats/csv-text';
import { readFormatOptions, type CsvOptions, type FormatOptions, type JsonOptions } from '../formats/format-options';
import { formatModule } from '../formats/format-modules';
import { decodeFile } from '../formats/text-file';
import { JSON_FILE_TOO_DEEP, jsonFileNestsTooDeep } from '../formats/json-depth-scan';
import { decideMode, prepareAtomicFile } from '../io/atomic-write';
import { locateInputFile } from '../io/source-file';
import { openDataRoot, resolveInRoot, type DataRoot, type ResolvedPath } from '../paths/data-root';
import { fileIdentity, SettledFileCache } from '../io/settled-file-cache';
import { skippedWrite, stagedFile, writeNow, type StagedWrite } from '../io/staged-write';
import { requireBackendSupport } from '../kinds/backend-support';
import { isUnsupported, kindSupportOf } from '../kinds/kind-support';
import { requireTransform, upstreamHandleIds } from '../transform-source';
import { duckDbTypeName } from './compile-expression';
import { DuckDbDatabase, translateDuckDbError, type LockedDuckDb } from './duckdb-database';
import { jsonTooDeepSql } from './json-depth-sql';
import { rowsFromJson, rowsSql } from './rows-sql';
import type { RowsResult } from '../rows/rows-result';
import { quoteIdentifier, sqlString } from './sql-text';
import { isoTexts, JSON_TYPE_CHECK_ROWS, jsonTemporalChecks, type JsonFormats } from './json-pinning';
import { DUCKDB_KINDS, duckDbKindOf } from './kinds';
import type { KindContext } from './kinds/duckdb-kind';
import { unobservedOrder } from './unobserved-order';
import { inputTypeName, normalizedDuckDbType, portableTypeName } from './type-names';
import { duckDbMeasurer } from './measure-sql';
import type { MeasureRequest, Measures } from '../quality/measure';
import type { QualityResult } from '../quality/quality-result';
import { rowChecksOf, runRowChecks, runSuites, withQualityResults } from '../quality/run-quality';
import type { BoundTransform } from '../check/bind-source';

interface DuckHandle {
  readonly id: string;
  readonly ref: string;
  readonly table: string;
  readonly columns: readonly Column[];
  readonly rowCount: number;
}

/** A relation the next step can read: a quoted table or view name and its columns. */
interface Relation {
  readonly name: string;
  readonly columns: readonly Column[];
  /** Views stacked under this one up to a table or a file (streaming plans only). */
  readonly depth?: number;
}

/** Longest chain of views a streaming plan builds before it stores an asset as a table. */
export const MAX_VIEW_DEPTH = 16;

/** An input resolved to a SELECT over its file. */
interface InputRelation {
  readonly sql: string;
  readonly columns: readonly Column[];
  readonly duckTypes: readonly string[];
  readonly absolute: string;
  readonly options: FormatOptions;
}


/**
 * How each input file reads, shared by every backend of this thread while the file is unchanged:
 * a job over a file read before skips the DESCRIBE that sniffs it.
 */
const knownInputs = new SettledFileCache<InputRelation>();

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
  ) {}

  /** Opens a configured, locked-down DuckDB database for `config.dataRoot`. */
  static async create(config: EngineConfig): Promise<DuckDbBackend> {
    const root = openDataRoot(config.dataRoot);
    const db = await DuckDbDatabase.open(root, resolveDuckDbSettings(config.duckdb));
    return new DuckDbBackend(db, root);
  }

  /**
   * A backend on a new connection of a shared database whose data root is `root`. Its objects are
   * named `<namePrefix><kind>_<n>`; they go with the connection when `close` closes it.
   */
  static async onConnection(shared: LockedDuckDb, root: DataRoot, namePrefix: string): Promise<DuckDbBackend> {
    if (!/^[a-z][a-z0-9_]*$/.test(namePrefix)) throw new RangeError(`invalid object name prefix "${namePrefix}"`);
    return new DuckDbBackend(await shared.connect(), root, namePrefix);
  }

  private nextName(prefix: string): string {
    this.counter += 1;
    return `${this.namePrefix}${prefix}_${this.counter}`;
  }

  /**
   * Fails with E_READ_FAILED naming the asset and path when a JSON file nests deeper than DuckDB's
   * reader survives (see formats/json-depth-scan.ts), before read_json detects its columns.
   */
  private async refuseDeepJson(absolute: string, o: JsonOptions, asset: string, display: string, signal: AbortSignal | undefined): Promise<void> {
    let tooDeep = await jsonFileNestsTooDeep(absolute, o.compression, signal);
    if (tooDeep === 'unknown') tooDeep = await this.zstdJsonTooDeep(absolute, o, asset, signal);
    if (tooDeep) throw readFailed(asset, display, JSON_FILE_TOO_DEEP);
  }

  /**
   * The depth check of a zstd file, which Node cannot decompress: DuckDB reads each top-level value
   * as one JSON text (no column detection, its parser does not recurse) and the SQL bound checks it
   * (a record counts from its own braces, one level less than the file scan counts inside an
   * array). Records that do not parse are skipped here and reported by the read itself.
   */
  private async zstdJsonTooDeep(absolute: string, o: JsonOptions, asset: string, signal: AbortSignal | undefined): Promise<boolean> {
    const values = `read_json(${sqlString(absolute)}, records=false, columns={'json': 'JSON'}, format=${sqlString(o.multiLine === false ? 'newline_delimited' : 'auto')}, compression='zstd', ignore_errors=true)`;
    const check = `CASE WHEN strlen("json") <= ${2 * MAX_JSON_DEPTH + 1} THEN false ELSE ${jsonTooDeepSql('"json"')} END`;
    const rows = await this.db.rows(`SELECT coalesce(bool_or(${check}), false) FROM ${values}`, { signal, asset });
    return rows[0]?.[0] === true;
  }

  /** Column names and DuckDB types of a query, without running it. */
  private async describeSql(sql: string, signal: AbortSignal | undefined, asset: string): Promise<{ name: string; type: string }[]> {
    const rows = await this.db.rows(`DESCRIBE ${sql}`, { signal, asset });
    return rows.map((r) => ({ name: String(r[0]), type: String(r[1]) }));
  }

  /**
   * The SELECT reading an input, with types pinned after one sniff (so later binds of the view
   * chain do not sniff the file again) and columns converted to portable representations. With
   * `estimateRows`, a CSV keeps the sniffer on (types still pinned) when it reads the file as the
   * options say, so DuckDB knows roughly how many rows it holds.
   */
  private async inputRelation(ref: string, source: InputSource, signal: AbortSignal | undefined, estimateRows = false): Promise<InputRelation> {
    const file = locateInputFile(this.root, source.path, ref);
    const options = readFormatOptions(source.format, source.options, ref);
    const identity = fileIdentity(file.absolute);
    const variant = `${estimateRows}\u0000${JSON.stringify(options)}`;
    const known = knownInputs.get(identity, variant);
    if (known !== undefined) return known;
    const relation = await this.describeInput(ref, source, file, options, signal, estimateRows);
    // A check cut short by an abort answers "keep DuckDB's detection", which holds but is slower.
    if (signal?.aborted !== true) knownInputs.remember(identity, variant, relation);
    return relation;
  }

  private async describeInput(
    ref: string,
    source: InputSource,
    file: ResolvedPath,
    options: FormatOptions,
    signal: AbortSignal | undefined,
    estimateRows: boolean,
  ): Promise<InputRelation> {
    const format = formatModule(options);
    if (options.format === 'json') await this.refuseDeepJson(file.absolute, options.json, ref, source.path, signal);
    const fn = format.duckDbReadSql(file.absolute, options);
    let described: { name: string; type: string }[];
    try {
      described = await this.describeSql(`SELECT * FROM ${fn}`, signal, ref);
    } catch (e) {
      throw options.format === 'csv' ? explainSniffFailure(e, ref, file.absolute, source.path, options.csv) : e;
    }
    let from = fn;
    if (options.format === 'csv' && options.csv.inferSchema && described.length > 0) {
      const estimated = { pinnedColumns: described, estimateRows: 'read' } as const;
      const agrees = estimateRows && (await this.sniffAgrees(format.duckDbReadSql(file.absolute, options, { ...estimated, estimateRows: 'sniff' }), described, options.csv, signal));
      from = format.duckDbReadSql(file.absolute, options, agrees ? estimated : { pinnedColumns: described });
    } else if (options.format === 'json' && described.length > 0) {
      const readAs = (columns: readonly { name: string; type: string }[]): string => format.duckDbReadSql(file.absolute, options, { pinnedColumns: columns });
      if (await this.jsonTypesHold(readAs, described, options.json, signal)) from = readAs(described);
    }
    const needsCast = described.some((c) => normalizedDuckDbType(c.type) !== undefined);
    const select = needsCast
      ? described
          .map((c) => {
            const to = normalizedDuckDbType(c.type);
            const col = quoteIdentifier(c.name);
            return to === undefined ? col : `CAST(${col} AS ${to}) AS ${col}`;
          })
          .join(', ')
      : '*';
    return {
      sql: `SELECT ${select} FROM ${from}`,
      columns: described.map((c) => ({ name: c.name, type: inputTypeName(c.type) })),
      duckTypes: described.map((c) => c.type),
      absolute: file.absolute,
      options,
    };
  }

  /** Whether a JSON read may be given the types DuckDB detected (see `json-pinning.ts`). */
  private async jsonTypesHold(
    readAs: (columns: readonly { name: string; type: string }[]) => string,
    described: readonly { name: string; type: string }[],
    json: JsonFormats,
    signal: AbortSignal | undefined,
  ): Promise<boolean> {
    const checked = jsonTemporalChecks(described, json);
    if (checked === 'keep-detection') return false;
    if (checked.length === 0) return true;
    const asText = readAs(described.map((c) => (checked.some((k) => k.name === c.name) ? { name: c.name, type: 'VARCHAR' } : c)));
    try {
      const rows = await this.db.rows(`SELECT ${checked.map((c) => quoteIdentifier(c.name)).join(', ')} FROM ${asText} LIMIT ${JSON_TYPE_CHECK_ROWS}`, { signal });
      return checked.every((c, i) => isoTexts(c.kind, rows.map((r) => r[i])));
    } catch {
      return false;
    }
  }

  /**
   * Whether DuckDB's sniffer, run with the pinned types, reads the file exactly as the options say
   * (no skipped lines, no comment or timestamp pattern of its own, the same columns), so that the
   * read that lets it sniff gives the same rows as the read with `auto_detect=false`.
   */
  private async sniffAgrees(sniffSql: string, described: readonly { name: string; type: string }[], csv: CsvOptions, signal: AbortSignal | undefined): Promise<boolean> {
    try {
      const [row] = await this.db.rows(
        `SELECT SkipRows, Comment, TimestampFormat, list_transform(Columns, c -> c.name), list_transform(Columns, c -> c.type) FROM ${sniffSql}`,
        { signal },
      );
      const [skip, comment, timestampFormat, names, types] = row as [unknown, unknown, unknown, unknown[], unknown[]];
      const sameComment = csv.comment === undefined ? comment === null || comment === '' || comment === '(empty)' : comment === csv.comment;
      const sameTimestamps = csv.timestampFormat !== undefined || timestampFormat === null || timestampFormat === '';
      const sameColumns = names.length === described.length && described.every((c, i) => names[i] === c.name && types[i] === c.type);
      return Number(skip) === 0 && sameComment && sameTimestamps && sameColumns;
    } catch {
      return false;
    }
  }

  /**
   * The SELECT of a transformation over `upstream`, cast where DuckDB's natural result type
   * differs from the portable type both backends agree on.
   */
  private async transformRelation(
    ref: string,
    source: TransformationSource,
    upstream: readonly (Relation & { readonly asset: string })[],
    signal: AbortSignal | undefined,
    context: KindContext = { ordered: true },
  ): Promise<{ sql: string; columns: readonly Column[]; transform: BoundTransform }> {
    const kind = duckDbKindOf(source.kind);
    if (isUnsupported(kind)) throw unsupportedKind(ref, source.kind, this.name, kind.unsupported);
    // A kind whose columns depend on the data (pivot without values) reads what it needs first.
    const request = probeOf(ref, source, upstream);
    let probed: (readonly (string | null)[])[] | undefined;
    if (request !== undefined) {
      const { name, columns } = upstream[request.input];
      const rows = await this.db.rows(probeSql(request, name, columns), { signal, asset: ref });
      probed = rows.map((r) => request.columns.map((_, i) => (r[i] === null ? null : String(r[i]))));
      checkedProbeAnswer(ref, request, probed);
    }
    const bound = bindSource(ref, source, upstream, probed);
    const sql = kind.sql(bound, upstream.map((u) => u.name), context);
    if (kind.keepsColumnTypes?.(bound) === true) return { sql, columns: bound.columns, transform: bound.transform };
    const described = await this.describeSql(sql, signal, ref);
    const mismatch = described.some((c, i) => portableTypeName(c.type) !== bound.columns[i]?.type);
    if (!mismatch) return { sql, columns: bound.columns, transform: bound.transform };
    const items = bound.columns.map((c, i) => {
      const col = quoteIdentifier(c.name);
      return portableTypeName(described[i].type) === c.type ? col : `CAST(${col} AS ${duckDbTypeName(c.type)}) AS ${col}`;
    });
    return { sql: `SELECT ${items.join(', ')} FROM (${sql})`, columns: bound.columns, transform: bound.transform };
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
    const input = await this.inputRelation(ref, source, options.signal);
    return this.createTable(ref, input.sql, input.columns, options.signal);
  }

  async apply(ref: string, source: Source, inputs: Readonly<Record<string, string>>, options: RunOptions = {}): Promise<HandleInfo> {
    this.handles.ensureOpen();
    const transform = requireTransform(ref, source);
    const upstream = upstreamHandleIds(ref, transform, inputs).map(({ asset, id }) => {
      const h = this.handles.get(id);
      return { asset, name: quoteIdentifier(h.table), columns: h.columns };
    });
    const rel = await this.transformRelation(ref, transform, upstream, options.signal);
    const created = await this.createTable(ref, rel.sql, rel.columns, options.signal);
    const checks = rowChecksOf(rel.transform);
    if (checks !== undefined) {
      const over = checks.over === 'input' ? upstream[0] : { name: quoteIdentifier(this.handles.get(created.id).table), columns: rel.columns };
      try {
        await runRowChecks(ref, checks, over.columns, this.measurer(over.name), options);
      } catch (e) {
        await this.release(created.id);
        throw e;
      }
    }
    return created;
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
    return this.stageRelation(ref === '' ? h.ref : ref, { name: quoteIdentifier(h.table), columns: h.columns }, source, options.signal);
  }

  async inspect(source: InputSource, options: RunOptions = {}): Promise<InspectResult> {
    this.handles.ensureOpen();
    const input = await this.inputRelation('', source, options.signal);
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
    const input = await this.inputRelation(ref, source, options.signal);
    const texts = await this.db.rows(rowsSql(`(${input.sql})`, input.columns, limit), { signal: options.signal, asset: ref });
    return rowsFromJson(input.columns, texts, limit);
  }

  async release(handleId: string): Promise<void> {
    const h = this.handles.remove(handleId);
    await this.db.run(`DROP TABLE IF EXISTS ${quoteIdentifier(h.table)}`);
  }

  /** Closes the connection: DuckDB's temporary catalog is the connection's own, so every table and view goes with it. */
  async close(): Promise<void> {
    if (!this.handles.close()) return;
    await this.db.close();
  }

  /**
   * Runs a whole plan as one chain of views (tables only for assets with several consumers), so
   * that each output's COPY streams from its inputs.
   */
  async runPlanStreaming(plan: Plan, options: RunOptions = {}): Promise<ExecutionResult> {
    this.handles.ensureOpen();
    requireBackendSupport(plan.steps, this.name, kindSupportOf(DUCKDB_KINDS));
    const { signal } = options;
    const relations = new Map<string, Relation>();
    const staged: { ref: string; write: StagedWrite }[] = [];
    const steps: StepTiming[] = [];
    const inputs = new Map<string, InputRelation>();
    const outputRefs = new Set(plan.steps.filter((s) => s.source.kind === 'output').map((s) => s.ref));
    const unordered = await this.unorderedAssets(plan, inputs, signal);
    const quality: QualityResult[] = [];
    const stepOptions: RunOptions = { ...options, onQuality: (r) => quality.push(r) };
    try {
      for (const step of plan.steps) {
        throwIfAborted(signal, step.ref);
        const started = performance.now();
        const source = step.source;
        if (source.kind === 'output') {
          const upstream = relations.get(source.from);
          if (upstream === undefined) throw missingUpstream(step.ref, source.from);
          try {
            staged.push({ ref: step.ref, write: await this.stageRelation(step.ref, upstream, source, signal, inputsOf(plan, step.ref)) });
          } catch (e) {
            throw await this.blameUpstream(e, plan, step.ref, relations, signal);
          }
        } else {
          let rel: { sql: string; columns: readonly Column[]; transform?: BoundTransform };
          if (source.kind === 'input') {
            rel = inputs.get(step.ref) ?? (await this.inputRelation(step.ref, source, signal));
          } else {
            const transform = requireTransform(step.ref, source);
            const upstream = step.upstream.map((asset) => {
              const r = relations.get(asset);
              if (r === undefined) throw missingUpstream(step.ref, asset);
              return { ...r, asset };
            });
            rel = await this.transformRelation(step.ref, transform, upstream, signal, { ordered: !unordered.has(step.ref) });
          }
          const upstreamDepth = Math.max(0, ...step.upstream.map((asset) => relations.get(asset)?.depth ?? 0));
          // A long chain of views nests too deep for DuckDB's binder (and binds ever slower), so
          // every MAX_VIEW_DEPTH-th asset of a chain is stored as a table, which starts a new chain.
          const kind = step.consumers.length > 1 || upstreamDepth + 1 >= MAX_VIEW_DEPTH ? 'TABLE' : 'VIEW';
          let name: string;
          if (kind === 'VIEW' && (source.kind === 'input' || feedsOnlyOutputs(step.consumers, outputRefs))) {
            // An asset read once, by a transformation or an output, is its SELECT written where it
            // is read: a view would be one more statement per job. An input's read was checked when
            // it was described; a transformation's SELECT binds when its reader does, and a failure
            // there is blamed on the asset whose SELECT fails (`blameUpstream`).
            name = `(${rel.sql})`;
          } else {
            name = quoteIdentifier(this.nextName(kind === 'TABLE' ? 't' : 'v'));
            try {
              await this.db.run(`CREATE TEMP ${kind} ${name} AS ${rel.sql}`, { signal, asset: step.ref });
            } catch (e) {
              // A table runs its chain of views now: blame the view that fails, or this asset's own field.
              throw kind === 'TABLE' ? await this.blameUpstream(e, plan, step.ref, relations, signal, blamedField(source)) : e;
            }
          }
          relations.set(step.ref, { name, columns: rel.columns, depth: kind === 'TABLE' ? 0 : upstreamDepth + 1 });
          const checks = rel.transform === undefined ? undefined : rowChecksOf(rel.transform);
          if (checks !== undefined) {
            const over = checks.over === 'input' ? relations.get(step.upstream[0] as string) : relations.get(step.ref);
            if (over === undefined) throw missingUpstream(step.ref, step.upstream[0] as string);
            await runRowChecks(step.ref, checks, over.columns, this.measurer(over.name), stepOptions);
          }
        }
        const ms = Math.round((performance.now() - started) * 1000) / 1000;
        steps.push(source.kind === 'output' ? { ref: step.ref, ms } : { ref: step.ref, ms, materialized: relations.get(step.ref)?.depth === 0 });
        const written = source.kind === 'output' ? staged.at(-1)?.write.rowsStaged : undefined;
        options.onStep?.({ ref: step.ref, done: steps.length, total: plan.steps.length, ms, ...(written === undefined ? {} : { rowsStaged: written }) });
      }
      const suites = plan.quality ?? [];
      if (suites.length > 0) {
        const relationOf = (asset: string): Relation => {
          const r = relations.get(asset);
          if (r === undefined) throw missingUpstream(asset, asset);
          return r;
        };
        await runSuites(
          suites,
          (asset) => relationOf(asset).columns,
          (asset) => (request, s) =>
            this.measurer(relationOf(asset).name, Object.fromEntries(request.references.map((r) => [r.asset, relationOf(r.asset)])))(request, s),
          quality,
          signal,
        );
      }
      throwIfAborted(signal);
      const outputs: OutputResult[] = staged.map(({ ref, write }) => ({ ref, ...write.commit() }));
      return quality.length === 0 ? { outputs, steps } : { outputs, steps, quality };
    } catch (e) {
      throw withQualityResults(e, quality);
    } finally {
      for (const { write } of staged) write.discard();
    }
  }

  /**
   * The assets of `plan` whose row order no output observes (`unobserved-order.ts`), from every
   * transformation bound ahead of the run; the inputs' relations are kept in `inputs` for the run.
   * Whatever fails here (a file, a bind) leaves every asset ordered: the run meets the same failure
   * at its step and reports it there.
   */
  private async unorderedAssets(plan: Plan, inputs: Map<string, InputRelation>, signal: AbortSignal | undefined): Promise<ReadonlySet<string>> {
    if (!plan.steps.some((s) => s.source.kind === 'join')) return new Set();
    const columns = new Map<string, readonly Column[]>();
    const bound = new Map<string, BoundSource>();
    try {
      for (const step of plan.steps) {
        const source = step.source;
        if (source.kind === 'output') continue;
        if (source.kind === 'input') {
          // A join's build side is chosen by row estimates, which a pinned CSV read does not give.
          const input = await this.inputRelation(step.ref, source, signal, true);
          inputs.set(step.ref, input);
          columns.set(step.ref, input.columns);
          continue;
        }
        const upstream = step.upstream.map((asset) => ({ asset, columns: columns.get(asset) ?? [] }));
        const b = bindSource(step.ref, requireTransform(step.ref, source), upstream);
        bound.set(step.ref, b);
        columns.set(step.ref, b.columns);
      }
    } catch {
      return new Set();
    }
    return unobservedOrder(plan, bound);
  }

  /**
   * The views of a chain only run inside the output's COPY, so a runtime failure in an upstream
   * expression (overflow, failed conversion) surfaces at the output. This re-reads each upstream
   * transformation in plan order, computing every column, and blames the first one that fails the
   * same way; when none does, the output's own error stands.
   */
  private async blameUpstream(
    error: unknown,
    plan: Plan,
    outputRef: string,
    relations: ReadonlyMap<string, Relation>,
    signal: AbortSignal | undefined,
    ownField?: string,
  ): Promise<unknown> {
    if (!isEngineError(error) || !BLAMEABLE.has(error.code) || signal?.aborted) return error;
    const feeding = new Set(upstreamOf(plan, outputRef));
    for (const step of plan.steps) {
      if (!feeding.has(step.ref) || step.source.kind === 'input' || step.source.kind === 'output') continue;
      const rel = relations.get(step.ref);
      if (rel === undefined) continue;
      const everyColumn = rel.columns.length === 0 ? '1' : rel.columns.map((c) => quoteIdentifier(c.name)).join(', ');
      try {
        await this.db.run(`SELECT max(hash(${everyColumn})) FROM ${rel.name}`, { signal, asset: step.ref });
      } catch (e) {
        if (!isEngineError(e) || e.code !== error.code) return e;
        return withField(e, step.ref, blamedField(step.source));
      }
    }
    return ownField === undefined ? error : withField(error, outputRef, ownField);
  }

  /** Writes a relation to its output's temporary file: mode check, COPY (or append); placed by the caller. */
  private async stageRelation(
    ref: string,
    rel: Relation,
    source: OutputSource,
    signal: AbortSignal | undefined,
    feedingInputs: readonly string[] = [],
  ): Promise<StagedWrite> {
    this.handles.ensureOpen();
    const target = resolveInRoot(this.root, source.path, ref);
    const options = readFormatOptions(source.format, source.options, ref);
    if (decideMode(target.absolute, source.path, source.mode, ref) === 'skip') return skippedWrite(source.path);
    const copyOptions = intoOwnFile(formatModule(options).duckDbCopySql(options, target.absolute, ref));
    const file = prepareAtomicFile(target.absolute, source.path, ref);
    const parts: string[] = [];
    const run = async (sql: string): Promise<number> => {
      try {
        const result = await this.db.run(sql, { signal, asset: ref });
        const rows = (await result.getRowsJson()) as unknown[][];
        return Number(rows[0]?.[0] ?? 0);
      } catch (e) {
        throw attributeReadError(e, ref, feedingInputs);
      }
    };
    try {
      let rowsWritten: number;
      const appending = source.mode === 'append' && fs.existsSync(target.absolute);
      if (!appending) {
        rowsWritten = await run(`COPY (SELECT * FROM ${rel.name}) TO ${sqlString(file.tempPath)} ${copyOptions}`);
      } else {
        // The existing file is read back by read_json, as an input is.
        if (options.format === 'json') await this.refuseDeepJson(target.absolute, options.json, ref, source.path, signal);
        rowsWritten = await this.appendRows(ref, rel, options, target.absolute, file.tempPath, parts, run, signal);
      }
      throwIfAborted(signal, ref);
      return stagedFile(file, source.mode, rowsWritten, source.path);
    } catch (e) {
      file.discard();
      throw e;
    } finally {
      for (const p of parts) fs.rmSync(p, { force: true });
    }
  }

  /**
   * Builds in `tempPath` the existing file's rows followed by the relation's, as the format's
   * append rules say (see formats/format-module.ts); returns the rows added.
   */
  private async appendRows(
    ref: string,
    rel: Relation,
    options: FormatOptions,
    existing: string,
    tempPath: string,
    parts: string[],
    run: (sql: string) => Promise<number>,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    const format = formatModule(options);
    const rule = format.appendColumnRule(options);
    if (rule !== 'any') {
      const old = await this.describeSql(`SELECT * FROM ${format.duckDbReadSql(existing, options)}`, signal, ref);
      checkAppendColumns(ref, rule, old.map((c) => c.name), rel.columns.map((c) => c.name));
    }
    const method = format.appendMethod(existing, options);
    if (method !== 'concatenate') {
      const layout = method === 'rewrite-array' ? { jsonArray: true } : {};
      const existingFn = format.duckDbReadSql(existing, options, layout);
      const oldRows = await run(`SELECT count(*) FROM ${existingFn}`);
      const copy = intoOwnFile(format.duckDbCopySql(options, existing, ref, layout));
      const total = await run(`COPY (SELECT * FROM ${existingFn} UNION ALL BY NAME SELECT * FROM ${rel.name}) TO ${sqlString(tempPath)} ${copy}`);
      return total - oldRows;
    }
    const part = `${tempPath}.part`;
    parts.push(part);
    const copy = intoOwnFile(format.duckDbCopySql(options, existing, ref, { header: false, jsonArray: false }));
    const added = await run(`COPY (SELECT * FROM ${rel.name}) TO ${sqlString(part)} ${copy}`);
    concatenateAppend(tempPath, existing, part, format.appendedCompression(options, existing));
    return added;
  }
}

/**
 * A COPY's options for a file only this backend writes (a staged output's temporary path, which is
 * renamed into place or removed): DuckDB's own temporary file and rename would only repeat that.
 */
function intoOwnFile(copyOptions: string): string {
  if (!copyOptions.endsWith(')')) throw new Error(`COPY options must be parenthesised: ${copyOptions}`);
  return `${copyOptions.slice(0, -1)}, USE_TMP_FILE false)`;
}

function info(h: DuckHandle): HandleInfo {
  return { id: h.id, ref: h.ref, rowCount: h.rowCount, columns: h.columns.map((c) => ({ name: c.name, dataType: c.type })) };
}

/** Whether an asset has consumers and every one of them is among `outputRefs` (the plan's outputs). */
function feedsOnlyOutputs(consumers: readonly string[], outputRefs: ReadonlySet<string>): boolean {
  return consumers.length > 0 && consumers.every((ref) => outputRefs.has(ref));
}

function missingUpstream(ref: string, from: string): EngineError {
  return engineError('E_BAD_SOURCE', { asset: ref, from, problem: `upstream asset "${from}" has not been computed` });
}

/** Largest CSV file read again in JavaScript to say why DuckDB could not sniff it. */
const DIAGNOSE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * DuckDB's sniffer says only that it failed; the usual cause is a row with another number of
 * fields, which the JavaScript CSV reader finds and names (`row 3 has 4 fields, expected 3`).
 */
function explainSniffFailure(e: unknown, ref: string, absolute: string, display: string, csv: CsvOptions): unknown {
  if (!isEngineError(e) || e.code !== 'E_READ_FAILED' || !/Error when sniffing/.test(String(e.details.duckdb ?? ''))) return e;
  let reason = 'its layout (separator, quotes, number of columns) could not be detected';
  try {
    if (fs.statSync(absolute).size <= DIAGNOSE_MAX_BYTES) parseCsv(decodeFile(absolute, csv.compression, csv.encoding, ref, display), csv);
  } catch (problem) {
    if (problem instanceof CsvSyntaxError) reason = problem.message;
  }
  return engineError('E_READ_FAILED', { ...e.details, asset: ref, path: display, problem: `cannot read the input: ${display}: ${reason}` }, { cause: e });
}

/**
 * Runtime failures an upstream expression can cause (not a read, write or mode failure). A
 * pattern RE2 cannot compile gets here when it comes from a column: constant patterns are refused
 * before anything runs.
 */
const BLAMEABLE: ReadonlySet<string> = new Set(['E_VALUE', 'E_TYPE', 'E_EXECUTION', 'E_BAD_PATTERN']);

/** The definition field holding a transformation's expressions, for error messages. */
function blamedField(source: Source): string {
  if (source.kind === 'input' || source.kind === 'output') return source.kind;
  const kind = duckDbKindOf(source.kind);
  return isUnsupported(kind) ? source.kind : kind.field;
}

/** `asset "s": <message>` as `asset "s": filter: <message>`. */
function withField(e: EngineError, ref: string, field: string): EngineError {
  const prefix = assetPrefix(ref);
  const rest = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  return engineError(e.code, { ...e.details, asset: ref, field, problem: rest }, { cause: e });
}

/** Every asset `ref` reads through its chain (itself excluded). */
function upstreamOf(plan: Plan, ref: string): string[] {
  const byRef = new Map(plan.steps.map((s) => [s.ref, s]));
  const found = new Set<string>();
  const stack = [...(byRef.get(ref)?.upstream ?? [])];
  while (stack.length > 0) {
    const r = stack.pop() as string;
    if (found.has(r)) continue;
    found.add(r);
    stack.push(...(byRef.get(r)?.upstream ?? []));
  }
  return [...found];
}

/** The input assets an output reads through its chain (to name the input in read errors). */
function inputsOf(plan: Plan, ref: string): string[] {
  const byRef = new Map(plan.steps.map((s) => [s.ref, s]));
  const found = new Set<string>();
  const stack = [ref];
  while (stack.length > 0) {
    const s = byRef.get(stack.pop() as string);
    if (s === undefined) continue;
    if (s.source.kind === 'input') found.add(s.ref);
    stack.push(...s.upstream);
  }
  return [...found];
}

/** A read failure met while streaming an output is reported against its input when there is one. */
function attributeReadError(e: unknown, ref: string, inputs: readonly string[]): EngineError {
  const err = translateDuckDbError(e, ref);
  if (err.code === 'E_READ_FAILED' && inputs.length === 1) {
    return rebuildEngineError('E_READ_FAILED', err.message.replace(assetPrefix(ref), assetPrefix(inputs[0])), { ...err.details, asset: inputs[0] });
  }
  return err;
}

