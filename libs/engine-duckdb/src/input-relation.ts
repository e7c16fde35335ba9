/**
 * How DuckDB reads an input: the SELECT over its file, with the column types DuckDB's sniffer
 * detected pinned (so later binds of a view chain do not sniff the file again) and columns
 * converted to portable representations. What one sniff found is kept per thread while the file
 * is unchanged, so a job over a file read before does not sniff it again.
 */
import * as fs from 'node:fs';
import { MAX_JSON_DEPTH, type InputSource } from '@pipeline/definition';
import {
  type Column,
  checkColumnMetadata,
  engineError,
  isEngineError,
  readFailed,
  CsvSyntaxError,
  parseCsv,
  readFormatOptions,
  type CsvOptions,
  type FormatOptions,
  type JsonOptions,
  formatModule,
  JSON_FILE_TOO_DEEP,
  jsonFileNestsTooDeep,
  decodeFile,
  fileIdentity,
  SettledFileCache,
  locateInputFile,
  type DataRoot,
  type ResolvedPath,
  quoteIdentifier,
  sqlString,
} from '@pipeline/engine-core';
import type { DuckDbDatabase } from './duckdb-database';
import { isoTexts, JSON_TYPE_CHECK_ROWS, jsonTemporalChecks, type JsonFormats } from './json-pinning';
import { jsonTooDeepSql } from './json-depth-sql';
import { inputTypeName, normalizedDuckDbType } from './type-names';

/** An input resolved to a SELECT over its file. */
export interface InputRelation {
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

/**
 * The SELECT reading input `ref`. With `estimateRows`, a CSV keeps the sniffer on (types still
 * pinned) when it reads the file as the options say, so DuckDB knows roughly how many rows it holds.
 */
export async function inputRelation(
  db: DuckDbDatabase,
  root: DataRoot,
  ref: string,
  source: InputSource,
  signal: AbortSignal | undefined,
  estimateRows = false,
): Promise<InputRelation> {
  const file = locateInputFile(root, source.path, ref);
  const options = readFormatOptions(source.format, source.options, ref);
  const identity = fileIdentity(file.absolute);
  const variant = `${estimateRows}\u0000${JSON.stringify(options)}`;
  const known = knownInputs.get(identity, variant);
  if (known !== undefined) {
    checkColumnMetadata(ref, source, known.columns);
    return known;
  }
  const relation = await describeInput(db, ref, source, file, options, signal, estimateRows);
  // A check cut short by an abort answers "keep DuckDB's detection", which holds but is slower.
  if (signal?.aborted !== true) knownInputs.remember(identity, variant, relation);
  checkColumnMetadata(ref, source, relation.columns);
  return relation;
}

/** Column names and DuckDB types of a query, without running it. */
export async function describeSql(db: DuckDbDatabase, sql: string, signal: AbortSignal | undefined, asset: string): Promise<{ name: string; type: string }[]> {
  const rows = await db.rows(`DESCRIBE ${sql}`, { signal, asset });
  return rows.map((r) => ({ name: String(r[0]), type: String(r[1]) }));
}

/**
 * Fails with E_READ_FAILED naming the asset and path when a JSON file nests deeper than DuckDB's
 * reader survives (see formats/json-depth-scan.ts), before read_json detects its columns.
 */
export async function refuseDeepJson(db: DuckDbDatabase, absolute: string, o: JsonOptions, asset: string, display: string, signal: AbortSignal | undefined): Promise<void> {
  let tooDeep = await jsonFileNestsTooDeep(absolute, o.compression, signal);
  if (tooDeep === 'unknown') tooDeep = await zstdJsonTooDeep(db, absolute, o, asset, signal);
  if (tooDeep) throw readFailed(asset, display, JSON_FILE_TOO_DEEP);
}

/**
 * The depth check of a zstd file, which Node cannot decompress: DuckDB reads each top-level value
 * as one JSON text (no column detection, its parser does not recurse) and the SQL bound checks it
 * (a record counts from its own braces, one level less than the file scan counts inside an
 * array). Records that do not parse are skipped here and reported by the read itself.
 */
async function zstdJsonTooDeep(db: DuckDbDatabase, absolute: string, o: JsonOptions, asset: string, signal: AbortSignal | undefined): Promise<boolean> {
  const values = `read_json(${sqlString(absolute)}, records=false, columns={'json': 'JSON'}, format=${sqlString(o.multiLine === false ? 'newline_delimited' : 'auto')}, compression='zstd', ignore_errors=true)`;
  const check = `CASE WHEN strlen("json") <= ${2 * MAX_JSON_DEPTH + 1} THEN false ELSE ${jsonTooDeepSql('"json"')} END`;
  const rows = await db.rows(`SELECT coalesce(bool_or(${check}), false) FROM ${values}`, { signal, asset });
  return rows[0]?.[0] === true;
}

async function describeInput(
  db: DuckDbDatabase,
  ref: string,
  source: InputSource,
  file: ResolvedPath,
  options: FormatOptions,
  signal: AbortSignal | undefined,
  estimateRows: boolean,
): Promise<InputRelation> {
  const format = formatModule(options);
  if (options.format === 'json') await refuseDeepJson(db, file.absolute, options.json, ref, source.path, signal);
  const fn = format.duckDbReadSql(file.absolute, options);
  let described: { name: string; type: string }[];
  try {
    described = await describeSql(db, `SELECT * FROM ${fn}`, signal, ref);
  } catch (e) {
    throw options.format === 'csv' ? explainSniffFailure(e, ref, file.absolute, source.path, options.csv) : e;
  }
  let from = fn;
  if (options.format === 'csv' && options.csv.inferSchema && described.length > 0) {
    const estimated = { pinnedColumns: described, estimateRows: 'read' } as const;
    const agrees = estimateRows && (await sniffAgrees(db, format.duckDbReadSql(file.absolute, options, { ...estimated, estimateRows: 'sniff' }), described, options.csv, signal));
    from = format.duckDbReadSql(file.absolute, options, agrees ? estimated : { pinnedColumns: described });
  } else if (options.format === 'json' && described.length > 0) {
    const readAs = (columns: readonly { name: string; type: string }[]): string => format.duckDbReadSql(file.absolute, options, { pinnedColumns: columns });
    if (await jsonTypesHold(db, readAs, described, options.json, signal)) from = readAs(described);
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
async function jsonTypesHold(
  db: DuckDbDatabase,
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
    const rows = await db.rows(`SELECT ${checked.map((c) => quoteIdentifier(c.name)).join(', ')} FROM ${asText} LIMIT ${JSON_TYPE_CHECK_ROWS}`, { signal });
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
async function sniffAgrees(db: DuckDbDatabase, sniffSql: string, described: readonly { name: string; type: string }[], csv: CsvOptions, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    const [row] = await db.rows(
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
  return engineError('E_READ_FAILED', { ...e.details, asset: ref, path: display, specCode: 'E-IO-001', problem: `cannot read the input: ${display}: ${reason}` }, { cause: e });
}
