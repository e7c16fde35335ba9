/**
 * The columns of a pipeline's inputs where they can be known before it runs, for checkColumns:
 * a CSV file's header, read from the first bytes of the file inside the data root (never the
 * whole file, without blocking the event loop) and remembered while the file is unchanged, as the
 * DuckDB reader remembers its sniff. An input that cannot be looked at cheaply (JSON and parquet,
 * whose columns need the data; a missing or unreadable file; options the engine refuses) is left
 * out: the job reads it and reports what is wrong, as it always did.
 */
import * as path from 'node:path';
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

/**
 * The same answers by the path as the pipeline names it (joined to the data root as configured)
 * and the options as written: every job submitted over an unchanged file asks again, and one stat
 * of that path then answers, without resolving the data root and the path through their real
 * paths (several system calls). Remembered only for a path that resolved inside the root and
 * reached the very file looked at; a path that now reaches another file (replaced, or a link
 * changed anywhere on the way) has another identity and is resolved again.
 */
const lookedByPath = new SettledFileCache<readonly Column[] | 'unknown'>();

/** Input asset -> its columns, for every input whose columns a look at its file tells. */
export async function knownInputColumns(pipeline: PipelineDefinition, config: InputColumnsConfig): Promise<Map<string, readonly Column[]>> {
  const known = new Map<string, readonly Column[]>();
  if (!NAMES_CSV_COLUMNS_AS_DUCKDB[config.backend ?? 'duckdb']) return known;
  let root: DataRoot | null | undefined;
  // The data root's real path only when a file has to be resolved (none once every input is remembered).
  const openRoot = (): DataRoot | undefined => {
    if (root === undefined) {
      try {
        root = openDataRoot(config.dataRoot);
      } catch {
        root = null;
      }
    }
    return root ?? undefined;
  };
  const inputs = pipeline.assets.filter((a) => a.source.kind === 'input') as { ref: string; source: InputSource }[];
  const found = await Promise.all(inputs.map((a) => csvInputColumns(config.dataRoot, openRoot, a.ref, a.source)));
  inputs.forEach((a, i) => {
    const columns = found[i];
    if (columns !== undefined) known.set(a.ref, columns);
  });
  return known;
}

async function csvInputColumns(dataRoot: string, openRoot: () => DataRoot | undefined, ref: string, source: InputSource): Promise<readonly Column[] | undefined> {
  if (source.format !== 'csv') return undefined;
  const named = namedPathIdentity(dataRoot, source.path);
  const asWritten = JSON.stringify(source.options ?? null);
  const recent = lookedByPath.get(named, asWritten);
  if (recent !== undefined) return recent === 'unknown' ? undefined : recent;
  let options: ReturnType<typeof readFormatOptions>;
  try {
    options = readFormatOptions(source.format, source.options, ref);
  } catch {
    return undefined;
  }
  if (options.format !== 'csv') return undefined;
  const root = openRoot();
  if (root === undefined) return undefined;
  const variant = JSON.stringify(options);
  // A file looked at before and unchanged since is not opened again.
  const identity = identityOf(root, source.path);
  const remember = (value: readonly Column[] | 'unknown'): void => {
    looked.remember(identity, variant, value);
    if (named !== undefined && identity !== undefined && named.file === identity.file) lookedByPath.remember(named, asWritten, value);
  };
  const remembered = looked.get(identity, variant);
  if (remembered !== undefined) {
    remember(remembered);
    return remembered === 'unknown' ? undefined : remembered;
  }
  const head = await readHeadInsideRoot(root, source.path, HEAD_BYTES);
  if (head === undefined) return undefined;
  const columns = csvColumnsOfHead(head.bytes, head.whole, head.absolute, options.csv);
  remember(columns ?? 'unknown');
  return columns;
}

/** The identity of the file `userPath` reaches from the data root as configured, for a path {@link insideAsWritten}. */
function namedPathIdentity(dataRoot: string, userPath: unknown): FileIdentity | undefined {
  const inside = insideAsWritten(userPath);
  return inside === undefined ? undefined : fileIdentity(path.resolve(dataRoot, inside));
}

/**
 * `userPath` normalised when it stays inside the data root as written (relative, no `..` out of
 * it), else undefined: only such a path is remembered by its name, and the server does not even
 * stat what a client names outside the root (a stat may mount a share); those go through the
 * root's checks, which refuse them.
 */
export function insideAsWritten(userPath: unknown): string | undefined {
  if (typeof userPath !== 'string' || userPath === '' || userPath.includes('\0') || path.isAbsolute(userPath)) return undefined;
  const normal = path.normalize(userPath);
  return normal === '..' || normal.startsWith(`..${path.sep}`) ? undefined : normal;
}

function identityOf(root: DataRoot, userPath: string): FileIdentity | undefined {
  try {
    return fileIdentity(resolveInRoot(root, userPath).absolute);
  } catch {
    return undefined;
  }
}
