/**
 * The danfo backend: pure JavaScript, for small data. Every handle is a danfo DataFrame holding
 * values in the representation of values/ (numbers, text, booleans; dates as day numbers,
 * timestamps as microseconds) beside the portable column types. Columns are taken by position
 * (`iloc`), never by label (`loc`, quadratic in danfo). Row loops yield to the event loop between
 * chunks, so a cancellation is seen within one chunk.
 */
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import type { InputSource, OutputSource, Source } from '@pipeline/definition';
import type { Backend, HandleInfo, InspectResult, RunOptions, WriteResult } from '../backend';
import { bindSource } from '../check/bind-source';
import type { Column } from '../check/bind-expression';
import type { EngineConfig } from '../config';
import { EngineError, assetPrefix, throwIfAborted, unsupportedKind } from '../errors';
import { isUnsupported } from '../kinds/kind-support';
import { HandleRegistry } from '../handle-registry';
import { readFormatOptions, writeCompression, type FormatOptions, type TextCompression } from '../formats/format-options';
import { concatenateInto, decideMode, lacksFinalNewline, prepareAtomicFile } from '../io/atomic-write';
import { locateInputFile } from '../io/source-file';
import { openDataRoot, resolveInRoot, type DataRoot } from '../paths/data-root';
import { skippedWrite, stagedFile, writeNow, type StagedWrite } from '../io/staged-write';
import { requireTransform, upstreamHandleIds } from '../transform-source';
import type { Value } from '../values/format-value';
import type { Columns } from './compile-js';
import { jsonText, parseJsonDocuments } from './json-text';
import { loadDanfo, type DanfoFrame, type DanfoModule } from './load-danfo';
import { danfoKindOf } from './kinds';
import type { DanfoInput } from './kinds/danfo-kind';
import { decodeFile, readFileColumns } from './read-file';
import { encodeColumns, jsonArrayText, jsonRecordTexts } from './write-file';

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
    const { columns, data } = readFileColumns(file.absolute, source.path, options, ref);
    return { columns, data, rowCount: data[0]?.length ?? 0 };
  }

  async readInput(ref: string, source: InputSource, options: RunOptions = {}): Promise<HandleInfo> {
    this.handles.ensureOpen();
    throwIfAborted(options.signal, ref);
    const { columns, data, rowCount } = this.load(ref, source);
    return this.store(ref, this.frame(columns, data, rowCount), columns, rowCount);
  }

  async inspect(source: InputSource, options: RunOptions = {}): Promise<InspectResult> {
    this.handles.ensureOpen();
    throwIfAborted(options.signal);
    const { columns, rowCount } = this.load('', source);
    return { fields: columns.map((c) => ({ name: c.name, dataType: c.type, nullable: true })), rowCount };
  }

  async apply(ref: string, source: Source, inputs: Readonly<Record<string, string>>, options: RunOptions = {}): Promise<HandleInfo> {
    this.handles.ensureOpen();
    const transform = requireTransform(ref, source);
    const run = danfoKindOf(transform.kind);
    if (isUnsupported(run)) throw unsupportedKind(ref, transform.kind, this.name, run.unsupported);
    const upstream = upstreamHandleIds(ref, transform, inputs).map(({ asset, id }): DanfoInput => {
      const h = this.handles.get(id);
      return { asset, frame: h.frame, columns: h.columns, data: this.data(h), rowCount: h.rowCount };
    });
    const bound = bindSource(ref, transform, upstream);
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
        types: bound.types,
        columnIndex: (name) => first.columns.findIndex((c) => c.name === name),
        nowMicros,
      }),
    });
    return this.store(ref, result.frame, bound.columns, result.rowCount);
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
    const cols = this.data(h);
    const encode = (header?: boolean): Buffer =>
      encodeColumns(h.columns, cols, h.rowCount, formatOptions, target.absolute, asset, header);
    const fresh = source.mode !== 'append' || !fs.existsSync(target.absolute);
    // Encode before touching the file system, so an unsupported format leaves nothing behind.
    const bytes = fresh ? encode() : undefined;
    const file = prepareAtomicFile(target.absolute, source.path, asset);
    try {
      if (bytes !== undefined) fs.writeFileSync(file.tempPath, bytes);
      else this.appendInto(file.tempPath, target.absolute, source.path, h, formatOptions, asset, encode);
      throwIfAborted(options.signal, asset);
      return stagedFile(file, source.mode, h.rowCount, source.path);
    } catch (e) {
      file.discard();
      if (e instanceof EngineError) throw e;
      throw new EngineError('E_WRITE_FAILED', `${assetPrefix(asset)}cannot write ${source.path}: ${(e as Error).message}`, {
        asset,
        path: source.path,
      });
    }
  }

  /** Writes into `tempPath` the existing file followed by the handle's rows. */
  private appendInto(
    tempPath: string,
    existing: string,
    display: string,
    h: DanfoHandle,
    options: FormatOptions,
    asset: string,
    encode: (header?: boolean) => Buffer,
  ): void {
    if (options.format === 'json' && decodeFile(existing, options.json.compression, 'utf-8', asset, display).trimStart().startsWith('[')) {
      // A JSON array file stays one array: its records, then the new ones.
      const old = parseJsonDocuments(decodeFile(existing, options.json.compression, 'utf-8', asset, display));
      const records = (old.length === 1 && Array.isArray(old[0]) ? old[0] : old).map(jsonText);
      const added = jsonRecordTexts(h.columns, this.data(h), h.rowCount, options);
      fs.writeFileSync(tempPath, jsonArrayText([...records, ...added]));
      return;
    }
    if (options.format === 'csv') {
      const old = readFileColumns(existing, display, options, asset).columns.map((c) => c.name);
      const now = h.columns.map((c) => c.name);
      const same = options.csv.header ? old.join('\0') === now.join('\0') : old.length === now.length;
      if (!same) {
        throw new EngineError(
          'E_SCHEMA_MISMATCH',
          `${assetPrefix(asset)}cannot append: the rows have columns (${now.join(', ')}) but the existing file has (${old.join(', ')})`,
          { asset, columns: now, existing: old },
        );
      }
    }
    const part = `${tempPath}.part`;
    try {
      // Appended rows follow the existing file's layout: CSV without a header, JSON one record per line.
      const added =
        options.format === 'json'
          ? Buffer.from(jsonRecordTexts(h.columns, this.data(h), h.rowCount, options).map((r) => `${r}\n`).join(''))
          : encode(false);
      const codec = writeCompression(compressionOf(options), existing);
      if (options.format === 'json' && codec === 'zstd') {
        throw new EngineError('E_UNSUPPORTED_FORMAT', `${assetPrefix(asset)}the danfo backend cannot write zstd-compressed files`, { asset });
      }
      fs.writeFileSync(part, options.format === 'json' && codec === 'gzip' ? zlib.gzipSync(added) : added);
      const plain = codec === 'none';
      concatenateInto(tempPath, existing, part, plain && lacksFinalNewline(existing) ? Buffer.from('\n') : undefined);
    } finally {
      fs.rmSync(part, { force: true });
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

function compressionOf(options: FormatOptions): TextCompression {
  if (options.format === 'csv') return options.csv.compression;
  if (options.format === 'json') return options.json.compression;
  return 'none';
}

function info(h: DanfoHandle): HandleInfo {
  return { id: h.id, ref: h.ref, rowCount: h.rowCount, columns: h.columns.map((c) => ({ name: c.name, dataType: c.type })) };
}
