/**
 * The danfo backend: pure JavaScript, for small data. Every handle is a danfo DataFrame holding
 * values in the representation of values/ (numbers, text, booleans; dates as day numbers,
 * timestamps as microseconds) beside the portable column types. Columns are taken by position
 * (`iloc`), never by label (`loc`, quadratic in danfo). Row loops yield to the event loop between
 * chunks, so a cancellation is seen within one chunk.
 */
import * as fs from 'node:fs';
import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import {
  type Backend,
  type AppliedHandle,
  type HandleInfo,
  type InspectResult,
  type RunOptions,
  type WriteResult,
  bindSource,
  probeOf,
  checkedProbeAnswer,
  type Column,
  type EngineConfig,
  engineError,
  internalError,
  isEngineError,
  throwIfAborted,
  unsupportedKind,
  isUnsupported,
  HandleRegistry,
  checkAppendColumns,
  concatenateAppend,
  readFormatOptions,
  type FormatOptions,
  formatModule,
  jsonArrayWithRecords,
  jsonRecordTexts,
  decideMode,
  prepareAtomicFile,
  locateInputFile,
  writeNewFileChecked,
  openDataRoot,
  resolveInRoot,
  type DataRoot,
  skippedWrite,
  stagedFile,
  writeNow,
  type StagedWrite,
  requireTransform,
  upstreamHandleIds,
  type Value,
  jsonCell,
  type RowsResult,
  type MeasureRequest,
  type Measures,
  checkColumnMetadata,
  withRowChecks,
} from '@pipeline/engine-core';
import { answerProbe } from './probe';
import type { Columns } from './compile-js';
import { loadDanfo, type DanfoFrame, type DanfoModule } from './load-danfo';
import { danfoKindOf } from './kinds';
import type { DanfoInput } from './kinds/danfo-kind';
import { danfoMeasurer, type DanfoData } from './measure';

interface DanfoHandle {
  readonly id: string;
  readonly ref: string;
  readonly frame: DanfoFrame;
  readonly columns: readonly Column[];
  readonly rowCount: number;
}

/** The danfojs-node implementation of Backend. */
export class DanfoBackend implements Backend {
  readonly name = 'danfo' as const;
  private readonly handles = new HandleRegistry<DanfoHandle>('danfo');
  private counter = 0;

  private constructor(
    private readonly danfo: DanfoModule,
    private readonly root: DataRoot,
  ) {}

  /** Opens a danfo backend for `config.dataRoot` (loads danfojs-node on first use). */
  static async create(config: EngineConfig): Promise<DanfoBackend> {
    const root = openDataRoot(config.dataRoot);
    return new DanfoBackend(loadDanfo(), root);
  }

  private store(ref: string, frame: DanfoFrame, columns: readonly Column[], rowCount: number): HandleInfo {
    this.counter += 1;
    const id = `d_${this.counter}-${ref}`;
    const h: DanfoHandle = { id, ref, frame, columns, rowCount };
    this.handles.add(h);
    return info(h);
  }

  /** A frame from column-major data. */
  private frame(columns: readonly Column[], data: readonly (readonly Value[])[], rowCount: number): DanfoFrame {
    const names = columns.map((c) => c.name);
    if (rowCount === 0) return new this.danfo.DataFrame([], { columns: names });
    const rows: Value[][] = new Array(rowCount);
    for (let i = 0; i < rowCount; i++) {
      const row: Value[] = new Array(columns.length);
      for (let c = 0; c < columns.length; c++) row[c] = data[c][i];
      rows[i] = row;
    }
    return new this.danfo.DataFrame(rows, { columns: names });
  }

  private data(h: DanfoHandle): Columns {
    if (h.rowCount === 0) return h.columns.map(() => []);
    return h.frame.getColumnData as Value[][];
  }

  private load(ref: string, source: InputSource): { columns: readonly Column[]; data: Value[][]; rowCount: number } {
    const file = locateInputFile(this.root, source.path, ref);
    const options = readFormatOptions(source.format, source.options, ref);
    const { columns, data } = formatModule(options).readColumns(file.absolute, source.path, options, ref);
    checkColumnMetadata(ref, source, columns);
    return { columns, data, rowCount: data[0]?.length ?? 0 };
  }

  async readInput(ref: string, source: InputSource, options: RunOptions = {}): Promise<HandleInfo> {
    this.handles.ensureOpen();
    throwIfAborted(options.signal, ref);
    const { columns, data, rowCount } = this.load(ref, source);
    return this.store(ref, this.frame(columns, data, rowCount), columns, rowCount);
  }

  async head(handleId: string, limit: number, options: RunOptions = {}): Promise<RowsResult> {
    const h = this.handles.get(handleId);
    throwIfAborted(options.signal, h.ref);
    return headOfColumns(h.columns, this.data(h), h.rowCount, limit);
  }

  async headOfInput(ref: string, source: InputSource, limit: number, options: RunOptions = {}): Promise<RowsResult> {
    this.handles.ensureOpen();
    throwIfAborted(options.signal, ref);
    const { columns, data, rowCount } = this.load(ref, source);
    return headOfColumns(columns, data, rowCount, limit);
  }

  async inspect(source: InputSource, options: RunOptions = {}): Promise<InspectResult> {
    this.handles.ensureOpen();
    throwIfAborted(options.signal);
    const { columns, rowCount } = this.load('', source);
    return { fields: columns.map((c) => ({ name: c.name, dataType: c.type, nullable: true })), rowCount };
  }

  async apply(ref: string, source: Source, inputs: Readonly<Record<string, string>>, options: RunOptions = {}): Promise<AppliedHandle> {
    this.handles.ensureOpen();
    const transform = requireTransform(ref, source);
    const run = danfoKindOf(transform.kind);
    if (isUnsupported(run)) throw unsupportedKind(ref, transform.kind, this.name, run.unsupported);
    const upstream = upstreamHandleIds(ref, transform, inputs).map(({ asset, id }): DanfoInput => {
      const h = this.handles.get(id);
      return { asset, frame: h.frame, columns: h.columns, data: this.data(h), rowCount: h.rowCount };
    });
    // A kind whose columns depend on the data (pivot without values) reads what it needs first.
    const request = probeOf(ref, transform, upstream);
    const probed = request === undefined ? undefined : checkedProbeAnswer(ref, request, answerProbe(request, upstream[request.input]));
    const bound = bindSource(ref, transform, upstream, probed);
    throwIfAborted(options.signal, ref);
    const nowMicros = Date.now() * 1000;
    const first = upstream[0];
    const result = await run({
      ref,
      bound,
      inputs: upstream,
      signal: options.signal,
      frames: {
        fromColumns: (columns, data, rowCount) => this.frame(columns, data, rowCount),
        rowsOf: (input, rows) => this.rowsOf(input, rows),
      },
      compileContext: (field) => ({
        asset: ref,
        field,
        columnIndex: (name) => first.columns.findIndex((c) => c.name === name),
        nowMicros,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      }),
    });
    return withRowChecks(this.store(ref, result.frame, bound.columns, result.rowCount), bound.transform);
  }

  private dataOf(handleId: string): DanfoData {
    const h = this.handles.get(handleId);
    return { columns: h.columns, data: this.data(h), rowCount: h.rowCount };
  }

  async measure(handleId: string, request: MeasureRequest, references: Readonly<Record<string, string>>, options: RunOptions = {}): Promise<Measures> {
    this.handles.ensureOpen();
    const named = Object.fromEntries(Object.entries(references).map(([asset, id]) => [asset, this.dataOf(id)]));
    return danfoMeasurer(this.dataOf(handleId), named)(request, options.signal);
  }

  private rowsOf(input: DanfoInput, rows: number[]): DanfoFrame {
    if (rows.length === 0) return new this.danfo.DataFrame([], { columns: input.columns.map((c) => c.name) });
    return input.frame.iloc({ rows });
  }

  write(handleId: string, ref: string, source: OutputSource, options: RunOptions = {}): Promise<WriteResult> {
    return writeNow(this.stageWrite(handleId, ref, source, options));
  }

  /** Writes a handle to its output's temporary file; the caller commits or discards it. */
  async stageWrite(handleId: string, ref: string, source: OutputSource, options: RunOptions = {}): Promise<StagedWrite> {
    const h = this.handles.get(handleId);
    const asset = ref === '' ? h.ref : ref;
    throwIfAborted(options.signal, asset);
    const target = resolveInRoot(this.root, source.path, asset);
    const formatOptions = readFormatOptions(source.format, source.options, asset);
    if (decideMode(target.absolute, source.path, source.mode, asset) === 'skip') return skippedWrite(source.path);
    const format = formatModule(formatOptions);
    const fresh = source.mode !== 'append' || !fs.existsSync(target.absolute);
    // Encode before touching the file system, so an unsupported format leaves nothing behind; an
    // append encodes the rows in the layout they are appended in (no CSV header, JSON lines).
    const bytes = format.encode(h.columns, this.data(h), h.rowCount, formatOptions, target.absolute, asset, fresh ? {} : APPENDED);
    const file = prepareAtomicFile(target.absolute, source.path, asset);
    try {
      if (fresh) writeNewFileChecked(file.tempPath, bytes, { asset, display: source.path });
      else this.appendInto(file.tempPath, target.absolute, source.path, h, formatOptions, asset, bytes);
      throwIfAborted(options.signal, asset);
      return stagedFile(file, source.mode, h.rowCount, source.path);
    } catch (e) {
      file.discard();
      if (isEngineError(e)) throw e;
      throw engineError('E_WRITE_FAILED', { asset, path: source.path, problem: `cannot write ${source.path}: ${(e as Error).message}` }, { cause: e });
    }
  }

  /**
   * Writes into `tempPath` the existing file followed by the handle's rows, as the format's append
   * rules say (see formats/format-module.ts); `appended` holds the rows encoded for concatenation.
   */
  private appendInto(
    tempPath: string,
    existing: string,
    display: string,
    h: DanfoHandle,
    options: FormatOptions,
    asset: string,
    appended: Buffer,
  ): void {
    const format = formatModule(options);
    const rule = format.appendColumnRule(options);
    const old = rule === 'any' ? undefined : format.readColumns(existing, display, options, asset);
    if (old !== undefined) checkAppendColumns(asset, rule, old.columns.map((c) => c.name), h.columns.map((c) => c.name));
    switch (format.appendMethod(existing, options)) {
      case 'rewrite-array': {
        if (options.format !== 'json') throw internalError('only JSON files are arrays', asset);
        const added = jsonRecordTexts(h.columns, this.data(h), h.rowCount, options);
        writeNewFileChecked(tempPath, jsonArrayWithRecords(existing, display, options, asset, added), { asset, display });
        return;
      }
      case 'rewrite-by-name': {
        // The old rows, then the new ones with their columns in the old order.
        const before = old ?? format.readColumns(existing, display, options, asset);
        const now = this.data(h);
        const data = before.columns.map((c, i) => [...before.data[i], ...now[h.columns.findIndex((n) => n.name === c.name)]]);
        writeNewFileChecked(tempPath, format.encode(before.columns, data, (before.data[0]?.length ?? 0) + h.rowCount, options, existing, asset), { asset, display });
        return;
      }
      case 'concatenate': {
        const part = `${tempPath}.part`;
        try {
          writeNewFileChecked(part, appended, { asset, display });
          concatenateAppend(tempPath, existing, part, format.appendedCompression(options, existing));
        } finally {
          fs.rmSync(part, { force: true });
        }
      }
    }
  }

  describe(handleId: string): HandleInfo {
    return info(this.handles.get(handleId));
  }

  async release(handleId: string): Promise<void> {
    this.handles.remove(handleId);
  }

  async close(): Promise<void> {
    this.handles.close();
  }
}

/** The layout of rows appended to an existing file: CSV without its header, JSON one record per line. */
const APPENDED = { header: false, jsonArray: false } as const;

function info(h: DanfoHandle): HandleInfo {
  return { id: h.id, ref: h.ref, rowCount: h.rowCount, columns: h.columns.map((c) => ({ name: c.name, dataType: c.type })) };
}

/** The first `limit` rows of column-major data as typed JSON. */
function headOfColumns(columns: readonly Column[], data: readonly (readonly Value[])[], rowCount: number, limit: number): RowsResult {
  const n = Math.min(limit, rowCount);
  const rows: unknown[][] = new Array(n);
  for (let i = 0; i < n; i++) rows[i] = columns.map((c, j) => jsonCell(c.type, data[j][i]));
  return { columns: columns.map((c) => ({ name: c.name, type: c.type })), rows, truncated: rowCount > limit };
}
