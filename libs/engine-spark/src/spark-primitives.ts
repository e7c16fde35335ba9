/**
 * The spark backend's primitives over one Spark Connect session: an input is a temporary view
 * over Spark's reader, a transformation a temporary view of its compiled SELECT (a cached one when
 * several steps read it), an output a directory Spark writes beside the destination and the
 * commit renames into place.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Relation, SparkSession } from '@pipeline/spark-connect';
import {
  bindSource,
  type Blame,
  checkColumnMetadata,
  type Column,
  type DataRoot,
  engineError,
  fileNotFound,
  isUnsupported,
  outputExists,
  type PlanPrimitives,
  readFormatOptions,
  type ReadStep,
  type RelationStep,
  resolveInRoot,
  type RunOptions,
  skippedWrite,
  type BoundTransform,
  unsupportedKind,
  withRowChecks,
} from '@pipeline/engine-core';
import { csvLinesAreRecords } from './csv-line-records';
import { blameLazy, type LazyView } from './spark-blame';
import { sparkFailure } from './spark-errors';
import { sparkMeasurer } from './spark-measure';
import { optionsClause, sparkFormat } from './format-options';
import { SPARK_KINDS, type SparkKind } from './kinds';
import { sharesDataRoot, sparkUri } from './spark-paths';
import { compiledWrite, observedRows, observedWritePlan, type SparkStageStep, writtenQuery } from './observed-write';
import { sparkIdentifier as q } from './sql-text';
import { renamePartExtensions, stagedDirectory, tempDirectoryFor } from './staged-directory';
import { portableTypeOf, sparkTypeOf } from './type-names';

/** An asset's relation on Spark: its temporary view (quoted) and columns, and what it is computed from. */
export interface SparkRelation extends LazyView {
  readonly name: string;
  readonly columns: readonly Column[];
  readonly cached: boolean;
}

/** Where a plan runs on Spark. */
export interface SparkRunContext {
  readonly session: SparkSession;
  readonly root: DataRoot;
  /** The data root as the cluster sees it (a URI prefix). */
  readonly sparkRoot: string;
  /** A new view name (unquoted), unique in the session. */
  nextName(prefix: string): string;
}

/** The SQL of one relation step over its upstream views, columns in portable types. */
export function relationSql(
  step: Pick<RelationStep, 'asset' | 'source'>,
  upstream: readonly { asset: string; name: string; columns: readonly Column[] }[],
): { sql: string; columns: readonly Column[]; transform: BoundTransform; relation?: Relation } {
  const kind = SPARK_KINDS[step.source.kind];
  if (isUnsupported(kind)) throw unsupportedKind(step.asset, step.source.kind, 'spark', kind.unsupported);
  const bound = bindSource(step.asset, step.source, upstream);
  const compiler = kind as SparkKind<typeof step.source.kind>;
  const names = upstream.map((u) => u.name);
  const sql = compiler.sql(bound as never, names);
  const relation = compiler.relation?.(bound as never, names);
  return { sql, columns: bound.columns, transform: bound.transform as BoundTransform, ...(relation === undefined ? {} : { relation }) };
}

/** The primitives of a run on `context`. */
export function sparkPrimitives(context: SparkRunContext): PlanPrimitives<SparkRelation> {
  const { session, root, sparkRoot } = context;
  const call = async <T>(blame: Blame | undefined, signal: AbortSignal | undefined, run: (o: { signal?: AbortSignal }) => Promise<T>): Promise<T> => {
    try {
      return await run(signal === undefined ? {} : { signal });
    } catch (e) {
      throw sparkFailure(e, blame);
    }
  };
  /** The columns Spark gives a query, in portable types (a type without one is refused, naming the column). */
  const portableColumns = async (sql: string, blame: Blame, signal: AbortSignal | undefined): Promise<Column[]> => {
    const fields = await call(blame, signal, (o) => session.schemaOf(sql, o));
    return fields.map((f) => {
      const type = portableTypeOf(f.type);
      if (type === null) throw engineError('E_TYPE', { asset: blame.asset, field: blame.field, problem: `column "${f.name}" has a Spark type with no portable counterpart` });
      return { name: f.name, type };
    });
  };
  let order = 0;
  /** What a relation step's view is computed from, for blaming a failure met later. */
  const lineage = (step: ReadStep | RelationStep, upstream: readonly SparkRelation[]): Pick<LazyView, 'step' | 'upstream'> =>
    step.op === 'read' ? {} : { step: { order: ++order, blame: step.blame }, upstream };
  /**
   * Keeps `sql` as a temporary view, cached (computed now) when several steps read it: a failure
   * computing it is blamed on the lazy view upstream that fails alone, if one does.
   */
  const store = async (step: ReadStep | RelationStep, sql: string, columns: readonly Column[], signal: AbortSignal | undefined, upstream: readonly SparkRelation[] = []): Promise<SparkRelation> => {
    const name = q(context.nextName(step.op === 'read' ? 'in' : 'v'));
    const cached = step.storage === 'table';
    const lazy: SparkRelation = { name, columns, cached: false, ...lineage(step, upstream) };
    if (!cached) {
      await call(step.blame, signal, (o) => session.sql(`CREATE TEMPORARY VIEW ${name} AS ${sql}`, o));
      return lazy;
    }
    try {
      await call(step.blame, signal, (o) => session.sql(`CACHE TABLE ${name} AS ${sql}`, o));
    } catch (e) {
      throw await blameLazy(session, e, upstream, signal);
    }
    return { ...lazy, cached: true };
  };
  /** Names a Spark Connect relation as the step's temporary view, cached when several steps read it. */
  const storeRelation = async (step: RelationStep, relation: Relation, columns: readonly Column[], signal: AbortSignal | undefined, upstream: readonly SparkRelation[]): Promise<SparkRelation> => {
    const name = context.nextName('v');
    const cached = step.storage === 'table';
    await call(step.blame, signal, (o) => session.execute({ command: { createDataframeView: { input: relation, name, isGlobal: false, replace: false } } }, o));
    const lazy: SparkRelation = { name: q(name), columns, cached: false, ...lineage(step, upstream) };
    if (!cached) return lazy;
    try {
      await call(step.blame, signal, (o) => session.sql(`CACHE TABLE ${q(name)}`, o));
    } catch (e) {
      throw await blameLazy(session, e, [lazy], signal);
    }
    return { ...lazy, cached: true };
  };
  return {
    async read(step, options: RunOptions) {
      const format = readFormatOptions(step.source.format, step.source.options, step.asset);
      const resolved = resolveInRoot(root, step.source.path, step.asset);
      if (!fs.existsSync(resolved.absolute) && sharesDataRoot(root, sparkRoot)) throw fileNotFound(step.asset, step.source.path);
      const { source, options: o } = sparkFormat(format, false);
      if (format.format === 'csv' && sharesDataRoot(root, sparkRoot) && (await csvLinesAreRecords(resolved.absolute, format.csv, options.signal))) o['multiLine'] = 'false';
      const view = q(context.nextName('src'));
      const using = `CREATE TEMPORARY VIEW ${view} USING ${source}${optionsClause({ ...o, path: sparkUri(root, sparkRoot, resolved.absolute) })}`;
      await call(step.blame, options.signal, (c) => session.sql(using, c));
      const columns = await portableColumns(`SELECT * FROM ${view}`, step.blame, options.signal);
      checkColumnMetadata(step.asset, step.source, columns);
      if (step.storage !== 'table') return { name: view, columns, cached: false };
      return store(step, `SELECT * FROM ${view}`, columns, options.signal);
    },
    async relation(step, upstream, _lookup, options) {
      const named = step.from.map((asset, i) => ({ asset, name: (upstream[i] as SparkRelation).name, columns: (upstream[i] as SparkRelation).columns }));
      const { sql, columns, relation, transform } = relationSql(step, named);
      if (relation !== undefined) return withRowChecks({ relation: await storeRelation(step, relation, columns, options.signal, upstream) }, transform);
      // Where Spark's own result type differs from the portable one (floor of a double is BIGINT
      // on Spark), the column is cast back, so every backend gives the same types.
      const described = await portableColumns(sql, step.blame, options.signal);
      const mismatch = described.some((c, i) => c.type !== columns[i]?.type);
      const typed = mismatch
        ? `SELECT ${columns.map((c, i) => (described[i]?.type === c.type ? q(c.name) : `CAST(${q(c.name)} AS ${sparkTypeOf(c.type)}) AS ${q(c.name)}`)).join(', ')} FROM (${sql})`
        : sql;
      return withRowChecks({ relation: await store(step, typed, columns, options.signal, upstream) }, transform);
    },
    async stage(step: SparkStageStep, from, _lookup, options) {
      const resolved = resolveInRoot(root, step.source.path, step.asset);
      if (!sharesDataRoot(root, sparkRoot)) {
        throw engineError('E_WRITE_FAILED', { asset: step.asset, path: step.source.path, problem: 'backend "spark" writes outputs only where this server can place them (the Spark data root must be the server\'s own data root)' });
      }
      const exists = fs.existsSync(resolved.absolute);
      if (exists && step.source.mode === 'error') throw outputExists(step.asset, step.source.path);
      if (exists && step.source.mode === 'ignore') return skippedWrite(step.source.path);
      fs.mkdirSync(path.dirname(resolved.absolute), { recursive: true });
      // The write explain printed: compiled with the plan, only the view and directory are this run's.
      const write = compiledWrite(step, from.columns);
      const temp = tempDirectoryFor(resolved.absolute);
      let rows: number;
      try {
        const written = await call(step.blame, options.signal, (c) => session.execute(observedWritePlan(writtenQuery(write.select, from.name), write, sparkUri(root, sparkRoot, temp)), c));
        // A Spark before 4.0 observes nothing on a write: the relation is counted instead.
        rows = observedRows(written) ?? Number((await call(step.blame, options.signal, (c) => session.sql(`SELECT count(*) FROM ${from.name}`, c))).rows[0]?.[0] ?? 0);
      } catch (e) {
        fs.rmSync(temp, { recursive: true, force: true });
        throw await blameLazy(session, e, [from], options.signal);
      }
      // Spark's text writer names its parts `.txt`: a JSON output's parts are named as JSON.
      if (step.source.format === 'json') renamePartExtensions(temp, '.txt', '.json');
      return stagedDirectory(temp, resolved.absolute, step.source.mode, rows, step.source.path, step.asset);
    },
    columns: (relation) => relation.columns,
    measurer: (relation, references) => sparkMeasurer(session, relation.name, Object.fromEntries(Object.entries(references).map(([asset, r]) => [asset, r.name]))),
    // Views are resolved by name when read, so a view stays while later views read it (the session's
    // release drops them all); a cached relation frees its memory once its last reader has run.
    async release(relation) {
      if (relation.cached) await call(undefined, undefined, (o) => session.sql(`UNCACHE TABLE IF EXISTS ${relation.name}`, o));
    },
  };
}
