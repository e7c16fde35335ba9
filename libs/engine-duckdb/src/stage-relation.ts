/**
 * Writing a relation to an output's temporary file (placed later by the executor's commit): the
 * mode check, then one COPY, or for `append` the existing rows and the new ones as the format's
 * append rules say (see formats/format-module.ts).
 */
import * as fs from 'node:fs';
import type { OutputSource } from '@pipeline/definition';
import {
  throwIfAborted,
  checkAppendColumns,
  concatenateAppend,
  readFormatOptions,
  type FormatOptions,
  formatModule,
  decideMode,
  prepareAtomicFile,
  skippedWrite,
  stagedFile,
  type StagedWrite,
  resolveInRoot,
  type DataRoot,
  sqlString,
} from '@pipeline/engine-core';
import { attributeReadError, type BlameRelation } from './blame';
import type { DuckDbDatabase } from './duckdb-database';
import { describeSql, refuseDeepJson } from './input-relation';

/**
 * Writes `rel` to output `ref`'s temporary file; `reads` are the inputs its statement streams (a
 * read failure is reported against the only one).
 */
export async function stageRelation(
  db: DuckDbDatabase,
  root: DataRoot,
  ref: string,
  rel: BlameRelation,
  source: OutputSource,
  signal: AbortSignal | undefined,
  reads: readonly string[] = [],
): Promise<StagedWrite> {
  const target = resolveInRoot(root, source.path, ref);
  const options = readFormatOptions(source.format, source.options, ref);
  if (decideMode(target.absolute, source.path, source.mode, ref) === 'skip') return skippedWrite(source.path);
  const copyOptions = intoOwnFile(formatModule(options).duckDbCopySql(options, target.absolute, ref));
  const file = prepareAtomicFile(target.absolute, source.path, ref);
  const parts: string[] = [];
  /** Runs a COPY (the rows it wrote) or a count (`counted`: the count it selected). */
  const run = async (sql: string, answer: 'copied' | 'counted' = 'copied'): Promise<number> => {
    try {
      const result = await db.run(sql, { signal, asset: ref });
      // A COPY answers its row count as changed rows: read without fetching its one-row result
      // back into JavaScript (a round trip through the thread pool and a vector conversion).
      if (answer === 'copied') return result.rowsChanged;
      const rows = (await result.getRowsJson()) as unknown[][];
      return Number(rows[0]?.[0] ?? 0);
    } catch (e) {
      throw attributeReadError(e, ref, reads);
    }
  };
  try {
    let rowsWritten: number;
    const appending = source.mode === 'append' && fs.existsSync(target.absolute);
    if (!appending) {
      rowsWritten = await run(`COPY (SELECT * FROM ${rel.name}) TO ${sqlString(file.tempPath)} ${copyOptions}`);
    } else {
      // The existing file is read back by read_json, as an input is.
      if (options.format === 'json') await refuseDeepJson(db, target.absolute, options.json, ref, source.path, signal);
      rowsWritten = await appendRows(db, ref, rel, options, target.absolute, file.tempPath, parts, run, signal);
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
 * append rules say; returns the rows added.
 */
async function appendRows(
  db: DuckDbDatabase,
  ref: string,
  rel: BlameRelation,
  options: FormatOptions,
  existing: string,
  tempPath: string,
  parts: string[],
  run: (sql: string, answer?: 'counted') => Promise<number>,
  signal: AbortSignal | undefined,
): Promise<number> {
  const format = formatModule(options);
  const rule = format.appendColumnRule(options);
  if (rule !== 'any') {
    const old = await describeSql(db, `SELECT * FROM ${format.duckDbReadSql(existing, options)}`, signal, ref);
    checkAppendColumns(ref, rule, old.map((c) => c.name), rel.columns.map((c) => c.name));
  }
  const method = format.appendMethod(existing, options);
  if (method !== 'concatenate') {
    const layout = method === 'rewrite-array' ? { jsonArray: true } : {};
    const existingFn = format.duckDbReadSql(existing, options, layout);
    const oldRows = await run(`SELECT count(*) FROM ${existingFn}`, 'counted');
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

/**
 * A COPY's options for a file only this backend writes (a staged output's temporary path, which is
 * renamed into place or removed): DuckDB's own temporary file and rename would only repeat that.
 */
export function intoOwnFile(copyOptions: string): string {
  if (!copyOptions.endsWith(')')) throw new Error(`COPY options must be parenthesised: ${copyOptions}`);
  return `${copyOptions.slice(0, -1)}, USE_TMP_FILE false)`;
}
