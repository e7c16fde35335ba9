/**
 * The columns of a pipeline's inputs where they can be known before it runs, for checkColumns:
 * a CSV file's header, read from the first bytes of the file inside the data root (never the
 * whole file, without blocking the event loop) and remembered while the file is unchanged, as the
 * DuckDB reader remembers its sniff. An input that cannot be looked at cheaply (JSON and parquet,
 * whose columns need the data; a missing or unreadable file; options the engine refuses) is left
 * out: the job reads it and reports what is wrong, as it always did.
 */
import type { InputSource, PipelineDefinition } from '@pipeline/definition';
import type { BackendName } from '../backend-name';
import { csvColumnsOfHead } from '../formats/csv-head';
import { readFormatOptions } from '../formats/format-options';
import { fileIdentity, type FileIdentity, SettledFileCache } from '../io/settled-file-cache';
import { openDataRoot, resolveInRoot, type DataRoot } from '../paths/data-root';
import { readHeadInsideRoot } from '../paths/read-head-inside-root';
import type { Column } from './bind-expression';

/** Bytes read from the start of a file: a header and enough rows to guess the types. */
export const HEAD_BYTES = 64 * 1024;

/**
 * Whether a backend names a CSV file's columns as the header look does (`csvColumnNames`: blank
 * names `columnN`, repeats `_1`); Spark names them its own way (`_c0`), so its inputs are left to the job.
 */
const NAMES_CSV_COLUMNS_AS_DUCKDB = { duckdb: true, danfo: true, spark: false } as const satisfies Record<BackendName, boolean>;

/** Where the inputs are and which backend will read them. */
export interface InputColumnsConfig {
  readonly dataRoot: string;
  /** Default duckdb. */
  readonly backend?: BackendName;
}

/** What a look at a CSV file found, by file identity and the read's options. */
const looked = new SettledFileCache<readonly Column[] | 'unknown'>();

/** Input asset -> its columns, for every input whose columns a look at its file tells. */
export async function knownInputColumns(pipeline: PipelineDefinition, config: InputColumnsConfig): Promise<Map<string, readonly Column[]>> {
  const known = new Map<string, readonly Column[]>();
  if (!NAMES_CSV_COLUMNS_AS_DUCKDB[config.backend ?? 'duckdb']) return known;
  let root: DataRoot;
  try {
    root = openDataRoot(config.dataRoot);
  } catch {
    return known;
  }
  const inputs = pipeline.assets.filter((a) => a.source.kind === 'input') as { ref: string; source: InputSource }[];
  const found = await Promise.all(inputs.map((a) => csvInputColumns(root, a.ref, a.source)));
  inputs.forEach((a, i) => {
    const columns = found[i];
    if (columns !== undefined) known.set(a.ref, columns);
  });
  return known;
}

async function csvInputColumns(root: DataRoot, ref: string, source: InputSource): Promise<readonly Column[] | undefined> {
  if (source.format !== 'csv') return undefined;
  let options: ReturnType<typeof readFormatOptions>;
  try {
    options = readFormatOptions(source.format, source.options, ref);
  } catch {
    return undefined;
  }
  if (options.format !== 'csv') return undefined;
  const variant = JSON.stringify(options);
  // A file looked at before and unchanged since is not opened again.
  const identity = identityOf(root, source.path);
  const remembered = looked.get(identity, variant);
  if (remembered !== undefined) return remembered === 'unknown' ? undefined : remembered;
  const head = await readHeadInsideRoot(root, source.path, HEAD_BYTES);
  if (head === undefined) return undefined;
  const columns = csvColumnsOfHead(head.bytes, head.whole, head.absolute, options.csv);
  looked.remember(identity, variant, columns ?? 'unknown');
  return columns;
}

function identityOf(root: DataRoot, userPath: string): FileIdentity | undefined {
  try {
    return fileIdentity(resolveInRoot(root, userPath).absolute);
  } catch {
    return undefined;
  }
}
